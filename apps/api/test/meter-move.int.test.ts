import { testEngines } from '@hydrolog/eventstore/testing';
import { meterDailyVolumes, meterHourlyVolumes, withTenant } from '@hydrolog/projections';
import { uuidv7 } from '@hydrolog/schemas';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerMeters, registerMeterType } from '../src/meters/index.ts';
import type { Services } from '../src/services.ts';
import { ACCOUNTS, injectAs, login, startApi } from './support.ts';

const DEMO_TENANT = '00000000-0000-7000-8000-000000000002';
/** The trial tenant (seed) keeps Europe/Paris time; the demo tenant Asia/Shanghai. */
const TRIAL_TENANT = '00000000-0000-7000-8000-000000000003';
const EN = { 'content-language': 'en' };
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

type As = ReturnType<typeof injectAs>;

async function meterType(services: Services, tenantId: string, name: string) {
  return registerMeterType(
    services.store,
    { tenantId, correlationId: uuidv7() },
    {
      name,
      billingMode: 'postpaid',
      valveControl: false,
      communication: 'nbiot',
      cardKind: 'none',
      reportIntervalMinutes: 60,
    },
  );
}

async function registered(services: Services, tenantId: string, meterTypeId: string, meterNos: string[]) {
  const ids = await registerMeters(
    services.store,
    { tenantId, correlationId: uuidv7() },
    meterNos.map((meterNo) => ({ meterNo, meterTypeId, initialReading: 0 })),
  );
  return new Map(meterNos.map((no, i) => [no, ids[i]!]));
}

