import { testEngines } from '@hydrolog/eventstore/testing';
import { API_PREFIX, apiRoutes, type RouteSchemas } from '@hydrolog/schemas';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { Services } from '../src/services.ts';
import { startApi } from './support.ts';

/** What a schema describes on the wire; an answer's envelope is built per route, so it is compared by this. */
const described = (schema: unknown) =>
  schema === undefined ? undefined : z.toJSONSchema(schema as z.ZodType, { unrepresentable: 'any' });

/**
 * The browser types its calls from the route contract of @hydrolog/schemas: every entry must be a route of the
 * API, with the very query and body schemas the route registered and an answer that describes the same envelope.
 */
describe('the route contract of the browser', () => {
  let app: FastifyInstance;
  let services: Services;
  beforeAll(async () => {
    ({ app, services } = await startApi(testEngines()[0]!));
  });
  afterAll(async () => {
    await app.close();
    await services.close();
  });

  it.each(Object.entries(apiRoutes as Record<string, RouteSchemas>))('%s', (key, contract) => {
    const [method, path] = key.split(' ');
    const route = app.apiRoutes.find((r) => r.method === method && r.url === API_PREFIX + path);
    expect(route, `${key} is no route of the API`).toBeDefined();
    const schema = (route?.schema ?? {}) as {
      querystring?: unknown;
      body?: unknown;
      consumes?: string[];
      response?: Record<number, z.ZodUnion<[z.ZodType, z.ZodType]>>;
    };
    expect(schema.querystring, 'query').toBe(contract.query);
    expect(schema.body, 'body').toBe(contract.body);
    expect(schema.consumes?.includes('multipart/form-data') === true, 'multipart').toBe(
      contract.multipart === true,
    );
    expect(described(schema.response?.[200]?.options[0]), 'answer').toEqual(described(contract.answer));
  });
});
