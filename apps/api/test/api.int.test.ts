import { testEngines } from '@hydrolog/eventstore/testing';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_TENANTS, seedDemo } from '../../demo/src/index.ts';
import type { Services } from '../src/services.ts';
import { ACCOUNTS, injectAs, login, startApi } from './support.ts';

describe.each(testEngines())('API on $engine', (engine) => {
  let app: FastifyInstance;
  let services: Services;
  let api: ReturnType<typeof injectAs>;
  beforeAll(async () => {
    ({ app, services } = await startApi(engine));
    app.get('/prod-api/test/explode', async () => {
      throw new Error('secret internals: password=hunter2');
    });
    await app.ready();
    api = injectAs(app, await login(app, ...ACCOUNTS.platformAdmin));
  });
  afterAll(async () => {
    await app.close();
    await services.close();
  });

  const create = (body: unknown, language = 'en') =>
    api({
      method: 'POST',
      url: '/prod-api/system/tenant',
      payload: body as object,
      headers: { 'content-language': language },
    });

  it('reports health with the database engine and every projection', async () => {
    const res = await api('/prod-api/health');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      code: 200,
      data: { status: 'ok', database: { engine: engine.engine, ok: true }, eventStore: 'sql' },
    });
    expect(res.json().data.projections).toContainEqual({
      name: 'tenants',
      mode: 'inline',
      status: 'live',
      lag: 0,
    });
  });

  it('creates a tenant and the next list shows it', async () => {
    const res = await create({ name: 'Aqua Nova', trial: true, settings: { timeZone: 'Europe/Athens' } });
    expect(res.json()).toMatchObject({
      code: 200,
      data: { name: 'Aqua Nova', trial: true, userType: '02', trialDaysLeft: 180, version: 0 },
    });
    expect(res.json().data.settings).toMatchObject({
      timeZone: 'Europe/Athens',
      lcMeterRuler: 1,
      yzjMeterRuler: 1,
    });
    const list = await api('/prod-api/system/tenant/list?name=nova');
    expect(list.json()).toMatchObject({ code: 200, total: 1, rows: [{ name: 'Aqua Nova' }] });
  });

  it('refuses invalid input with 400 and field errors in the caller language, creating nothing', async () => {
    const before = (await api('/prod-api/system/tenant/list')).json().total;
    const res = await create({ name: '', settings: { timeZone: 'Mars/Olympus', initLat: 'north' } }, 'fr');
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.code).toBe(400);
    expect(body.msg).toBe('Certains champs ne sont pas valides');
    expect(body.errors).toEqual(
      expect.arrayContaining([
        { field: 'name', message: 'Obligatoire' },
        { field: 'settings.timeZone', message: 'Fuseau horaire inconnu' },
        { field: 'settings.initLat', message: expect.stringContaining('Type incorrect') },
      ]),
    );
    expect((await api('/prod-api/system/tenant/list')).json().total).toBe(before);
  });

  it('answers malformed JSON with 400 in the caller language', async () => {
    const res = await api({
      method: 'POST',
      url: '/prod-api/system/tenant',
      payload: '{"name": ',
      headers: { 'content-type': 'application/json', 'content-language': 'zh-CN' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 400, msg: '请求体不是有效的 JSON' });
  });

  it('renames with the version the caller saw and refuses a stale version, changing nothing', async () => {
    const tenant = (await create({ name: 'Versioned' })).json().data;
    const rename = (version: number, name: string) =>
      api({
        method: 'PUT',
        url: '/prod-api/system/tenant',
        payload: { tenantId: tenant.tenantId, version, name },
        headers: { 'content-language': 'id' },
      });
    const first = await rename(0, 'Versioned 2');
    expect(first.json()).toMatchObject({ code: 200, data: { name: 'Versioned 2', version: 1 } });
    const stale = await rename(0, 'Lost update');
    expect(stale.json()).toMatchObject({
      code: 500,
      key: 'error.staleVersion',
      msg: 'Data ini telah diubah orang lain; muat ulang lalu coba lagi',
    });
    const now = await api(`/prod-api/system/tenant/${tenant.tenantId}`);
    expect(now.json().data).toMatchObject({ name: 'Versioned 2', version: 1 });
  });

  it('answers an unknown tenant id with a not-found message and a malformed id with 400', async () => {
    const unknown = await api('/prod-api/system/tenant/00000000-0000-7000-8000-0000000000ff');
    expect(unknown.json()).toMatchObject({
      code: 500,
      key: 'error.tenant.notFound',
      msg: 'Tenant not found',
    });
    const update = await api({
      method: 'PUT',
      url: '/prod-api/system/tenant',
      payload: { tenantId: '00000000-0000-7000-8000-0000000000ff', version: 0, name: 'x' },
    });
    expect(update.json()).toMatchObject({ code: 500, key: 'error.tenant.notFound' });
    expect((await api('/prod-api/system/tenant/not-a-uuid')).statusCode).toBe(400);
  });

  it('answers the unexpected with 500, a correlation id and no internals', async () => {
    const res = await api('/prod-api/test/explode');
    expect(res.statusCode).toBe(500);
    expect(res.body).not.toContain('hunter2');
    expect(res.body).not.toContain('secret');
    const correlationId = res.headers['x-correlation-id'] as string;
    expect(res.json()).toMatchObject({ code: 500, key: 'error.internal' });
    expect(res.json().msg).toContain(correlationId);
  });

  it('sends the security headers, and keeps API answers out of every cache', async () => {
    for (const res of [
      await api('/prod-api/system/user/getInfo'),
      await app.inject('/prod-api/system/user/getInfo'),
    ]) {
      expect(res.headers).toMatchObject({
        'x-content-type-options': 'nosniff',
        'referrer-policy': 'same-origin',
        'x-frame-options': 'DENY',
        'cache-control': 'no-store',
      });
      const csp = String(res.headers['content-security-policy']);
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("script-src 'self';");
      expect(csp).not.toMatch(/script-src[^;]*unsafe/);
    }
  });

  it('answers an unknown API path with the 404 envelope', async () => {
    const res = await api('/prod-api/no/such/thing');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 500, key: 'http.404' });
  });

  it('serves the OpenAPI document generated from the zod schemas', async () => {
    const res = await api('/prod-api/docs/json');
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/prod-api/system/tenant', '/prod-api/health']),
    );
    expect(JSON.stringify(doc.paths['/prod-api/system/tenant'].post)).toContain('timeZone');
  });

  it('seeds the demo tenants once', async () => {
    // startApi seeded them: a second start leaves them alone.
    expect(await seedDemo(services, { captchaEnabled: false })).toBe(0);
    const all = (await api('/prod-api/system/tenant/list')).json();
    expect(all.rows.map((t: { name: string }) => t.name)).toEqual(
      expect.arrayContaining(DEMO_TENANTS.map((t) => t.name)),
    );
    const list = (await api('/prod-api/system/tenant/list?name=Trial Water')).json();
    expect(list.rows[0]).toMatchObject({ name: 'Trial Water Co.', userType: '02' });
  });
});
