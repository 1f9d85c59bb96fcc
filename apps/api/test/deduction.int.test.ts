import { addDays, localDate, localMidnight } from '@hydrolog/domain';
import { testEngines } from '@hydrolog/eventstore/testing';
import { METER_ALARM_KIND, openAccountBodySchema, uuidv7 } from '@hydrolog/schemas';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openAccounts } from '../src/customers/index.ts';
import { evaluateMeterAlarms } from '../src/operations/evaluate-meter-alarms.ts';
import type { Services } from '../src/services.ts';
import { addGateway, type injectAs, signInTenantUsers, startApi } from './support.ts';

const EN = { 'content-language': 'en' };
const DEMO_TENANT = '00000000-0000-7000-8000-000000000002';
const TIME_ZONE = 'Asia/Shanghai';
const METER_NO = '3900201';

/**
 * The prepaid deduction over the API: an account opened four days ago pays for each day its meter measured,
 * at its ladder's prices with the steps filled day by day; arrears close its valve, a recharge that ends them
 * opens it, and the purchase limit caps a recharge.
 */
describe.each(testEngines())('prepaid deduction on $engine', (engine) => {
  let app: FastifyInstance;
  let services: Services;
  let admin: ReturnType<typeof injectAs>;
  let viewer: ReturnType<typeof injectAs>;
  let trial: ReturnType<typeof injectAs>;
  let customerId: string;
  const today = localDate(Date.now(), TIME_ZONE);
  const day = (back: number) => addDays(today, -back);

  const account = async () => (await admin(`/prod-api/business/customer/${customerId}`)).json().data;
  const run = async (as = admin) =>
    as({ method: 'POST', url: '/prod-api/business/deduction/run', headers: EN });
  const recharge = (amount: number) =>
    admin({
      method: 'POST',
      url: '/prod-api/business/customer/recharge',
      headers: EN,
      payload: { accountNo: 'P0001', amount, payChannel: '3' },
    });

  beforeAll(async () => {
    ({ app, services } = await startApi(engine));
    ({ admin, viewer, trial } = await signInTenantUsers(app));
    const gateway = { authorization: `Bearer ${await addGateway(admin, 'Deduction gateway')}` };
    const type = await admin({
      method: 'POST',
      url: '/prod-api/business/meterType',
      payload: {
        name: 'Deduction DN15',
        billingMode: 'prepaid',
        valveControl: true,
        communication: 'nbiot',
        cardKind: 'ic',
        reportIntervalMinutes: 1440,
      },
    });
    const meter = (
      await admin({
        method: 'POST',
        url: '/prod-api/business/meter',
        payload: { meterNo: METER_NO, meterTypeId: type.json().data.meterTypeId },
      })
    ).json().data;
    const customerTypeId = (
      await admin({
        method: 'POST',
        url: '/prod-api/business/customerType',
        payload: { name: 'Prepaid homes' },
      })
    ).json().data.customerTypeId;
    // 0-5 m³ at 2.00 and above at 4.00 over a year from 1 January; no VAT.
    const priceSchemeId = (
      await admin({
        method: 'POST',
        url: '/prod-api/business/priceScheme',
        payload: {
          name: 'Prepaid ladder',
          accumulationCycle: 12,
          billingCycle: 1,
          startTime: `${today.slice(0, 4)}-01-01`,
          vatRate: 0,
          chargingModel: 'tiered',
          standingCharge: 0,
          steps: [
            { startVolume: 0, endVolume: 5, unitPrice: 2 },
            { startVolume: 5, endVolume: -1, unitPrice: 4 },
          ],
        },
      })
    ).json().data.priceSchemeId;
    // Opened at local midnight four days ago, so that its days can be measured by now.
    const body = openAccountBodySchema.parse({
      accountNo: 'P0001',
      name: 'Zhao Min',
      phone: '13800000201',
      customerTypeId,
      meterId: meter.meterId,
      businessMode: 'prepaid',
      priceSchemeId,
      purchaseLimit: 50,
      arrearsCloseThreshold: 1,
      balanceThreshold: 10,
    });
    [customerId] = (await openAccounts(
      services.store,
      { tenantId: DEMO_TENANT, correlationId: uuidv7() },
      { openAccountCloseValve: false },
      [
        {
          ...body,
          accountNo: 'P0001',
          meterNo: METER_NO,
          meterTypeId: meter.meterTypeId,
          valveControl: true,
          facts: {
            meterOnAccount: false,
            accountNoGiven: true,
            manualAccountNos: false,
            accountNoTaken: false,
          },
        },
      ],
      null,
      new Date(localMidnight(day(4), TIME_ZONE)).toISOString(),
    )) as [string];
    // A reading at each local midnight but the first day's, read at 06:00: that day is never known, and pays
    // the 1.5 m³ its meter measured; the next days use 2, 6 and 1 m³.
    const totals = [100.5, 102, 104, 110, 111];
    const upload = await app.inject({
      method: 'POST',
      url: '/ingest/v1/readings',
      headers: { ...gateway, 'content-type': 'application/json' },
      payload: {
        batchId: uuidv7(),
        readings: totals.map((total, i) => ({
          meterNo: METER_NO,
          ts: new Date(localMidnight(day(4 - i), TIME_ZONE) + (i === 0 ? 6 * 3_600_000 : 0)).toISOString(),
          total,
        })),
      },
    });
    expect(upload.json()).toMatchObject({ accepted: 5 });
    await services.runner.catchUp('readings');
  }, 180_000);
  afterAll(async () => {
    await app.close();
    await services.close();
  });

  it('refuses a recharge above the purchase limit, in the user language, and keeps the balance', async () => {
    const refused = await recharge(50.01);
    expect(refused.json()).toMatchObject({
      msg: 'The recharge is above this account’s purchase limit of 50',
    });
    expect((await recharge(30)).json().code).toBe(200);
    expect((await account()).balance).toBe(30);
  });

  it('pays for each measured day once, at the ladder filled day by day, and closes the valve on arrears', async () => {
    expect((await run(viewer)).statusCode).toBe(403);
    // 1.5 m³ at 2.00, 2 m³ at 2.00, then 1.5 m³ at 2.00 and 4.5 at 4.00, then 1 m³ at 4.00.
    expect((await run()).json().data).toEqual({ accounts: 1, days: 4, amount: 32, valvesClosed: 1 });
    expect((await run()).json().data).toEqual({ accounts: 0, days: 0, amount: 0, valvesClosed: 0 });
    const listed = (await admin('/prod-api/business/deduction/list?accountNo=P0001&pageSize=10')).json();
    expect(listed.total).toBe(4);
    expect(
      listed.rows.map(
        (r: { day: string; volume: number; amount: number; balanceAfter: number; valveClosed: boolean }) => [
          r.day,
          r.volume,
          r.amount,
          r.balanceAfter,
          r.valveClosed,
        ],
      ),
    ).toEqual([
      [day(1), 1, 4, -2, true],
      [day(2), 6, 21, 2, false],
      [day(3), 2, 4, 23, false],
      [day(4), 1.5, 3, 27, false],
    ]);
    const trades = (await admin('/prod-api/business/transaction/list?accountNo=P0001&type=deduction')).json();
    expect(trades.total).toBe(4);
    const owing = await account();
    expect(owing.balance).toBe(-2);
    expect(owing.lastValveCommand).toMatchObject({ kind: 'valveClose', status: 'sending' });
    // Another tenant sees none of it.
    expect((await trial('/prod-api/business/deduction/list')).json().total).toBe(0);
  });

  it('raises a low balance alarm for the meter once the balance is below the account threshold', async () => {
    const { raised } = await evaluateMeterAlarms(services, DEMO_TENANT);
    expect(raised.filter((a) => a.kind === METER_ALARM_KIND.lowBalance)).toMatchObject([
      { value: -2, threshold: 10, level: 'low' },
    ]);
    const listed = (
      await admin({ url: `/prod-api/report/alarm/processed/list?meterNo=${METER_NO}`, headers: EN })
    ).json();
    expect(listed.rows.map((r: { eventType: string }) => r.eventType)).toContain(METER_ALARM_KIND.lowBalance);
  });

  it('opens the valve with the recharge that brings the balance above the threshold, not before', async () => {
    await recharge(0.5);
    expect((await account()).lastValveCommand).toMatchObject({ kind: 'valveClose' });
    await recharge(1);
    const opened = await account();
    expect(opened.balance).toBe(-0.5);
    expect(opened.lastValveCommand).toMatchObject({ kind: 'valveOpen', status: 'sending' });
    const refund = await admin({
      method: 'POST',
      url: '/prod-api/business/customer/refund',
      headers: EN,
      payload: { accountNo: 'P0001', payChannel: '3' },
    });
    expect(refund.json()).toMatchObject({ msg: 'Account balance insufficient' });
  });
});
