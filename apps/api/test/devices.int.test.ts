import { localDate } from '@hydrolog/domain';
import { testEngines } from '@hydrolog/eventstore/testing';
import { uuidv7 } from '@hydrolog/schemas';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { evaluatePressureAlarms } from '../src/devices/index.ts';
import { registerMeters, registerMeterType } from '../src/meters/index.ts';
import type { Services } from '../src/services.ts';
import { signInTenantUsers, startApi, uploadReadings } from './support.ts';

const DEMO_TENANT = '00000000-0000-7000-8000-000000000002';
const EN = { 'content-language': 'en' };

describe.each(testEngines())('concentrators, flow and pressure meters on $engine', (engine) => {
  let app: FastifyInstance;
  let services: Services;
  let users: Awaited<ReturnType<typeof signInTenantUsers>>;
  let meterTypeId: string;
  let registeredMeterId: string;

  const eventCount = async () =>
    (
      await services.db.query<{ n: number }>(
        "SELECT count(*)::int AS n FROM es.events WHERE type <> 'OperationLogged'",
      )
    ).rows[0]!.n;
  const upload = (key: string, readings: object[]) => uploadReadings(app, key, readings);
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
    const [, meterId] = await registerMeters(services.store, metadata, [
      { meterNo: '880001', meterTypeId },
      { meterNo: '12345678902', meterTypeId },
    ]);
    registeredMeterId = meterId!;
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

    it('is listed among the devices from the one registry, and is never registered or deleted as a device', async () => {
      const listed = (
        await users.admin('/prod-api/device/device/list?deviceType=concentrator&deviceName=E2&pageSize=50')
      ).json().rows;
      const south = (await concentrators('&communication=online')).rows[0];
      expect(
        listed.map((r: { deviceCode: string; registry: string; status: string }) => [
          r.deviceCode,
          r.registry,
          r.status,
        ]),
      ).toEqual(
        expect.arrayContaining([
          ['E2-North', 'concentrators', 'offline'],
          ['E2-South', 'concentrators', 'online'],
        ]),
      );
      expect(listed).toHaveLength(2);
      const listedSouth = listed.find((r: { deviceCode: string }) => r.deviceCode === 'E2-South');
      // Its place is where the meters it relays stand: these have none yet.
      expect(listedSouth).toMatchObject({
        deviceId: south.concentratorId,
        manufacturer: 'Acme',
        longitude: null,
      });

      const before = await eventCount();
      const registered = await users.admin({
        method: 'POST',
        url: '/prod-api/device/device',
        payload: {
          deviceCode: 'E2-West',
          deviceName: 'West concentrator',
          deviceType: 'concentrator',
          status: 'online',
          longitude: 120.1,
          latitude: 30.2,
          mapType: 0,
        },
        headers: { 'content-language': 'zh-CN' },
      });
      expect(registered.json()).toMatchObject({
        key: 'validation.device.concentrator',
        msg: '集中器请在集中器页面登记，并在那里获取网关密钥',
      });
      const deleted = await users.admin({
        method: 'DELETE',
        url: `/prod-api/device/device/${south.concentratorId}`,
      });
      expect(deleted.json().key).toBe('error.device.notFound');
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

  describe('flow meters', () => {
    const flowMeter = {
      kind: 'district',
      rtuAddress: '1234567890',
      installationPosition: 'North reservoir outlet',
      caliber: 300,
      manufacturer: 'Acme',
      communicationMode: 'nbiot',
      powerSupplyMode: 'mains',
      dailyFreeze: true,
    };
    const create = (payload: object, as = users.admin, headers = EN) =>
      as({ method: 'POST', url: '/prod-api/device/flow', payload, headers });

    it('refuses bad addresses under their fields in the caller language, and changes nothing', async () => {
      const before = await eventCount();
      const bad = await create(
        { ...flowMeter, rtuAddress: '123456789', meterAddress: '1234567890', meterTypeId },
        users.admin,
        { 'content-language': 'zh-CN' },
      );
      expect(bad.statusCode).toBe(400);
      expect(bad.json().errors).toEqual(
        expect.arrayContaining([
          { field: 'rtuAddress', message: 'RTU地址码必须为10位数字' },
          { field: 'meterAddress', message: '表地址必须为11至13位数字' },
        ]),
      );
      expect(await eventCount()).toBe(before);
    });

    it('registers a new meter address as a meter and a flow meter, which shows the latest values its gateway reports', async () => {
      const created = await create({ ...flowMeter, meterAddress: '12345678901', meterTypeId });
      expect(created.json()).toMatchObject({
        code: 200,
        data: { ...flowMeter, meterAddress: '12345678901', meterTypeName: 'District flow', latest: null },
      });
      const { flowMeterId } = created.json().data;
      // The same meter in the registry: its readings, volumes and partitions are every meter's.
      const meters = (await users.admin('/prod-api/business/meter/list?meterNo=12345678901')).json().rows;
      expect(meters).toEqual([expect.objectContaining({ meterId: flowMeterId })]);

      const gateway = await users.admin({
        method: 'POST',
        url: '/prod-api/device/concentrator',
        payload: { number: 'Flow RTU gateway', manufacturer: 'Acme' },
      });
      const ts = new Date(Date.now() - 120_000).toISOString();
      const reading = { meterNo: '12345678901', ts, total: 1520.25, reverseTotal: 3.5, flow: 86.4 };
      const channels = { pressure: 0.32, pressure2: 0.29, battery: 3.58, signal: -67 };
      const uploaded = await upload(gateway.json().data.key, [{ ...reading, ...channels }]);
      expect(uploaded.json()).toMatchObject({ accepted: 1, rejected: [] });
      await services.runner.catchUp('readings');
      const shown = (await users.admin(`/prod-api/device/flow/${flowMeterId}`)).json().data;
      expect(shown.latest).toEqual({
        collectionTime: ts,
        instantaneousFlow: 86.4,
        forwardTotal: 1520.25,
        reverseTotal: 3.5,
        pressure1: 0.32,
        pressure2: 0.29,
        battery: 3.58,
        signal: -67,
      });
      const list = (await users.admin('/prod-api/device/flow/list?address=5678901&kind=district')).json();
      expect(list).toMatchObject({ total: 1, rows: [{ flowMeterId }] });

      const again = await create({ ...flowMeter, meterAddress: '12345678901', meterTypeId });
      expect(again.json()).toMatchObject({ code: 500, msg: 'This meter address is already a flow meter' });
    });

    it('makes a meter already registered a flow meter, changes it, and deletes it leaving the meter', async () => {
      const created = await create({ ...flowMeter, meterAddress: '12345678902', meterTypeId, kind: 'bulk' });
      const view = created.json().data;
      expect(view.flowMeterId).toBe(registeredMeterId);
      const changed = await users.admin({
        method: 'PUT',
        url: '/prod-api/device/flow',
        payload: { ...flowMeter, flowMeterId: view.flowMeterId, caliber: 150, version: view.version },
      });
      expect(changed.json()).toMatchObject({
        code: 200,
        data: { caliber: 150, kind: 'district', meterAddress: '12345678902' },
      });
      const stale = await users.admin({
        method: 'PUT',
        url: '/prod-api/device/flow',
        payload: { ...flowMeter, flowMeterId: view.flowMeterId, version: view.version },
      });
      expect(stale.json().key).toBe('error.staleVersion');

      const deleted = await users.admin({
        method: 'DELETE',
        url: `/prod-api/device/flow/${view.flowMeterId}`,
      });
      expect(deleted.json().code).toBe(200);
      expect((await users.admin(`/prod-api/device/flow/${view.flowMeterId}`)).json().key).toBe(
        'error.flowMeter.notFound',
      );
      const meters = (await users.admin('/prod-api/business/meter/list?meterNo=12345678902')).json().rows;
      expect(meters).toHaveLength(1);
    });

    it('lets a viewer read but not write, and keeps another tenant and its meter types away', async () => {
      const [own] = (await users.admin('/prod-api/device/flow/list')).json().rows;
      expect((await users.viewer('/prod-api/device/flow/list')).json().total).toBeGreaterThan(0);
      expect(
        (await create({ ...flowMeter, meterAddress: '12345678903', meterTypeId }, users.viewer)).statusCode,
      ).toBe(403);
      expect((await users.trial(`/prod-api/device/flow/${own.flowMeterId}`)).json().key).toBe(
        'error.flowMeter.notFound',
      );
      expect(
        (await users.trial({ method: 'DELETE', url: `/prod-api/device/flow/${own.flowMeterId}` })).json().key,
      ).toBe('error.flowMeter.notFound');
      // Another tenant's meter type is none of the caller's.
      const foreignType = await create(
        { ...flowMeter, meterAddress: '12345678904', meterTypeId },
        users.trial,
      );
      expect(foreignType.json().key).toBe('error.meterType.notFound');
      const exported = await users.admin({
        method: 'POST',
        url: '/prod-api/device/flow/export',
        payload: {},
      });
      expect(exported.headers['content-type']).toContain('spreadsheetml');
    });
  });

  describe('pressure meters', () => {
    const pressureMeter = {
      monitoringSite: 'Hill reservoir outlet',
      rtuAddress: '123456789012',
      dataSource: 1,
      communicationMode: 'nbiot',
      powerSupplyMode: 'battery',
      upperLimit: 0.5,
      lowerLimit: 0.2,
      longitude: 106.8,
      latitude: -6.2,
      address: 'Jl. Bukit 2',
    };
    const create = (payload: object, as = users.admin, headers = EN) =>
      as({ method: 'POST', url: '/prod-api/device/pressure', payload, headers });

    it('refuses a bad device number, RTU address, missing site and limits out of order under their fields, and changes nothing', async () => {
      const before = await eventCount();
      const bad = await create(
        { ...pressureMeter, monitoringSite: ' ', rtuAddress: '123', deviceNumber: '12a', meterTypeId },
        users.admin,
        { 'content-language': 'fr' },
      );
      expect(bad.statusCode).toBe(400);
      expect(bad.json().errors).toEqual(
        expect.arrayContaining([
          { field: 'rtuAddress', message: "L'adresse RTU doit compter de 10 à 20 chiffres" },
          { field: 'deviceNumber', message: "Le numéro d'appareil doit être numérique, 20 chiffres au plus" },
          expect.objectContaining({ field: 'monitoringSite' }),
        ]),
      );
      const limits = await create({ ...pressureMeter, lowerLimit: 0.6, deviceNumber: '7001', meterTypeId });
      expect(limits.statusCode).toBe(400);
      expect(limits.json().errors).toEqual([
        { field: 'lowerLimit', message: 'The lower limit must be below the upper limit' },
      ]);
      expect(await eventCount()).toBe(before);
    });

    it('registers a device number as a meter and a pressure meter whose state follows its latest pressure; analyses its day and trend', async () => {
      const created = await create({ ...pressureMeter, deviceNumber: '70000000000000000001', meterTypeId });
      expect(created.json()).toMatchObject({
        code: 200,
        data: { ...pressureMeter, deviceNumber: '70000000000000000001', state: 'unknown', pressure: null },
      });
      const { pressureMeterId } = created.json().data;
      const again = await create({ ...pressureMeter, deviceNumber: '70000000000000000001', meterTypeId });
      expect(again.json().key).toBe('error.pressureMeter.exists');

      const gateway = await users.admin({
        method: 'POST',
        url: '/prod-api/device/concentrator',
        payload: { number: 'Pressure RTU gateway', manufacturer: 'Acme' },
      });
      const at = (minutesAgo: number) => new Date(Date.now() - minutesAgo * 60_000).toISOString();
      const readings = [0.3, 0.7].map((pressure, i) => ({
        meterNo: '70000000000000000001',
        ts: at(4 - i * 2),
        total: 0,
        pressure,
      }));
      expect((await upload(gateway.json().data.key, readings)).json()).toMatchObject({ accepted: 2 });
      await services.runner.catchUp('readings');
      const shown = (await users.admin(`/prod-api/device/pressure/${pressureMeterId}`)).json().data;
      expect(shown).toMatchObject({ pressure: 0.7, state: 'alarm' });
      const alarms = (await users.admin('/prod-api/device/pressure/list?state=alarm')).json();
      expect(alarms).toMatchObject({ total: 1, rows: [{ pressureMeterId }] });

      const trend = (await users.admin(`/prod-api/device/pressure/${pressureMeterId}/trend?days=7`)).json()
        .data;
      expect(trend.days).toHaveLength(7);
      const today = trend.days.at(-1).day;
      expect(trend.days.filter((d: { max: number | null }) => d.max !== null).length).toBeGreaterThan(0);
      // Without a day, the analysis is of the tenant's today: the readings of that day, whatever the hour.
      const analysis = (await users.admin(`/prod-api/device/pressure/${pressureMeterId}/analysis`)).json()
        .data;
      expect(analysis).toMatchObject({
        day: today,
        timeZone: 'Asia/Shanghai',
        upperLimit: 0.5,
        lowerLimit: 0.2,
      });
      const todays = readings.filter((r) => localDate(Date.parse(r.ts), analysis.timeZone) === today);
      expect(analysis.points.map((p: { pressure: number }) => p.pressure)).toEqual(
        todays.map((r) => r.pressure),
      );
      expect(analysis.max).toBe(Math.max(...todays.map((r) => r.pressure)));
      expect(
        (await users.admin(`/prod-api/device/pressure/${pressureMeterId}/analysis?day=${today}`)).json().data,
      ).toEqual(analysis);
      expect(
        (await users.admin(`/prod-api/device/pressure/${pressureMeterId}/trend?days=9`)).statusCode,
      ).toBe(400);

      // The periodic check raises one alarm per kind of the day: above the upper limit, and the abrupt rise.
      const raised = await evaluatePressureAlarms(services, DEMO_TENANT, today);
      expect(raised.map((a) => [a.kind, a.value, a.limit]).sort()).toEqual([
        ['abrupt', 0.4, 0.1],
        ['high', 0.7, 0.5],
      ]);
      expect(await evaluatePressureAlarms(services, DEMO_TENANT, today)).toEqual([]);
      const listed = (
        await users.admin(`/prod-api/device/pressure/alarm/list?pressureMeterId=${pressureMeterId}`)
      ).json();
      expect(listed).toMatchObject({ total: 2 });
      expect(listed.rows[0]).toMatchObject({ deviceNumber: '70000000000000000001', day: today });
      expect((await users.trial('/prod-api/device/pressure/alarm/list')).json().total).toBe(0);

      const changed = await users.admin({
        method: 'PUT',
        url: '/prod-api/device/pressure',
        payload: { ...pressureMeter, upperLimit: 0.8, pressureMeterId, version: shown.version },
      });
      expect(changed.json()).toMatchObject({ code: 200, data: { upperLimit: 0.8, state: 'normal' } });
    });

    it('lets a viewer read but not write, keeps another tenant away, and deletes leaving the meter', async () => {
      const [own] = (await users.admin('/prod-api/device/pressure/list')).json().rows;
      expect((await users.viewer('/prod-api/device/pressure/list')).json().total).toBeGreaterThan(0);
      expect(
        (await create({ ...pressureMeter, deviceNumber: '7002', meterTypeId }, users.viewer)).statusCode,
      ).toBe(403);
      expect((await users.trial(`/prod-api/device/pressure/${own.pressureMeterId}`)).json().key).toBe(
        'error.pressureMeter.notFound',
      );
      expect(
        (await users.trial(`/prod-api/device/pressure/${own.pressureMeterId}/analysis?day=2026-01-01`)).json()
          .key,
      ).toBe('error.pressureMeter.notFound');
      expect(
        (
          await users.trial({ method: 'DELETE', url: `/prod-api/device/pressure/${own.pressureMeterId}` })
        ).json().key,
      ).toBe('error.pressureMeter.notFound');
      const exported = await users.admin({
        method: 'POST',
        url: '/prod-api/device/pressure/export',
        payload: {},
      });
      expect(exported.headers['content-type']).toContain('spreadsheetml');

      const deleted = await users.admin({
        method: 'DELETE',
        url: `/prod-api/device/pressure/${own.pressureMeterId}`,
      });
      expect(deleted.json().code).toBe(200);
      const meters = (await users.admin(`/prod-api/business/meter/list?meterNo=${own.deviceNumber}`)).json()
        .rows;
      expect(meters).toHaveLength(1);
    });
  });
});
