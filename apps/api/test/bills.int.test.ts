import { addDays, addMonths, localDate } from '@hydrolog/domain';
import { testEngines } from '@hydrolog/eventstore/testing';
import { uuidv7 } from '@hydrolog/schemas';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerMeters, registerMeterType } from '../src/meters/index.ts';
import type { Services } from '../src/services.ts';
import { ACCOUNTS, injectAs, login, startApi, uploadReadings } from './support.ts';

const DEMO_TENANT = '00000000-0000-7000-8000-000000000002';
const DEMO_ZONE = 'Asia/Shanghai';
const ZONE_OFFSET = 8 * 3_600_000;
const EN = { 'content-language': 'en' };
const ZH = { 'content-language': 'zh-CN' };

/** A yearly ladder billed monthly: 0-12 m³ at 2.00, 12-30 at 3.50, above 30 at 5.00. */
const ladder = {
  name: 'Yearly ladder',
  accumulationCycle: 12,
  billingCycle: 1,
  startTime: '2025-01-01',
  vatRate: 0,
  chargingModel: 'tiered',
  steps: [
    { startVolume: 0, endVolume: 12, unitPrice: 2 },
    { startVolume: 12, endVolume: 30, unitPrice: 3.5 },
    { startVolume: 30, endVolume: -1, unitPrice: 5 },
  ],
};