describe.each(testEngines())('meter move between tenants on $engine', (engine) => {
  let app: FastifyInstance;
  let services: Services;
  let operator: As;
  let demo: As;
  let trial: As;
  let ids: Map<string, string>;
  let demoCustomerType: string;
  let trialCustomerType: string;
  let trialMeterType: string;
  let gatewayKey: string;

  const eventCount = async () =>
    (
      await services.db.query<{ n: number }>(
        "SELECT count(*)::int AS n FROM es.events WHERE type <> 'OperationLogged'",
      )
    ).rows[0]!.n;
  const move = (payload: object, as: As = operator) =>
    as({ method: 'POST', url: '/prod-api/tenant/meterMove', payload, headers: EN });
  const body = (meterNos: string[]) => ({
    sourceTenantId: DEMO_TENANT,
    targetTenantId: TRIAL_TENANT,
    meterIds: meterNos.map((no) => ids.get(no)),
    customerTypeId: trialCustomerType,
    meterTypeId: trialMeterType,
    reason: 'District handed over to the trial utility',
    adminContact: 'Ops desk 0123',
  });
  const meterNosOf = async (as: As) =>
    ((await as('/prod-api/business/meter/list?meterNo=83&pageSize=50')).json().rows as { meterNo: string }[])
      .map((m) => m.meterNo)
      .sort();

  beforeAll(async () => {
    ({ app, services } = await startApi(engine));
    operator = injectAs(app, await login(app, ...ACCOUNTS.platformAdmin));
    demo = injectAs(app, await login(app, ...ACCOUNTS.demoAdmin));
    trial = injectAs(app, await login(app, ...ACCOUNTS.trialAdmin));
    const household = await meterType(services, DEMO_TENANT, 'Move household');
    const bulk = await meterType(services, DEMO_TENANT, 'Move bulk');
    ids = new Map([
      ...(await registered(services, DEMO_TENANT, household, ['8301', '8302', '8305'])),
      ...(await registered(services, DEMO_TENANT, bulk, ['8303'])),
    ]);
    trialMeterType = await meterType(services, TRIAL_TENANT, 'Trial household');
    await registered(services, TRIAL_TENANT, trialMeterType, ['8305']);
    demoCustomerType = (
      await demo({
        method: 'POST',
        url: '/prod-api/business/customerType',
        payload: { name: 'Move residents' },
      })
    ).json().data.customerTypeId;
    trialCustomerType = (
      await trial({ method: 'POST', url: '/prod-api/business/customerType', payload: { name: 'Incoming' } })
    ).json().data.customerTypeId;
    for (const [accountNo, meterNo] of [
      ['MV-1', '8301'],
      ['MV-2', '8302'],
      ['MV-3', '8303'],
      ['MV-5', '8305'],
    ]) {
      const opened = await demo({
        method: 'POST',
        url: '/prod-api/business/customer',
        payload: {
          accountNo,
          name: 'Li Lei',
          phone: '13800000021',
          address: '5 River Road',
          customerTypeId: demoCustomerType,
          meterId: ids.get(meterNo!),
        },
      });
      expect(opened.json().code).toBe(200);
    }
    gatewayKey = (
      await demo({
        method: 'POST',
        url: '/prod-api/ingest/gateway',
        payload: { name: 'Move gw', kind: 'concentrator' },
      })
    ).json().data.key;
    // Two days of hourly readings of 8301, 1 m3 an hour, ending an hour ago.
    const end = Math.floor(Date.now() / HOUR) * HOUR - HOUR;
    const readings = Array.from({ length: 49 }, (_, i) => ({
      meterNo: '8301',
      ts: new Date(end - (48 - i) * HOUR).toISOString(),
      total: 100 + i,
    }));
    const uploaded = await app.inject({
      method: 'POST',
      url: '/ingest/v1/readings',
      headers: { authorization: `Bearer ${gatewayKey}`, 'content-type': 'application/json' },
      payload: JSON.stringify({ batchId: uuidv7(), readings }),
    });
    expect(uploaded.json().accepted).toBe(49);
    await services.runner.catchUp('readings');
  }, 180_000);
  afterAll(async () => {
    await app.close();
    await services.close();
  });

  it("offers the source tenant's meters on accounts of a customer type and the target's types", async () => {
    const candidates = (
      await operator(
        `/prod-api/tenant/meterMove/meters?sourceTenantId=${DEMO_TENANT}&customerTypeId=${demoCustomerType}`,
      )
    ).json();
    expect(candidates.total).toBe(4);
    expect(candidates.rows[0]).toMatchObject({
      meterNo: '8301',
      meterTypeName: 'Move household',
      accountNo: 'MV-1',
      customerName: 'Li Lei',
      phone: '13800000021',
      address: '5 River Road',
    });
    const types = (await operator(`/prod-api/tenant/meterMove/types/${TRIAL_TENANT}`)).json().data;
    expect(types.meterTypes).toContainEqual({ meterTypeId: trialMeterType, name: 'Trial household' });
    expect(types.customerTypes).toContainEqual({ customerTypeId: trialCustomerType, name: 'Incoming' });
  });

  it('refuses tenant staff, the same tenant, mixed types, a balance, a taken number, and changes nothing', async () => {
    const before = await eventCount();
    expect((await move(body(['8301']), demo)).statusCode).toBe(403);
    expect((await demo('/prod-api/tenant/meterMove/list')).statusCode).toBe(403);

    const same = await move({ ...body(['8301']), targetTenantId: DEMO_TENANT });
    expect(same.statusCode).toBe(400);
    expect(same.json().errors).toEqual([
      { field: 'targetTenantId', message: 'Target tenants cannot choose themselves!' },
    ]);
    const none = await move({ ...body([]), reason: '' });
    expect(
      none
        .json()
        .errors.map((e: { field: string }) => e.field)
        .sort(),
    ).toEqual(['meterIds', 'reason']);

    expect((await move(body(['8301', '8303']))).json()).toMatchObject({
      key: 'error.meterMove.mixedTypes',
      msg: 'The selected meters must share customer type and meter type under the same tenant',
    });
    // The target's types only: the demo tenant's customer type is unknown there.
    expect((await move({ ...body(['8301']), customerTypeId: demoCustomerType })).json().key).toBe(
      'error.customerType.notFound',
    );
    expect((await move(body(['8305']))).json()).toMatchObject({
      key: 'error.meterMove.numberTaken',
      msg: 'Meter number 8305 already exists in the target tenant',
    });
    // A balance on one account keeps the whole selection where it is.
    expect(
      (
        await demo({
          method: 'POST',
          url: '/prod-api/business/customer/recharge',
          payload: { accountNo: 'MV-2', amount: 12.5, payChannel: '3' },
        })
      ).json().code,
    ).toBe(200);
    const afterRecharge = await eventCount();
    expect((await move(body(['8301', '8302']))).json()).toMatchObject({
      key: 'error.meterMove.balance',
      msg: 'Account MV-2 still holds a balance: refund it before the move',
    });
    // Another tenant's meter is not found in the source tenant.
    const [trialMeter] = (await trial('/prod-api/business/meter/list?meterNo=8305')).json().rows;
    expect((await move({ ...body([]), meterIds: [trialMeter.meterId] })).json().key).toBe(
      'error.meter.notFound',
    );
    expect(await eventCount()).toBe(afterRecharge);
    expect(afterRecharge).toBe(before + 1);
    expect(await meterNosOf(demo)).toEqual(['8301', '8302', '8303', '8305']);

    // An open debt keeps its account where it is until it is paid.
    const [mv1] = (await demo('/prod-api/business/customer/list?accountNo=MV-1')).json().rows;
    const payload = { customerId: mv1.customerId, debtType: 'other', feeName: 'Meter box', amount: 5 };
    const debt = (await demo({ method: 'POST', url: '/prod-api/business/debt', payload })).json().data;
    expect((await move(body(['8301']))).json()).toMatchObject({
      key: 'error.meterMove.debt',
      msg: 'Account MV-1 has an open debt and cannot be moved',
    });
    const paid = { debtId: debt.debtId, amount: 5 };
    await demo({ method: 'PUT', url: '/prod-api/business/debt/pay', payload: paid });
  });

  it('moves a meter with its account and its history to the target tenant', async () => {
    const [from, to] = [new Date(Date.now() - 3 * DAY), new Date()];
    const hoursOf = (tenantId: string) =>
      withTenant(services.db, tenantId, (sql) => meterHourlyVolumes(sql, ids.get('8301')!, from, to));
    const daysOf = (tenantId: string, zone: string) =>
      withTenant(services.db, tenantId, (sql) =>
        meterDailyVolumes(sql, ids.get('8301')!, '2000-01-01', '2100-01-01', zone),
      );
    const demoHours = await hoursOf(DEMO_TENANT);
    expect((await daysOf(DEMO_TENANT, 'Asia/Shanghai')).length).toBeGreaterThanOrEqual(2);

    expect((await move(body(['8301']))).json().code).toBe(200);
    await services.runner.catchUp('readings');

    expect(await meterNosOf(demo)).toEqual(['8302', '8303', '8305']);
    expect(await meterNosOf(trial)).toEqual(['8301', '8305']);
    const account = (await trial('/prod-api/business/customer/list?accountNo=MV-1')).json().rows[0];
    expect(account).toMatchObject({ accountNo: 'MV-1', meterNo: '8301', customerTypeId: trialCustomerType });
    expect((await demo('/prod-api/business/customer/list?accountNo=MV-1')).json().total).toBe(0);

    // Readings and volumes now belong to the trial tenant, in its local days (Paris), and add up the same.
    const trialDays = await daysOf(TRIAL_TENANT, 'Europe/Paris');
    expect(trialDays.length).toBeGreaterThanOrEqual(2);
    const sum = (rows: { volume: number | null }[]) => rows.reduce((s, d) => s + (d.volume ?? 0), 0);
    expect(sum(await hoursOf(TRIAL_TENANT))).toBeCloseTo(48);
    expect(sum(demoHours)).toBeCloseTo(48);
    expect(await daysOf(DEMO_TENANT, 'Asia/Shanghai')).toEqual([]);
    const readings = await trial(`/prod-api/business/meter/${ids.get('8301')}`);
    expect(readings.statusCode).toBe(200);

    const list = (await operator(`/prod-api/tenant/meterMove/list?tenantId=${TRIAL_TENANT}`)).json();
    expect(list.total).toBe(1);
    expect(list.rows[0]).toMatchObject({
      meterNo: '8301',
      fromTenantId: DEMO_TENANT,
      toTenantId: TRIAL_TENANT,
      fromMeterTypeName: 'Move household',
      meterTypeName: 'Trial household',
      customerTypeName: 'Incoming',
      accountNo: 'MV-1',
      customerName: 'Li Lei',
      address: '5 River Road',
      phone: '13800000021',
      reason: 'District handed over to the trial utility',
      adminContact: 'Ops desk 0123',
      operator: 'admin',
    });
    const exported = await operator({
      method: 'POST',
      url: '/prod-api/tenant/meterMove/export',
      payload: {},
    });
    expect(exported.headers['content-type']).toContain('spreadsheetml');
    expect(exported.rawPayload.subarray(0, 2).toString()).toBe('PK');

    const sorted = await operator(
      '/prod-api/tenant/meterMove/list?orderByColumn=toTenantName&isAsc=descending',
    );
    expect(sorted.json().rows.map((r: { meterNo: string }) => r.meterNo)).toEqual(['8301']);
    const badSort = await operator(
      '/prod-api/tenant/meterMove/list?orderByColumn=reason;drop&isAsc=descending',
    );
    expect(badSort.statusCode).toBe(400);

    // It is the trial tenant's now: moving it from the demo tenant again finds nothing.
    expect((await move(body(['8301']))).json().key).toBe('error.meter.notFound');
  });

  it('rebuilds every read model the move touched with equal checksums', async () => {
    for (const name of ['meterRegistry', 'customers', 'readings', 'meterMoves'])
      expect((await services.runner.verify(name)).equal).toBe(true);
  });
});
