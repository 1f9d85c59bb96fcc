import { testEngines } from '@hydrolog/eventstore/testing';
import { accountDailyConsumption, meterDailyVolumes, withTenant } from '@hydrolog/projections';
import { uuidv7 } from '@hydrolog/schemas';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerMeters, registerMeterType } from '../src/meters/index.ts';
import type { Services } from '../src/services.ts';
import { ACCOUNTS, injectAs, login, startApi, uploadReadings } from './support.ts';

const DEMO_TENANT = '00000000-0000-7000-8000-000000000002';
const TRIAL_TENANT = '00000000-0000-7000-8000-000000000003';
/** The demo tenant's zone (seed): Asia/Shanghai, UTC+8 all year. */
const DEMO_ZONE = 'Asia/Shanghai';
const ZONE_OFFSET = 8 * 3_600_000;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const EN = { 'content-language': 'en' };

/** Meters of one type of a tenant, each with its initial reading; answers their ids by number. */
async function meters(services: Services, tenantId: string, initial: Record<string, number>) {
  const metadata = { tenantId, correlationId: uuidv7() };
  const meterTypeId = await registerMeterType(services.store, metadata, {
    name: `Household ${uuidv7().slice(-8)}`,
    billingMode: 'postpaid',
    valveControl: false,
    communication: 'nbiot',
    cardKind: 'none',
    reportIntervalMinutes: 24 * 60,
  });
  const meterNos = Object.keys(initial);
  const ids = await registerMeters(
    services.store,
    metadata,
    meterNos.map((meterNo) => ({ meterNo, meterTypeId, initialReading: initial[meterNo]! })),
  );
  return new Map(meterNos.map((no, i) => [no, ids[i]!]));
}