describe.each(testEngines())('bills on $engine', (engine) => {
  let app: FastifyInstance;
  let services: Services;
  let admin: ReturnType<typeof injectAs>;
  let viewer: ReturnType<typeof injectAs>;
  let trial: ReturnType<typeof injectAs>;
  let gatewayKey: string;
  let priceSchemeId: string;
  let customerTypeId: string;

  // The last month that ended, in the tenant's days: the period the run bills.
  const today = localDate(Date.now(), DEMO_ZONE);
  const periodTo = `${today.slice(0, 7)}-01`;
  const periodFrom = addMonths(periodTo, -1);
  const days: string[] = [];
  for (let d = periodFrom; d < periodTo; d = addDays(d, 1)) days.push(d);
  const midnight = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) - ZONE_OFFSET).toISOString();

  const eventCount = async () =>
    (
      await services.db.query<{ n: number }>(
        "SELECT count(*)::int AS n FROM es.events WHERE type <> 'OperationLogged'",
      )
    ).rows[0]!.n;
  const send = (url: string, payload: object, as = admin, headers = EN) =>
    as({ method: 'POST', url: `/prod-api${url}`, payload, headers });
  /** Opens an account on the ladder, today or on the local day `openedOn`. */
  const open = (accountNo: string, meterId: string, businessMode: string, openedOn?: string) =>
    send('/business/customer', {
      accountNo,
      name: 'Wang Fang',
      phone: '13800000021',
      customerTypeId,
      meterId,
      businessMode,
      priceSchemeId,
      ...(openedOn ? { openedOn } : {}),
    });
  const bills = async (query = '') => (await admin(`/prod-api/business/bill/list${query}`)).json();
  const report = async (readings: { meterNo: string; ts: string; total: number }[]) => {
    const res = await uploadReadings(app, gatewayKey, readings);
    expect(res.statusCode).toBeLessThan(300);
    await services.runner.catchUp('readings');
  };

  beforeAll(async () => {
    ({ app, services } = await startApi(engine));
    admin = injectAs(app, await login(app, ...ACCOUNTS.demoAdmin));
    viewer = injectAs(app, await login(app, ...ACCOUNTS.demoViewer));
    trial = injectAs(app, await login(app, ...ACCOUNTS.trialAdmin));
    const metadata = { tenantId: DEMO_TENANT, correlationId: uuidv7() };
    const meterTypeId = await registerMeterType(services.store, metadata, {
      name: 'Billed household',
      billingMode: 'postpaid',
      valveControl: false,
      communication: 'nbiot',
      cardKind: 'none',
      reportIntervalMinutes: 24 * 60,
    });
    // Registered before the accounts open, which is before the month before the period.
    const opening = addDays(addMonths(periodFrom, -1), -1);
    const [read, silent, prepaid, replaced] = await registerMeters(
      services.store,
      metadata,
      [
        { meterNo: '9101', meterTypeId },
        { meterNo: '9102', meterTypeId },
        { meterNo: '9103', meterTypeId },
        { meterNo: '9104', meterTypeId, initialReading: 200 },
        { meterNo: '9105', meterTypeId, initialReading: 0 },
        { meterNo: '9106', meterTypeId },
      ],
      { registeredAt: new Date(Date.parse(midnight(opening)) - 86_400_000) },
    );
    // Registered today: an account on it opens today at the earliest.
    await registerMeters(services.store, metadata, [{ meterNo: '9107', meterTypeId }]);
    gatewayKey = (await send('/ingest/gateway', { name: 'Bill test gateway', kind: 'concentrator' })).json()
      .data.key;
    priceSchemeId = (await send('/business/priceScheme', ladder)).json().data.priceSchemeId;
    customerTypeId = (await send('/business/customerType', { name: 'Billed' })).json().data.customerTypeId;
    // The run bills from the day an account opened: these open before the period.
    for (const [accountNo, meterId, businessMode] of [
      ['B0001', read!, 'postpaid'],
      ['B0002', silent!, 'postpaid'],
      ['B0003', prepaid!, 'prepaid'],
      ['B0004', replaced!, 'postpaid'],
    ] as const)
      expect((await open(accountNo, meterId, businessMode, opening)).json().code).toBe(200);
    // Meter 9101 reports every local midnight of the period: half a cubic metre a day.
    // Meter 9106 reports as 9101 does, with no account before the day one opens on it in the period.
    const readings = [...days, periodTo].flatMap((day, i) =>
      ['9101', '9106'].map((meterNo) => ({ meterNo, ts: midnight(day), total: 100 + i * 0.5 })),
    );
    await report(readings);
    // Account B0004 uses as much, but its meter 9104 is replaced on the 10th day of the period at 06:00 by
    // 9105 (initial reading 0): 9104 reports the midnights up to the swap day, its final reading is read by
    // hand at the swap, and 9105 reports the midnights after it.
    const swap = days[9]!;
    const swapAt = new Date(Date.parse(midnight(swap)) + 6 * 3_600_000).toISOString();
    await report(
      days.slice(0, 10).map((day, i) => ({ meterNo: '9104', ts: midnight(day), total: 200 + i * 0.5 })),
    );
    const replacedAt = await admin({
      method: 'POST',
      url: '/prod-api/business/meterReplace',
      payload: {
        oldMeterNo: '9104',
        newMeterNo: '9105',
        lastReadTime: swapAt,
        recentReading: 204.625,
        reason: 'Register stuck',
      },
      headers: EN,
    });
    expect(replacedAt.json().code).toBe(200);
    await report(
      [...days.slice(10), periodTo].map((day, i) => ({
        meterNo: '9105',
        ts: midnight(day),
        total: 0.375 + i * 0.5,
      })),
    );
  }, 180_000);
  afterAll(async () => {
    await app.close();
    await services.close();
  });

  it('bills each postpaid account once for the last ended month, a silent one with a zero bill', async () => {
    const before = await eventCount();
    const refused = await send('/business/bill/run', {}, viewer);
    expect(refused.json().code).not.toBe(200);
    expect(await eventCount()).toBe(before);

    const run = await send('/business/bill/run', {});
    expect(run.json().data).toMatchObject({ accounts: 3, issued: 3, alreadyBilled: 0, noReading: 1 });
    // Half a cubic metre a day: 12 m³ at 2.00, the rest at 3.50.
    const m3 = days.length * 0.5;
    const expected = Math.round((24 + (m3 - 12) * 3.5) * 100) / 100;
    expect(run.json().data.amount).toBe(2 * expected);

    const again = await send('/business/bill/run', {});
    expect(again.json().data).toMatchObject({ accounts: 3, issued: 0, alreadyBilled: 3, amount: 0 });

    const list = await bills();
    expect(list.total).toBe(3);
    const byAccount = Object.fromEntries(list.rows.map((r: { accountNo: string }) => [r.accountNo, r]));
    expect(byAccount.B0001).toMatchObject({
      type: 'ordinary',
      state: 'unpaid',
      periodFrom,
      periodTo: addDays(periodTo, -1),
      noReading: false,
      volume: m3,
      amount: expected,
    });
    expect(byAccount.B0002).toMatchObject({ noReading: true, amount: 0, state: 'paid' });
    expect((await bills('?state=unpaid')).total).toBe(2);
    expect((await bills('?accountNo=B0002')).total).toBe(1);
    expect((await bills(`?period=${periodFrom.slice(0, 7)}&type=ordinary`)).total).toBe(2);
    // The replacement splits nothing: both meters' volumes make one bill, typed a meter change.
    expect(byAccount.B0004).toMatchObject({ type: 'meterChange', volume: m3, amount: expected });
    expect((await bills('?type=meterChange')).total).toBe(1);
    const changed = (await admin(`/prod-api/business/bill/${byAccount.B0004.billId}`)).json().data;
    // The old meter ends on the final reading taken at the swap, the new one starts on its initial reading.
    expect(changed.meters).toEqual([
      expect.objectContaining({ meterNo: '9104', startReading: 200, endReading: 204.625 }),
      expect.objectContaining({
        meterNo: '9105',
        startReading: 0,
        endReading: 0.375 + (days.length - 10) * 0.5,
      }),
    ]);

    const detail = (await admin(`/prod-api/business/bill/${byAccount.B0001.billId}`)).json().data;
    expect(detail.parts).toHaveLength(1);
    expect(detail.parts[0].lines.map((l: { step: number; volume: number }) => [l.step, l.volume])).toEqual([
      [1, 12],
      [2, m3 - 12],
    ]);
    expect(detail.meters[0]).toMatchObject({ meterNo: '9101', startReading: 100, endReading: 100 + m3 });
    expect(detail.accumulatedVolume).toBe(m3);

    const exported = await admin({
      method: 'POST',
      url: '/prod-api/business/bill/export',
      payload: {},
    });
    expect(exported.headers['content-type']).toContain('spreadsheetml');
  });

  it('pays a bill from the balance only when the balance covers it, each payment a transaction', async () => {
    const bill = (await bills('?accountNo=B0001')).rows[0];
    const unpaid = (await admin('/prod-api/business/dashboard/topData')).json().data;
    expect(unpaid).toMatchObject({ billed: 2 * bill.amount, paid: 0, unpaid: 2 * bill.amount });
    const before = await eventCount();
    const short = await send('/business/bill/pay', { billId: bill.billId, method: 'balance' });
    expect(short.json()).toMatchObject({ code: 500, msg: 'Account balance insufficient' });
    const shortZh = await send('/business/bill/pay', { billId: bill.billId, method: 'balance' }, admin, ZH);
    expect(shortZh.json().msg).toBe('账户余额不足');
    expect(await eventCount()).toBe(before);

    await send('/business/customer/recharge', { accountNo: 'B0001', amount: 100, payChannel: '3' });
    const paid = await send('/business/bill/pay', { billId: bill.billId, method: 'balance' });
    expect(paid.json().data).toMatchObject({
      state: 'paid',
      paidAmount: bill.amount,
      paymentMethod: 'balance',
    });
    const top = (await admin('/prod-api/business/dashboard/topData')).json().data;
    expect(top).toMatchObject({ billed: 2 * bill.amount, paid: bill.amount, unpaid: bill.amount });
    const perDay = (await admin('/prod-api/business/dashboard/statisticsBillData')).json().data;
    expect(perDay.available).toBe(true);
    expect(perDay.days.at(-1)).toEqual({ date: today, billed: 2 * bill.amount, paid: bill.amount });
    const twice = await send('/business/bill/pay', { billId: bill.billId, method: 'counter' });
    expect(twice.json()).toMatchObject({ code: 500, msg: 'The bill is already paid' });

    const trades = (await admin('/prod-api/business/transaction/list?accountNo=B0001')).json().rows;
    expect(trades.map((t: { type: string; balanceChange: number }) => [t.type, t.balanceChange])).toEqual([
      ['billPayment', -bill.amount],
      ['recharge', 100],
    ]);
    const { rows } = await services.db.query<{ balance: number; sum: number }>(
      `SELECT c.balance::float8 AS balance,
         (SELECT sum(balance_change_cents)::float8 / 100 FROM transactions t WHERE t.customer_id = c.customer_id) AS sum
       FROM customers c WHERE account_no = 'B0001'`,
    );
    expect(rows[0]!.balance).toBeCloseTo(100 - bill.amount, 2);
    expect(rows[0]!.balance).toBeCloseTo(rows[0]!.sum, 2);
  });

  it("keeps another tenant's bills out of reach", async () => {
    const bill = (await bills('?accountNo=B0001')).rows[0];
    expect((await trial(`/prod-api/business/bill/${bill.billId}`)).json().msg).toBe(
      'The bill does not exist',
    );
    expect((await trial('/prod-api/business/bill/list')).json().total).toBe(0);
    const before = await eventCount();
    const pay = await send('/business/bill/pay', { billId: bill.billId, method: 'counter' }, trial);
    expect(pay.json().code).toBe(500);
    const run = await send('/business/bill/run', {}, trial);
    expect(run.json().data).toMatchObject({ accounts: 0, issued: 0 });
    expect(await eventCount()).toBe(before);
    expect((await viewer('/prod-api/business/bill/list')).json().total).toBe(3);
  });

  it('bills each account once when two runs of the same period race', async () => {
    // The month before: every postpaid account was open, none reported (zero bills marked no reading).
    const day = addMonths(periodFrom, -1);
    const [a, b] = await Promise.all([
      send('/business/bill/run', { day }),
      send('/business/bill/run', { day }),
    ]);
    expect(a.json().code).toBe(200);
    expect(b.json().code).toBe(200);
    expect(a.json().data.issued + b.json().data.issued).toBe(3);
    const earlier = await bills(`?period=${day.slice(0, 7)}`);
    expect(earlier.total).toBe(3);
    expect(
      earlier.rows.every((r: { noReading: boolean; amount: number }) => r.noReading && r.amount === 0),
    ).toBe(true);
  });

  it('opens an account on a past day and bills it from that day with its surcharges, never on a later day or before its meter', async () => {
    const meterId = async (meterNo: string) =>
      (await admin(`/prod-api/business/meter/list?meterNo=${meterNo}`)).json().rows[0].meterId as string;
    const before = await eventCount();
    const future = await open('B0005', await meterId('9106'), 'postpaid', addDays(today, 1));
    expect(future.json()).toMatchObject({ code: 500, msg: 'An account cannot open on a day after today' });
    // Registered today, meter 9107 has no earlier day; replaced meter 9104's earlier water is account B0004's.
    for (const meterNo of ['9107', '9104']) {
      const early = await open('B0005', await meterId(meterNo), 'postpaid', periodFrom);
      expect(early.json()).toMatchObject({
        code: 500,
        msg: `This meter can open an account on ${today} at the earliest`,
      });
    }
    expect(await eventCount()).toBe(before);

    // Opened on the 11th day of the period: the run bills the days from then, at the start of that day.
    const opened = await open('B0005', await meterId('9106'), 'postpaid', days[10]);
    expect(opened.json().data.openTime).toBe(midnight(days[10]!));
    // Its personal surcharge: a meter rent of 3.20 a month and a resource fee of 0.15 per m³ with 10% VAT.
    const item = { feeType: 'personal', enabledDate: '2025-01-01' };
    const scheme = await send('/business/surcharge', {
      name: 'Rent and resource fee',
      items: [
        {
          ...item,
          name: 'Rent',
          deductionMethod: 'fixed',
          deductionAmount: 3.2,
          deductionFrequency: 'month',
        },
        {
          ...item,
          name: 'Resource fee',
          deductionMethod: 'perCount',
          deductionAmount: 0.15,
          deductionFrequency: 'volume',
          vatRate: 10,
        },
      ],
    });
    const items = scheme.json().data.items as { chargingItemId: string }[];
    const bound = await send('/business/personalSurcharge', {
      customerId: opened.json().data.customerId,
      chargingItemIds: items.map((i) => i.chargingItemId),
    });
    expect(bound.json().code).toBe(200);
    const run = await send('/business/bill/run', {});
    expect(run.json().data).toMatchObject({ issued: 1, noReading: 0 });
    // Half a cubic metre a day over at most 21 days: all on the first step, at 2.00; the month's rent; the
    // fee on the volume, rounded half up, and its VAT.
    const m3 = (days.length - 10) * 0.5;
    const feeCents = Math.round(m3 * 15);
    const feeVatCents = Math.round(feeCents / 10);
    const bill = (await bills('?accountNo=B0005')).rows[0];
    expect(bill).toMatchObject({
      periodFrom,
      volume: m3,
      amount: (m3 * 200 + 320 + feeCents + feeVatCents) / 100,
    });
    const detail = (await admin(`/prod-api/business/bill/${bill.billId}`)).json().data;
    expect(detail.surcharges).toEqual({
      lines: [
        { name: 'Rent', deductionMethod: 'fixed', net: 3.2, vatRate: 0, vat: 0, total: 3.2 },
        {
          name: 'Resource fee',
          deductionMethod: 'perCount',
          net: feeCents / 100,
          vatRate: 10,
          vat: feeVatCents / 100,
          total: (feeCents + feeVatCents) / 100,
        },
      ],
      net: (320 + feeCents) / 100,
      vat: feeVatCents / 100,
      total: (320 + feeCents + feeVatCents) / 100,
    });
  });

  it('corrects a bill with a new bill: a credit goes to the balance, a charge is owed, the bill itself unchanged', async () => {
    const original = (await bills('?accountNo=B0001')).rows.find(
      (r: { correctsBillId: string | null }) => !r.correctsBillId,
    );
    expect(original.state).toBe('paid');
    const top = async () => (await admin('/prod-api/business/dashboard/topData')).json().data;
    const balance = async () =>
      (
        await services.db.query<{ balance: number; sum: number }>(
          `SELECT c.balance::float8 AS balance,
             (SELECT sum(balance_change_cents)::float8 / 100 FROM transactions t WHERE t.customer_id = c.customer_id) AS sum
           FROM customers c WHERE account_no = 'B0001'`,
        )
      ).rows[0]!;
    const totalsBefore = await top();
    const balanceBefore = (await balance()).balance;

    // Refused with nothing written: no adjustment, a third decimal, no reason, another tenant's bill, a viewer.
    const before = await eventCount();
    const correct = (payload: object, as = admin, headers = EN) =>
      send('/business/bill/correct', payload, as, headers);
    const body = { billId: original.billId, amount: -1.25, reason: 'Meter misread' };
    expect(JSON.stringify((await correct({ ...body, amount: 0 })).json())).toContain(
      'The adjustment cannot be zero',
    );
    expect(JSON.stringify((await correct({ ...body, amount: -1.255 })).json())).toContain(
      'Amounts allow at most two decimals',
    );
    expect((await correct({ ...body, reason: ' ' })).json().code).not.toBe(200);
    expect((await correct({ ...body, amount: 'one' })).json().code).not.toBe(200);
    expect((await correct(body, trial)).json().msg).toBe('The bill does not exist');
    expect((await correct(body, viewer)).statusCode).toBe(403);
    const tooMuch = { ...body, amount: -(original.amount + 0.01) };
    expect((await correct(tooMuch)).json().msg).toBe('A correction cannot credit more than the bill charged');
    expect((await correct(tooMuch, admin, ZH)).json().msg).toBe('更正退回的金额不能超过原账单金额');
    expect(await eventCount()).toBe(before);

    // A credit: a paid bill of its own, the amount on the balance as a transaction of its own.
    const credit = (await correct(body)).json().data;
    expect(credit).toMatchObject({
      accountNo: 'B0001',
      type: original.type,
      periodFrom: original.periodFrom,
      periodTo: original.periodTo,
      amount: -1.25,
      state: 'paid',
      correctsBillId: original.billId,
      adjustment: { amount: -1.25, reason: 'Meter misread' },
    });
    expect((await admin(`/prod-api/business/bill/${original.billId}`)).json().data).toMatchObject({
      amount: original.amount,
      state: 'paid',
      adjustment: null,
    });
    const after = await balance();
    expect(after.balance).toBeCloseTo(balanceBefore + 1.25, 2);
    expect(after.balance).toBeCloseTo(after.sum, 2);
    const trades = (await admin('/prod-api/business/transaction/list?accountNo=B0001')).json().rows;
    expect([trades[0].type, trades[0].balanceChange]).toEqual(['billCredit', 1.25]);
    const totalsCredited = await top();
    expect(totalsCredited.billed).toBeCloseTo(totalsBefore.billed - 1.25, 2);
    expect(totalsCredited.unpaid).toBeCloseTo(totalsBefore.unpaid, 2);

    // The credits of a bill never add up to more than it charged; a correction is not corrected itself.
    expect((await correct({ ...body, amount: -(original.amount - 1.25) - 0.01 })).json().msg).toBe(
      'A correction cannot credit more than the bill charged',
    );
    expect((await correct({ ...body, billId: credit.billId, amount: 1 })).json().msg).toBe(
      'A correction cannot be corrected: correct the original bill',
    );

    // A charge on top: unpaid until paid like any bill.
    const charge = (await correct({ ...body, amount: 3.4, reason: 'Late reading' })).json().data;
    expect(charge).toMatchObject({ amount: 3.4, state: 'unpaid', correctsBillId: original.billId });
    expect((await top()).unpaid).toBeCloseTo(totalsBefore.unpaid + 3.4, 2);
    const paid = await send('/business/bill/pay', { billId: charge.billId, method: 'counter' });
    expect(paid.json().data).toMatchObject({ state: 'paid', paidAmount: 3.4 });
    const listed = await bills(`?accountNo=B0001&period=${periodFrom.slice(0, 7)}`);
    expect(listed.total).toBe(3);
  });
});
