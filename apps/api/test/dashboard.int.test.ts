import { addDays, localDate, localMidnight } from '@hydrolog/domain';
import { testEngines } from '@hydrolog/eventstore/testing';
import { uuidv7 } from '@hydrolog/schemas';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerMeters, registerMeterType } from '../src/meters/index.ts';
import type { Services } from '../src/services.ts';
import { ACCOUNTS, injectAs, login, startApi } from './support.ts';

const DEMO_TENANT = '00000000-0000-7000-8000-000000000002';
const TRIAL_TENANT = '00000000-0000-7000-8000-000000000003';
const PLATFORM_TENANT = '00000000-0000-7000-8000-000000000001';
const HOUR = 3_600_000;
const SHANGHAI = 'Asia/Shanghai';

async function registerFleet(services: Services, tenantId: string, typeName: string, meterNos: string[]) {
  const metadata = { tenantId, correlationId: uuidv7() };
  const meterTypeId = await registerMeterType(services.store, metadata, {
    name: typeName,
    billingMode: 'prepaid',
    valveControl: true,
    communication: 'nbiot',
    cardKind: 'none',
    reportIntervalMinutes: 60,
  });
  const meterIds = await registerMeters(
    services.store,
    metadata,
    meterNos.map((meterNo) => ({ meterNo, meterTypeId })),
  );
  return new Map(meterNos.map((meterNo, i) => [meterNo, meterIds[i]!]));
}

/** Opens an account on each meter as the tenant's administrator (the dashboards count accounts). */
async function openAccounts(api: ReturnType<typeof injectAs>, meters: ReadonlyMap<string, string>) {
  const type = await api({
    method: 'POST',
    url: '/prod-api/business/customerType',
    payload: { name: 'Homes' },
  });
  for (const [meterNo, meterId] of meters) {
    const res = await api({
      method: 'POST',
      url: '/prod-api/business/customer',
      payload: {
        accountNo: `H${meterNo}`,
        name: 'Li Lei',
        phone: '13800000001',
        customerTypeId: type.json().data.customerTypeId,
        meterId,
      },
    });
    expect(res.json().code, res.body).toBe(200);
  }
}

/**
 * The demo tenant: meters 1001 (1 m3 an hour) and 1002 (2 m3 an hour, one low-battery alarm yesterday
 * noon) report hourly for three days, 1003 never; the trial tenant's 2001 reports too. Every household
 * meter has an account.
 */