describe.each(testEngines())('meter replacement on $engine', (engine) => {
  let app: FastifyInstance;
  let services: Services;
  let admin: ReturnType<typeof injectAs>;
  let viewer: ReturnType<typeof injectAs>;
  let trial: ReturnType<typeof injectAs>;
  let gatewayKey: string;
  let customerId: string;
  let ids: Map<string, string>;

  /** The swap day: three local days ago; `at(h)` is that day's local hour h (h may pass 24). */
  const today = new Date(Date.now() + ZONE_OFFSET).toISOString().slice(0, 10);
  const swapDayStart = Date.parse(`${today}T00:00:00Z`) - 3 * DAY - ZONE_OFFSET;
  const at = (hour: number) => new Date(swapDayStart + hour * HOUR).toISOString();
  const localDay = (offsetDays: number) =>
    new Date(swapDayStart + ZONE_OFFSET + offsetDays * DAY).toISOString().slice(0, 10);

  const eventCount = async () =>
    (
      await services.db.query<{ n: number }>(
        "SELECT count(*)::int AS n FROM es.events WHERE type <> 'OperationLogged'",
      )
    ).rows[0]!.n;
  const replace = (payload: object, as = admin) =>
    as({ method: 'POST', url: '/prod-api/business/meterReplace', payload, headers: EN });
  const report = async (readings: { meterNo: string; ts: string; total: number }[]) => {
    const res = await uploadReadings(app, gatewayKey, readings);
    expect(res.statusCode).toBeLessThan(300);
    await services.runner.catchUp('readings');
  };
  const swap = {
    oldMeterNo: '8101',
    newMeterNo: '8102',
    lastReadTime: at(6),
    recentReading: 106,
    reason: 'Register stuck',
  };

  beforeAll(async () => {
    ({ app, services } = await startApi(engine));
    admin = injectAs(app, await login(app, ...ACCOUNTS.demoAdmin));
    viewer = injectAs(app, await login(app, ...ACCOUNTS.demoViewer));
    trial = injectAs(app, await login(app, ...ACCOUNTS.trialAdmin));
    ids = await meters(services, DEMO_TENANT, { '8101': 0, '8102': 0.5, '8103': 0, '8104': 0, '8105': 0 });
    await meters(services, TRIAL_TENANT, { '8201': 0, '8202': 0 });
    const gateway = await admin({
      method: 'POST',
      url: '/prod-api/ingest/gateway',
      payload: { name: 'Swap test gateway', kind: 'concentrator' },
    });
    gatewayKey = gateway.json().data.key;
    const type = await admin({
      method: 'POST',
      url: '/prod-api/business/customerType',
      payload: { name: 'Swap residential' },
    });
    const customerTypeId = type.json().data.customerTypeId;
    const open = (accountNo: string, meterNo: string) =>
      admin({
        method: 'POST',
        url: '/prod-api/business/customer',
        payload: {
          accountNo,
          name: 'Zhao Min',
          phone: '13800000011',
          customerTypeId,
          meterId: ids.get(meterNo),
        },
      });
    const opened = await open('R0001', '8101');
    expect(opened.json().code).toBe(200);
    customerId = opened.json().data.customerId;
    expect((await open('R0002', '8104')).json().code).toBe(200);
  }, 180_000);
  afterAll(async () => {
    await app.close();
    await services.close();
  });

  it('moves the account to the new meter and lists the replacement', async () => {
    // The old meter reports until 05:00; its final reading (106 at 06:00) is read by hand at the swap.
    await report([
      { meterNo: '8101', ts: at(-24), total: 96 },
      { meterNo: '8101', ts: at(-2), total: 98 },
      { meterNo: '8101', ts: at(0), total: 100 },
      { meterNo: '8101', ts: at(3), total: 103 },
      { meterNo: '8101', ts: at(5), total: 105 },
    ]);
    const res = await replace(swap);
    expect(res.json()).toMatchObject({ code: 200 });
    const account = (await admin(`/prod-api/business/customer/${customerId}`)).json().data;
    expect(account).toMatchObject({ meterNo: '8102', accountNo: 'R0001' });

    const list = (
      await admin('/prod-api/business/meterReplace/list?meterNo=810&pageNum=1&pageSize=10')
    ).json();
    expect(list).toMatchObject({ code: 200, total: 1 });
    expect(list.rows[0]).toMatchObject({
      oldMeterNo: '8101',
      newMeterNo: '8102',
      accountNo: 'R0001',
      lastReadTime: at(6),
      recentReading: 106,
      newInitialReading: 0.5,
      reason: 'Register stuck',
      operator: 'demo_admin',
    });
    const byDay = (from: string, to: string) =>
      admin(`/prod-api/business/meterReplace/list?fromDay=${from}&toDay=${to}`).then((r) => r.json().total);
    expect(await byDay(today, today)).toBe(1);
    expect(await byDay(localDay(-5), localDay(-1))).toBe(0);

    const exported = await admin({
      method: 'POST',
      url: '/prod-api/business/meterReplace/export',
      payload: { meterNo: '8101' },
    });
    expect(exported.statusCode).toBe(200);
    expect(exported.headers['content-type']).toContain('spreadsheetml');
    expect(exported.rawPayload.subarray(0, 2).toString()).toBe('PK');
  });

  it("counts the account's consumption across the swap: nothing lost, nothing counted twice", async () => {
    // The new meter, installed at 0.5, first reports at 07:00.
    await report([
      { meterNo: '8102', ts: at(7), total: 1.5 },
      { meterNo: '8102', ts: at(12), total: 6.5 },
      { meterNo: '8102', ts: at(24), total: 18.5 },
      { meterNo: '8102', ts: at(30), total: 24.5 },
      { meterNo: '8102', ts: at(48), total: 30.5 },
    ]);
    const [day0, day1, day2] = [localDay(-1), localDay(0), localDay(1)];
    const { consumption, oldVolumes, newVolumes } = await withTenant(
      services.db,
      DEMO_TENANT,
      async (sql) => ({
        consumption: await accountDailyConsumption(sql, customerId, day0, day2, DEMO_ZONE),
        oldVolumes: await meterDailyVolumes(sql, ids.get('8101')!, day1, day1, DEMO_ZONE),
        newVolumes: await meterDailyVolumes(sql, ids.get('8102')!, day1, day1, DEMO_ZONE),
      }),
    );
    // Neither meter alone knows the swap day: the old one's counter stops, the new one's starts within it.
    expect(oldVolumes.map((d) => [d.volume, d.known])).toEqual([[null, false]]);
    expect(newVolumes.map((d) => [d.volume, d.known])).toEqual([[null, false]]);
    // Old meter from midnight to its final reading + new meter from its initial reading to midnight.
    const swapDayTotal = 106 - 100 + (18.5 - 0.5);
    expect(consumption).toEqual([
      { day: day0, volume: expect.closeTo(100 - 96) },
      { day: day1, volume: expect.closeTo(swapDayTotal) },
      { day: day2, volume: expect.closeTo(30.5 - 18.5) },
    ]);
    // The whole span equals the two counters' rises within the account's tenure.
    const total = consumption.reduce((sum, d) => sum + d.volume, 0);
    expect(total).toBeCloseTo(106 - 96 + (30.5 - 0.5));
  });

  it('refuses a replaced meter, a new meter on an account, a retired one, an unknown one and bad bodies', async () => {
    const before = await eventCount();
    const key = async (payload: object) => (await replace(payload)).json().key;
    expect(await key({ ...swap, newMeterNo: '8103' })).toBe('error.meterReplace.alreadyReplaced');
    expect(await key({ ...swap, oldMeterNo: '8103', newMeterNo: '8104' })).toBe(
      'error.meterReplace.newOnAccount',
    );
    expect(await key({ ...swap, oldMeterNo: '8103', newMeterNo: '8101' })).toBe(
      'error.meterReplace.newRetired',
    );
    expect(await key({ ...swap, oldMeterNo: '8103', newMeterNo: '8999' })).toBe('error.meter.notFound');
    expect(await key({ ...swap, oldMeterNo: '8999', newMeterNo: '8103' })).toBe('error.meter.notFound');
    const refused = await replace({ ...swap, oldMeterNo: '8103', newMeterNo: '8103' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual([
      { field: 'newMeterNo', message: 'The new meter must differ from the old one' },
    ]);
    const bad = await replace({
      oldMeterNo: '8103',
      newMeterNo: '8105',
      lastReadTime: 'today',
      recentReading: 'x',
    });
    expect(bad.statusCode).toBe(400);
    expect(
      bad
        .json()
        .errors.map((e: { field: string }) => e.field)
        .sort(),
    ).toEqual(['lastReadTime', 'reason', 'recentReading']);
    const malformed = await admin({
      method: 'POST',
      url: '/prod-api/business/meterReplace',
      payload: '{',
      headers: { ...EN, 'content-type': 'application/json' },
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().msg).toBe('The request body is not valid JSON');
    expect(await eventCount()).toBe(before);
  });

  it('refuses a role without the permission and never touches another tenant', async () => {
    const before = await eventCount();
    expect((await replace({ ...swap, oldMeterNo: '8103', newMeterNo: '8105' }, viewer)).statusCode).toBe(403);
    expect((await viewer('/prod-api/business/meterReplace/list')).json().total).toBe(1);
    // The trial tenant knows neither the demo tenant's meters nor its replacements.
    expect((await replace({ ...swap, oldMeterNo: '8103', newMeterNo: '8105' }, trial)).json().key).toBe(
      'error.meter.notFound',
    );
    expect((await replace({ ...swap, oldMeterNo: '8201', newMeterNo: '8105' }, trial)).json().key).toBe(
      'error.meter.notFound',
    );
    expect((await trial('/prod-api/business/meterReplace/list')).json()).toMatchObject({
      total: 0,
      rows: [],
    });
    expect(await eventCount()).toBe(before);
    // Its own meters it replaces as usual.
    expect((await replace({ ...swap, oldMeterNo: '8201', newMeterNo: '8202' }, trial)).json().code).toBe(200);
    expect((await admin('/prod-api/business/meterReplace/list')).json().total).toBe(1);
  });

  it('rebuilds the replacements from the log with equal checksums', async () => {
    const summary = await services.runner.verify('meterReplacements');
    expect(summary.events).toBeGreaterThan(0);
    expect(summary.equal).toBe(true);
  });
});
