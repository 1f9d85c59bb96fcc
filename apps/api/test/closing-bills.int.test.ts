import { addDays, addMonths, localDate } from '@hydrolog/domain';
import { testEngines } from '@hydrolog/eventstore/testing';
import { uuidv7 } from '@hydrolog/schemas';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { runBills } from '../src/billing/run-bills.ts';
import { registerMeters, registerMeterType } from '../src/meters/index.ts';
import type { Services } from '../src/services.ts';
import { ACCOUNTS, injectAs, login, startApi, uploadReadings } from './support.ts';

const DEMO_TENANT = '00000000-0000-7000-8000-000000000002';
const DEMO_ZONE = 'Asia/Shanghai';
const ZONE_OFFSET = 8 * 3_600_000;
const EN = { 'content-language': 'en' };

interface BillRow {
  billId: string;
  accountNo: string;
  customerName: string;
  priceSchemeId: string;
  type: string;
  periodFrom: string;
  periodTo: string;
  volume: number;
  amount: number;
}

describe.each(testEngines())('bills closing the running period on $engine', (engine) => {
  let app: FastifyInstance;
  let services: Services;
  let admin: ReturnType<typeof injectAs>;
  let gatewayKey: string;
  let schemeA: string;
  let schemeB: string;
  const accounts: Record<string, string> = {};

  // The accounts close their running period two days ago, at noon; both schemes' monthly periods started ten
  // days before that.
  const today = localDate(Date.now(), DEMO_ZONE);
  const closingDay = addDays(today, -2);
  const periodFrom = addDays(closingDay, -10);
  const periodTo = addMonths(periodFrom, 1);
  const midnight = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) - ZONE_OFFSET).toISOString();
  const closingAt = Date.parse(midnight(closingDay)) + 12 * 3_600_000;
  /** Runs the work at the closing moment (the clock only: readings and later work keep the real time). */
  const atClosing = async <T>(work: () => Promise<T>): Promise<T> => {
    vi.useFakeTimers({ toFake: ['Date'], now: closingAt });
    try {
      return await work();
    } finally {
      vi.useRealTimers();
    }
  };
  const scheme = (name: string, steps: object[]) => ({
    name,
    accumulationCycle: 12,
    billingCycle: 1,
    startTime: periodFrom,
    vatRate: 0,
    chargingModel: 'tiered',
    steps,
  });

  const send = (method: 'POST' | 'PUT', url: string, payload: object) =>
    admin({ method, url: `/prod-api${url}`, payload, headers: EN });
  /** An account change, made at the closing moment. */
  const put = (url: string, payload: object) => atClosing(() => send('PUT', url, payload));
  const billsOf = async (accountNo: string): Promise<BillRow[]> =>
    (await admin(`/prod-api/business/bill/list?accountNo=${accountNo}`)).json().rows;
  const versionOf = async (accountNo: string) =>
    (await admin(`/prod-api/business/customer/${accounts[accountNo]}`)).json().data.version as number;
  const runPeriod = () =>
    runBills(services, DEMO_TENANT, { today: periodTo, timeZone: DEMO_ZONE, day: periodFrom });
  const eventCount = async () =>
    (
      await services.db.query<{ n: number }>(
        "SELECT count(*)::int AS n FROM es.events WHERE type <> 'OperationLogged'",
      )
    ).rows[0]!.n;

  beforeAll(async () => {
    ({ app, services } = await startApi(engine));
    admin = injectAs(app, await login(app, ...ACCOUNTS.demoAdmin));
    const metadata = { tenantId: DEMO_TENANT, correlationId: uuidv7() };
    const meterTypeId = await registerMeterType(services.store, metadata, {
      name: 'Closing household',
      billingMode: 'postpaid',
      valveControl: false,
      communication: 'nbiot',
      cardKind: 'none',
      reportIntervalMinutes: 24 * 60,
    });
    const meterNos = ['9201', '9202', '9203'];
    const meterIds = await registerMeters(
      services.store,
      metadata,
      meterNos.map((meterNo) => ({ meterNo, meterTypeId })),
      { registeredAt: new Date(Date.parse(midnight(periodFrom)) - 86_400_000) },
    );
    gatewayKey = (
      await send('POST', '/ingest/gateway', { name: 'Closing gateway', kind: 'concentrator' })
    ).json().data.key;
    // A: 0-6 m³ at 2.00, above at 3.50. B: 0-1 m³ at 1.00, above at 4.00 (its steps start empty).
    schemeA = (
      await send(
        'POST',
        '/business/priceScheme',
        scheme('Closing A', [
          { startVolume: 0, endVolume: 6, unitPrice: 2 },
          { startVolume: 6, endVolume: -1, unitPrice: 3.5 },
        ]),
      )
    ).json().data.priceSchemeId;
    schemeB = (
      await send(
        'POST',
        '/business/priceScheme',
        scheme('Closing B', [
          { startVolume: 0, endVolume: 1, unitPrice: 1 },
          { startVolume: 1, endVolume: -1, unitPrice: 4 },
        ]),
      )
    ).json().data.priceSchemeId;
    const customerTypeId = (await send('POST', '/business/customerType', { name: 'Closing' })).json().data
      .customerTypeId;
    for (const [i, accountNo] of ['C0001', 'C0002', 'C0003'].entries()) {
      const opened = await send('POST', '/business/customer', {
        accountNo,
        name: 'Wang Fang',
        phone: '13800000021',
        customerTypeId,
        meterId: meterIds[i],
        businessMode: 'postpaid',
        priceSchemeId: schemeA,
        // The accounts opened on the period's first day.
        openedOn: periodFrom,
      });
      expect(opened.json().code).toBe(200);
      accounts[accountNo] = opened.json().data.customerId;
    }
    // Each meter reports its midnights since: half a cubic metre a day up to the closing day, then 1 m³ a day.
    const days: string[] = [];
    for (let d = periodFrom; d <= today; d = addDays(d, 1)) days.push(d);
    const readings = meterNos.flatMap((meterNo) =>
      days.map((day, i) => ({
        meterNo,
        ts: midnight(day),
        total: 100 + Math.min(i, 10) * 0.5 + Math.max(0, i - 10),
      })),
    );
    const res = await uploadReadings(app, gatewayKey, readings);
    expect(res.statusCode).toBeLessThan(300);
    await services.runner.catchUp('readings');
  }, 180_000);
  afterAll(async () => {
    await app.close();
    await services.close();
  });

  // The ten whole days before the closing day: 5 m³ at 2.00 under scheme A.
  const closed = { periodFrom, periodTo: addDays(closingDay, -1), volume: 5, amount: 10 };

  it('closes the running period with a freeze bill when a postpaid account is frozen', async () => {
    const frozen = await put('/business/customer/freeze', {
      customerId: accounts.C0001,
      version: await versionOf('C0001'),
    });
    expect(frozen.json().data.status).toBe('frozen');
    expect(await billsOf('C0001')).toEqual([
      expect.objectContaining({
        type: 'freeze',
        customerName: 'Wang Fang',
        priceSchemeId: schemeA,
        ...closed,
      }),
    ]);
    // Unfrozen and frozen again the same day: no whole day left to bill.
    await put('/business/customer/unfreeze', {
      customerId: accounts.C0001,
      version: await versionOf('C0001'),
    });
    await put('/business/customer/freeze', {
      customerId: accounts.C0001,
      version: await versionOf('C0001'),
    });
    expect(await billsOf('C0001')).toHaveLength(1);
  });

  it("closes the running period with a transfer bill, the old holder's, when the account is transferred", async () => {
    const transfer = (version: number) =>
      put('/business/customer/transfer', {
        customerId: accounts.C0002,
        name: 'Li Lei',
        phone: '13900000000',
        version,
      });
    // A transfer refused (a stale form) issues no bill either.
    const before = await eventCount();
    const current = await versionOf('C0002');
    expect((await transfer(current + 1)).json().code).not.toBe(200);
    expect(await eventCount()).toBe(before);

    const moved = await transfer(current);
    expect(moved.json().data.name).toBe('Li Lei');
    expect(await billsOf('C0002')).toEqual([
      expect.objectContaining({ type: 'transfer', customerName: 'Wang Fang', ...closed }),
    ]);
  });

  it('closes the running period under the old scheme with a tariff renewal bill when the scheme changes', async () => {
    const change = async () =>
      put('/business/customer/priceScheme', {
        customerId: accounts.C0003,
        version: await versionOf('C0003'),
        priceSchemeId: schemeB,
      });
    const changed = await change();
    expect(changed.json().data.priceSchemeId).toBe(schemeB);
    expect(await billsOf('C0003')).toEqual([
      expect.objectContaining({ type: 'tariffRenewal', priceSchemeId: schemeA, ...closed }),
    ]);
    // The same scheme again changes nothing; an unknown scheme is refused.
    const before = await eventCount();
    expect((await change()).json().code).toBe(200);
    const unknown = await put('/business/customer/priceScheme', {
      customerId: accounts.C0003,
      version: await versionOf('C0003'),
      priceSchemeId: uuidv7(),
    });
    expect(unknown.json()).toMatchObject({ code: 500, msg: 'The price scheme does not exist' });
    expect(await eventCount()).toBe(before);
    expect(await billsOf('C0003')).toHaveLength(1);
  });

  it('bills only the rest of the period once it ends, and a rerun issues nothing', async () => {
    await runPeriod();
    // The closing day and the day after (today's volume is not known yet).
    const rest = { periodFrom: closingDay, periodTo: addDays(periodTo, -1), volume: 2 };
    // Under A the steps go on from the 5 m³ the closing bill left: 1 m³ at 2.00 and 1 m³ at 3.50.
    for (const accountNo of ['C0001', 'C0002']) {
      const bills = await billsOf(accountNo);
      expect(bills).toHaveLength(2);
      expect(bills[0]).toMatchObject({ type: 'ordinary', priceSchemeId: schemeA, ...rest, amount: 5.5 });
    }
    expect((await billsOf('C0002'))[0]!.customerName).toBe('Li Lei');
    // Under B the steps start empty: 1 m³ at 1.00 and 1 m³ at 4.00.
    const renewed = await billsOf('C0003');
    expect(renewed).toHaveLength(2);
    expect(renewed[0]).toMatchObject({ type: 'ordinary', priceSchemeId: schemeB, ...rest, amount: 5 });
    // Every day's volume is billed once: the closing bill and the rest make the period's 7 m³.
    for (const accountNo of ['C0001', 'C0002', 'C0003']) {
      const bills = await billsOf(accountNo);
      expect(bills.reduce((sum, b) => sum + b.volume, 0)).toBe(7);
    }

    const before = await eventCount();
    const again = await runPeriod();
    expect(again.issued).toBe(0);
    expect(again.alreadyBilled).toBeGreaterThanOrEqual(3);
    expect(await eventCount()).toBe(before);
  });
});
