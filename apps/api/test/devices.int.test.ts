import { testEngines } from '@hydrolog/eventstore/testing';
import { uuidv7 } from '@hydrolog/schemas';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerMeters, registerMeterType } from '../src/meters/index.ts';
import type { Services } from '../src/services.ts';
import { signInTenantUsers, startApi } from './support.ts';

const DEMO_TENANT = '00000000-0000-7000-8000-000000000002';
const EN = { 'content-language': 'en' };

describe.each(testEngines())('concentrators and flow meters on $engine', (engine) => {
  let app: FastifyInstance;
  let services: Services;
  let users: Awaited<ReturnType<typeof signInTenantUsers>>;
  let meterTypeId: string;

  const eventCount = async () =>
    (
      await services.db.query<{ n: number }>(
        "SELECT count(*)::int AS n FROM es.events WHERE type <> 'OperationLogged'",
      )
    ).rows[0]!.n;
  const upload = (key: string, readings: object[]) =>
    app.inject({
      method: 'POST',
      url: '/ingest/v1/readings',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      payload: JSON.stringify({ batchId: uuidv7(), readings }),
    });
  const concentrators = async (query = '') =>
    (await users.admin(`/prod-api/device/concentrator/list?number=E2&pageSize=50${query}`)).json();

  beforeAll(async () => {
    ({ app, services } = await startApi(engine));
    users = await signInTenantUsers(app);
    const metadata = { tenantId: DEMO_TENANT, correlationId: uuidv7() };
    meterTypeId = await registerMeterType(services.store, metadata, {
      name: 'District flow',
      billingMode: 'postpaid',
      valveControl: false,
      communication: 'nbiot',
      cardKind: 'none',
      reportIntervalMinutes: 15,
    });
    await registerMeters(services.store, metadata, [{ meterNo: '880001', meterTypeId }]);
  }, 180_000);
  afterAll(async () => {
    await app.close();
    await services.close();
  });

  describe('concentrators', () => {
    it('registers a concentrator with its gateway key, and shows it offline until it uploads', async () => {
      const before = await eventCount();
      const bad = await users.admin({
        method: 'POST',
        url: '/prod-api/device/concentrator',
        payload: { number: ' ', remark: 'x'.repeat(101) },
        headers: EN,
      });
      expect(bad.statusCode).toBe(400);
      expect(
        bad
          .json()
          .errors.map((e: { field: string }) => e.field)
          .sort(),
      ).toEqual(['manufacturer', 'number', 'remark']);
      expect(await eventCount()).toBe(before);

      const created = await users.admin({
        method: 'POST',
        url: '/prod-api/device/concentrator',
        payload: { number: 'E2-North', manufacturer: 'Acme', remark: 'Pump house' },
      });
      expect(created.json()).toMatchObject({ code: 200, data: { key: expect.any(String) } });
      const { concentratorId } = created.json().data;
      expect((await concentrators()).rows).toEqual([
        expect.objectContaining({
          concentratorId,
          number: 'E2-North',
          manufacturer: 'Acme',
          remark: 'Pump house',
          communication: 'offline',
          meterCount: 0,
          statusChangeTime: null,
        }),
      ]);
      // The same registry: the gateways page lists it as a concentrator.
      const gateways = (await users.admin('/prod-api/ingest/gateway/list?name=E2-North')).json().rows;
      expect(gateways).toEqual([
        expect.objectContaining({ gatewayId: concentratorId, kind: 'concentrator' }),
      ]);
    });

    it('goes online with its first upload, and is then neither changed nor deleted while it relays a meter', async () => {
      const created = await users.admin({
        method: 'POST',
        url: '/prod-api/device/concentrator',
        payload: { number: 'E2-South', manufacturer: 'Acme' },
      });
      const { concentratorId, key } = created.json().data;
      const ts = new Date(Date.now() - 60_000).toISOString();
      expect((await upload(key, [{ meterNo: '880001', ts, total: 12.5 }])).statusCode).toBe(202);
      await services.runner.catchUp('readings');

      const south = (await users.admin(`/prod-api/device/concentrator/${concentratorId}`)).json().data;
      expect(south).toMatchObject({ communication: 'online', meterCount: 1 });
      expect(Date.parse(south.statusChangeTime)).toBeGreaterThan(Date.now() - 60_000);
      expect(
        (await concentrators('&communication=online')).rows.map((r: { number: string }) => r.number),
      ).toEqual(['E2-South']);
      expect(
        (await concentrators('&communication=offline')).rows.map((r: { number: string }) => r.number),
      ).toEqual(['E2-North']);

      const before = await eventCount();
      const changed = await users.admin({
        method: 'PUT',
        url: '/prod-api/device/concentrator',
        payload: { concentratorId, number: 'E2-South', manufacturer: 'Other', version: south.version },
        headers: EN,
      });
      expect(changed.json()).toMatchObject({
        code: 500,
        msg: 'Cannot operation a concentrator with an associated meter!',
      });
      const deleted = await users.admin({
        method: 'DELETE',
        url: `/prod-api/device/concentrator/${concentratorId}`,
        headers: { 'content-language': 'fr' },
      });
      expect(deleted.json().msg).toBe(
        'Impossible d’agir sur un concentrateur auquel des compteurs sont associés !',
      );
      // Nor through the gateways page: one rule for the one registry.
      const revoked = await users.admin({
        method: 'DELETE',
        url: `/prod-api/ingest/gateway/${concentratorId}`,
      });
      expect(revoked.json().key).toBe('error.concentrator.withMeters');
      expect(await eventCount()).toBe(before);
    });

    it('changes and deletes one without meters; the deleted one is gone and its key revoked', async () => {
      const [north] = (await concentrators('&communication=offline')).rows;
      const changed = await users.admin({
        method: 'PUT',
        url: '/prod-api/device/concentrator',
        payload: {
          concentratorId: north.concentratorId,
          number: 'E2-North-1',
          manufacturer: 'Acme',
          version: north.version,
        },
      });
      expect(changed.json()).toMatchObject({ code: 200, data: { number: 'E2-North-1', remark: null } });
      const deleted = await users.admin({
        method: 'DELETE',
        url: `/prod-api/device/concentrator/${north.concentratorId}`,
      });
      expect(deleted.json().code).toBe(200);
      expect((await users.admin(`/prod-api/device/concentrator/${north.concentratorId}`)).json().key).toBe(
        'error.concentrator.notFound',
      );
      const gateway = (await users.admin(`/prod-api/ingest/gateway/${north.concentratorId}`)).json().data;
      expect(gateway.status).toBe('revoked');
    });

    it('lets a viewer read but not write, and keeps another tenant away', async () => {
      const [south] = (await concentrators()).rows;
      expect((await users.viewer('/prod-api/device/concentrator/list')).json().code).toBe(200);
      const added = await users.viewer({
        method: 'POST',
        url: '/prod-api/device/concentrator',
        payload: { number: 'E2-Viewer', manufacturer: 'Acme' },
      });
      expect(added.statusCode).toBe(403);
      expect((await users.trial(`/prod-api/device/concentrator/${south.concentratorId}`)).json().key).toBe(
        'error.concentrator.notFound',
      );
      expect(
        (
          await users.trial({
            method: 'DELETE',
            url: `/prod-api/device/concentrator/${south.concentratorId}`,
          })
        ).json().key,
      ).toBe('error.concentrator.notFound');
      expect((await users.trial('/prod-api/device/concentrator/list?number=E2')).json().total).toBe(0);
      const exported = await users.admin({
        method: 'POST',
        url: '/prod-api/device/concentrator/export',
        payload: {},
      });
      expect(exported.headers['content-type']).toContain('spreadsheetml');
    });
  });
});
