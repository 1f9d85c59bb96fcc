import { testEngines } from '@hydrolog/eventstore/testing';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Services } from '../src/services.ts';
import { ACCOUNTS, encryptPassword, injectAs, login, startApi } from './support.ts';

/** Text no person types: a NUL, and halves of a surrogate pair (each alone, and in the wrong order). */
const BROKEN = ['a\u0000b', '\ud800', 'x\udc00y', '\udc00\ud800'];

/** Percent-encoding that also carries a half surrogate pair (as its WTF-8 bytes), which encodeURIComponent refuses. */
function encode(text: string): string {
  return [...text]
    .map((c) => {
      const code = c.charCodeAt(0);
      if (code < 0xd800 || code > 0xdfff) return encodeURIComponent(c);
      return [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)]
        .map((byte) => `%${byte.toString(16).toUpperCase()}`)
        .join('');
    })
    .join('');
}

interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
}

/** A value of `schema` with `text` in every string (numbers and flags left valid). */
function filled(schema: JsonSchema | undefined, text: string): unknown {
  if (!schema) return text;
  const choice = schema.anyOf?.[0] ?? schema.oneOf?.[0] ?? schema.allOf?.[0];
  if (choice) return filled(choice, text);
  const type = [schema.type].flat()[0];
  if (type === 'object' || schema.properties)
    return Object.fromEntries(Object.entries(schema.properties ?? {}).map(([k, v]) => [k, filled(v, text)]));
  if (type === 'array') return [filled(schema.items, text)];
  if (type === 'integer' || type === 'number') return 1;
  if (type === 'boolean') return true;
  return text;
}

interface Operation {
  parameters?: { in: string; name: string; schema?: JsonSchema }[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}

describe.each(testEngines())('text a person never types, on $engine', (engine) => {
  let app: FastifyInstance;
  let services: Services;
  let callers: { name: string; inject: ReturnType<typeof injectAs> }[];
  beforeAll(async () => {
    ({ app, services } = await startApi(engine));
    callers = [
      { name: 'anonymous', inject: (options) => app.inject(options as never) },
      { name: 'tenant admin', inject: injectAs(app, await login(app, ...ACCOUNTS.demoAdmin)) },
      { name: 'platform admin', inject: injectAs(app, await login(app, ...ACCOUNTS.platformAdmin)) },
    ];
  });
  afterAll(async () => {
    await app.close();
    await services.close();
  });

  it("refuses it in a login with a 400 in the caller's language, before any check of the account", async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/prod-api/auth/login',
      headers: { 'content-language': 'fr' },
      payload: { username: 'demo\u0000admin', password: await encryptPassword(app, 'x'), rememberMe: false },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 400,
      errors: [
        { field: 'username', message: 'Contient un caractère interdit (NUL ou caractère Unicode incomplet)' },
      ],
    });
  });

  it('never answers 5xx on any route of the OpenAPI document', async () => {
    const doc = (await app.inject('/prod-api/docs/json')).json() as {
      paths: Record<string, Record<string, Operation>>;
    };
    const failures: string[] = [];
    let fuzzed = 0;
    for (const [path, operations] of Object.entries(doc.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        const parameters = operation.parameters ?? [];
        const body = operation.requestBody?.content?.['application/json']?.schema;
        // Nothing to put the text in: a route without input (logout among them) is left out.
        if (parameters.length === 0 && !body) continue;
        for (const text of BROKEN) {
          const query = parameters
            .filter((p) => p.in === 'query')
            .map((p) => `${p.name}=${encode(text)}`)
            .join('&');
          const url = `${path.replace(/\{(\w+)\}/g, () => encode(text))}${query ? `?${query}` : ''}`;
          for (const caller of callers) {
            const res = await caller.inject({
              method: method.toUpperCase() as 'GET',
              url,
              ...(body ? { payload: filled(body, text) as object } : {}),
            });
            fuzzed++;
            if (res.statusCode >= 500)
              failures.push(`${caller.name} ${method} ${path} ${JSON.stringify(text)}: ${res.statusCode}`);
          }
        }
      }
    }
    expect(fuzzed).toBeGreaterThan(500);
    expect(failures).toEqual([]);
  });
});