describe.each(testEngines())('dashboards on $engine', (engine) => {
  let app: FastifyInstance;
  let services: Services;
  const now = Date.now();
  const lastHour = Math.floor(now / HOUR) * HOUR;
  const today = localDate(now, SHANGHAI);
  const yesterday = addDays(today, -1);
  const alarmAt = localMidnight(yesterday, SHANGHAI) + 12 * HOUR;

  async function upload(key: string, readings: object[]) {
    const res = await app.inject({
      method: 'POST',
      url: '/ingest/v1/readings',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      payload: JSON.stringify({ batchId: uuidv7(), readings }),
    });
    expect(res.statusCode, res.body).toBe(202);
  }
  async function gatewayKey(username: string, password: string) {
    const admin = injectAs(app, await login(app, username, password));
    const res = await admin({
      method: 'POST',
      url: '/prod-api/ingest/gateway',
      payload: { name: `Concentrator ${username}`, kind: 'concentrator' },
    });
    return res.json().data.key as string;
  }

  beforeAll(async () => {
    ({ app, services } = await startApi(engine));
    const households = await registerFleet(services, DEMO_TENANT, 'NB-IoT household', ['1001', '1002']);
    await registerFleet(services, DEMO_TENANT, 'Bulk inlet', ['1003']);
    const trialHouseholds = await registerFleet(services, TRIAL_TENANT, 'Trial household', ['2001']);
    // Accounts on the households; the inlet 1003 has none.
    await openAccounts(injectAs(app, await login(app, ...ACCOUNTS.demoAdmin)), households);
    await openAccounts(injectAs(app, await login(app, ...ACCOUNTS.trialAdmin)), trialHouseholds);
    const readings: object[] = [];
    for (let t = lastHour - 72 * HOUR, h = 0; t <= lastHour; t += HOUR, h++) {
      const ts = new Date(t).toISOString();
      readings.push({ meterNo: '1001', ts, total: 100 + h });
      readings.push({ meterNo: '1002', ts, total: 500 + 2 * h, ...(t === alarmAt ? { alarms: ['1'] } : {}) });
    }
    // A second ago too: a reading exactly at local midnight closes yesterday, it does not open today.
    const justNow = new Date(now - 1000).toISOString();
    readings.push({ meterNo: '1001', ts: justNow, total: 172 }, { meterNo: '1002', ts: justNow, total: 644 });
    await upload(await gatewayKey(...ACCOUNTS.demoAdmin), readings);
    await upload(await gatewayKey(...ACCOUNTS.trialAdmin), [
      { meterNo: '2001', ts: new Date(lastHour - HOUR).toISOString(), total: 7 },
      { meterNo: '2001', ts: new Date(lastHour).toISOString(), total: 9, alarms: ['2'] },
      { meterNo: '2001', ts: new Date(now - 1000).toISOString(), total: 9 },
    ]);
    await services.runner.catchUp('readings');
  });
  afterAll(async () => {
    await app.close();
    await services.close();
  });

  const as = async (account: readonly [string, string]) => injectAs(app, await login(app, ...account));
  const usage = (api: ReturnType<typeof injectAs>, payload: unknown) =>
    api({
      method: 'POST',
      url: '/prod-api/business/dashboard/statisticsUsedTotalData',
      payload: payload as object,
    });

  it("answers the tenant's figures on /index: meters, outbound or not, customers, water use", async () => {
    const demo = await as(ACCOUNTS.demoAdmin);
    const top = (await demo('/prod-api/business/dashboard/topData')).json();
    expect(top).toMatchObject({
      code: 200,
      data: {
        meterCount: 3,
        metersOutbound: 2,
        metersNotOutbound: 1,
        customerCount: 2,
        billed: 0,
        paid: 0,
        unpaid: 0,
      },
    });
    // Yesterday both reporting meters reported; 1003 was registered only today, so it does not count yet.
    expect(top.data.readingRate).toBe(1);
    const ninety = (await usage(demo, { days: 90 })).json().data;
    expect(top.data.waterUse).toBeCloseTo(ninety.total, 6);
    expect(ninety.total).toBeGreaterThan(0);
  });

  it('gives the usage statistics for the 7, 30 and 90 day presets, in local days', async () => {
    const demo = await as(ACCOUNTS.demoViewer);
    const week = (await usage(demo, {})).json().data;
    expect(week.days).toHaveLength(7);
    expect(week.days.at(-1).date).toBe(today);
    expect(week.days.at(-2)).toEqual({ date: yesterday, value: 72 });
    expect((await usage(demo, { days: 30 })).json().data.days).toHaveLength(30);
    for (const bad of [{ days: 15 }, { days: '7' }, { from: 'yesterday' }]) {
      const res = await usage(demo, bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
    }
  });

  it('counts communication and alarm codes per day; bills are not available before the first bill', async () => {
    const demo = await as(ACCOUNTS.demoOperator);
    const comms = (await demo('/prod-api/business/dashboard/statisticsCommunicationData')).json().data;
    expect(comms).toMatchObject({ online: 2, offline: 0, neverReported: 1 });
    expect(comms.days).toHaveLength(7);
    expect(comms.days.at(-2)).toEqual({ date: yesterday, value: 2 });
    const alarms = (await demo('/prod-api/business/dashboard/statisticsAlarmData')).json().data;
    expect(alarms.days.find((d: { date: string }) => d.date === yesterday).value).toBe(1);
    expect(alarms.days.reduce((sum: number, d: { value: number }) => sum + d.value, 0)).toBe(1);
    expect(alarms.byType).toEqual([{ alarmType: '1', count: 1 }]);
    const bills = (await demo('/prod-api/business/dashboard/statisticsBillData')).json();
    expect(bills).toMatchObject({ code: 200, data: { available: false } });
    expect(bills.data.days).toHaveLength(7);
    expect(bills.data.days.at(-1)).toEqual({ date: today, billed: 0, paid: 0 });
  });

  it("never shows another tenant's meters, volumes or alarms", async () => {
    const trial = await as(ACCOUNTS.trialAdmin);
    const top = (await trial('/prod-api/business/dashboard/topData')).json().data;
    expect(top).toMatchObject({ meterCount: 1, metersOutbound: 1, customerCount: 1, waterUse: 2 });
    const alarms = (await trial('/prod-api/business/dashboard/statisticsAlarmData')).json().data;
    expect(alarms.byType).toEqual([{ alarmType: '2', count: 1 }]);
    const week = (await usage(trial, { days: 7 })).json().data;
    expect(week.total).toBeCloseTo(2, 6);
  });

  it('refuses /index figures without a session and before the initial password is changed', async () => {
    expect((await app.inject('/prod-api/business/dashboard/topData')).statusCode).toBe(401);
    const newcomer = await as(ACCOUNTS.demoNewcomer);
    const res = await newcomer('/prod-api/business/dashboard/statisticsCommunicationData');
    expect(res.statusCode).toBe(403);
    expect(res.json().key).toBe('error.session.mustChangePassword');
  });

  it('gives operators the tenant data dashboard across tenants and for one, nobody else', async () => {
    const operator = await as(ACCOUNTS.platformAdmin);
    const all = (await operator('/prod-api/tenant/dashboard/statistics')).json().data;
    expect(all).toMatchObject({
      tenantId: null,
      totalTenants: 2,
      trialTenants: 1,
      accounts: { opened: 3, notOpened: 1 },
      today: { reported: 3, notReported: 1, rate: 0.75 },
      meterDistribution: [
        { label: 'Demo Water Utility', count: 3 },
        { label: 'Trial Water Co.', count: 1 },
      ],
    });
    expect(all.tenants.map((t: { name: string }) => t.name)).toEqual([
      'Demo Water Utility',
      'Trial Water Co.',
    ]);
    expect(all.consumption).toHaveLength(10);
    expect(all.alarms).toHaveLength(10);
    expect(all.alarms.reduce((sum: number, d: { value: number }) => sum + d.value, 0)).toBe(2);

    const demo = (await operator(`/prod-api/tenant/dashboard/statistics?tenantId=${DEMO_TENANT}`)).json()
      .data;
    expect(demo).toMatchObject({
      tenantId: DEMO_TENANT,
      totalTenants: 2,
      accounts: { opened: 2, notOpened: 1 },
      today: { reported: 2, notReported: 1 },
      meterDistribution: [
        { label: 'NB-IoT household', count: 2 },
        { label: 'Bulk inlet', count: 1 },
      ],
    });
    expect(demo.consumption.at(-1).date).toBe(today);
    expect(demo.consumption.at(-2)).toEqual({ date: yesterday, value: 72 });
    expect(demo.alarms.at(-2)).toEqual({ date: yesterday, value: 1 });

    for (const tenantId of [PLATFORM_TENANT, uuidv7()]) {
      const res = await operator(`/prod-api/tenant/dashboard/statistics?tenantId=${tenantId}`);
      expect(res.json().key).toBe('error.tenant.notFound');
    }
    expect((await operator('/prod-api/tenant/dashboard/statistics?tenantId=42')).statusCode).toBe(400);
    for (const account of [ACCOUNTS.demoAdmin, ACCOUNTS.trialAdmin]) {
      const res = await (await as(account))(`/prod-api/tenant/dashboard/statistics?tenantId=${DEMO_TENANT}`);
      expect(res.statusCode).toBe(403);
      expect(res.body).not.toContain('Demo Water Utility');
    }
  });
});
