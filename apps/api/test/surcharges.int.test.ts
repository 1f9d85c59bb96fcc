import { testEngines } from '@hydrolog/eventstore/testing';
import { uuidv7 } from '@hydrolog/schemas';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerMeters, registerMeterType } from '../src/meters/index.ts';
import type { Services } from '../src/services.ts';
import { ACCOUNTS, injectAs, login, startApi } from './support.ts';

const DEMO_TENANT = '00000000-0000-7000-8000-000000000002';
const EN = { 'content-language': 'en' };
const ZH = { 'content-language': 'zh-CN' };

const scheme = {
  name: 'Sewage and rent',
  items: [
    {
      name: 'Sewage fee',
      feeType: 'system',
      deductionMethod: 'percentage',
      deductionRatio: 10,
      deductionFrequency: 'volume',
      enabledDate: '2026-01-01',
      vatRate: 6,
    },
    {
      name: 'Meter rent',
      feeType: 'personal',
      deductionMethod: 'fixed',
      deductionAmount: 3.5,
      deductionFrequency: 'month',
      enabledDate: '2026-01-01',
    },
  ],
};

describe.each(testEngines())('surcharges and debts on $engine', (engine) => {
  let app: FastifyInstance;
  let services: Services;
  let admin: ReturnType<typeof injectAs>;
  let viewer: ReturnType<typeof injectAs>;
  let trial: ReturnType<typeof injectAs>;
  let customerId: string;
  let secondCustomerId: string;

  const eventCount = async () =>
    (
      await services.db.query<{ n: number }>(
        "SELECT count(*)::int AS n FROM es.events WHERE type <> 'OperationLogged'",
      )
    ).rows[0]!.n;
  const send = (method: 'POST' | 'PUT', url: string, payload: object, as = admin, headers = EN) =>
    as({ method, url: `/prod-api${url}`, payload, headers });

  beforeAll(async () => {
    ({ app, services } = await startApi(engine));
    admin = injectAs(app, await login(app, ...ACCOUNTS.demoAdmin));
    viewer = injectAs(app, await login(app, ...ACCOUNTS.demoViewer));
    trial = injectAs(app, await login(app, ...ACCOUNTS.trialAdmin));
    const metadata = { tenantId: DEMO_TENANT, correlationId: uuidv7() };
    const meterTypeId = await registerMeterType(services.store, metadata, {
      name: 'Surcharge household',
      billingMode: 'prepaid',
      valveControl: false,
      communication: 'nbiot',
      cardKind: 'none',
      reportIntervalMinutes: 60,
    });
    const [meterId, secondMeterId] = await registerMeters(services.store, metadata, [
      { meterNo: '8801', meterTypeId },
      { meterNo: '8802', meterTypeId },
    ]);
    const type = await send('POST', '/business/customerType', { name: 'Surcharged' });
    const opened = await send('POST', '/business/customer', {
      accountNo: 'S0001',
      name: 'Li Lei',
      phone: '13800000011',
      customerTypeId: type.json().data.customerTypeId,
      meterId,
    });
    customerId = opened.json().data.customerId;
    const second = await send('POST', '/business/customer', {
      accountNo: 'S0002',
      name: 'Han Meimei',
      phone: '13800000012',
      customerTypeId: type.json().data.customerTypeId,
      meterId: secondMeterId,
    });
    secondCustomerId = second.json().data.customerId;
  }, 180_000);
  afterAll(async () => {
    await app.close();
    await services.close();
  });

  it('saves a scheme with its charging items, refuses a taken item name and a ratio over 100%, and calculates trials', async () => {
    const created = (await send('POST', '/business/surcharge', scheme)).json();
    expect(created).toMatchObject({
      code: 200,
      data: { name: 'Sewage and rent', status: '0', itemCount: 2, accountCount: 0 },
    });
    expect(created.data.items[1]).toMatchObject({ name: 'Meter rent', deductionAmount: 3.5, vatRate: 0 });
    const list = (await admin('/prod-api/business/surcharge/list?name=sewage')).json();
    expect(list).toMatchObject({ code: 200, total: 1 });

    const before = await eventCount();
    const taken = await send('POST', '/business/surcharge', {
      ...scheme,
      name: 'Other',
      items: [scheme.items[1]],
    });
    expect(taken.json()).toMatchObject({ code: 500, msg: 'The charging item name already exists!' });
    const over = await send('POST', '/business/surcharge', {
      name: 'Too much',
      items: [
        { ...scheme.items[0], name: 'A', deductionRatio: 60 },
        { ...scheme.items[0], name: 'B', deductionRatio: 40.01 },
      ],
    });
    expect(over.statusCode).toBe(400);
    expect(JSON.stringify(over.json())).toContain(
      'Total cumulative deduction ratio is not allowed to be greater than 100%!',
    );
    expect((await send('POST', '/business/surcharge', { name: '', items: [] })).statusCode).toBe(400);
    expect(await eventCount()).toBe(before);

    const saved = (
      await send('POST', '/business/surcharge/trial', {
        surchargeSchemeId: created.data.surchargeSchemeId,
        amount: 100,
        volume: 20,
      })
    ).json();
    expect(saved).toMatchObject({
      code: 200,
      data: {
        lines: [
          { name: 'Sewage fee', net: 10, vat: 0.6, total: 10.6 },
          { name: 'Meter rent', net: 3.5, vat: 0, total: 3.5 },
        ],
        total: 14.1,
      },
    });
    const unsaved = await send('POST', '/business/surcharge/trial', {
      items: [scheme.items[0]],
      amount: 50.05,
    });
    expect(unsaved.json().data).toMatchObject({ net: 5.01, vat: 0.3, total: 5.31 });
  });

  it('binds personal items to an account; a scheme in use is neither disabled nor deleted', async () => {
    const { rows } = (await admin('/prod-api/business/surcharge/list?name=sewage')).json();
    const [sewage, rent] = rows[0].items;
    const system = await send('POST', '/business/personalSurcharge', {
      customerId,
      chargingItemIds: [sewage.chargingItemId],
    });
    expect(system.json()).toMatchObject({ code: 500, key: 'error.personalSurcharge.systemItem' });
    const bound = (
      await send('POST', '/business/personalSurcharge', {
        customerId,
        chargingItemIds: [rent.chargingItemId],
      })
    ).json();
    expect(bound).toMatchObject({
      code: 200,
      data: { accountNo: 'S0001', customerName: 'Li Lei', items: [{ name: 'Meter rent' }] },
    });
    const again = await send('POST', '/business/personalSurcharge', {
      customerId,
      chargingItemIds: [rent.chargingItemId],
    });
    expect(again.json().key).toBe('error.personalSurcharge.exists');
    expect((await admin('/prod-api/business/personalSurcharge/list?accountNo=S0001')).json().total).toBe(1);

    const disable = await send('PUT', '/business/surcharge', { ...rows[0], status: '1' }, admin, ZH);
    expect(disable.json()).toMatchObject({ code: 500, msg: '附加费方案已被使用，不允许停用！' });
    const remove = await admin({
      method: 'DELETE',
      url: `/prod-api/business/surcharge/${rows[0].surchargeSchemeId}`,
    });
    expect(remove.json().key).toBe('error.surcharge.inUse');

    // Unbound, the scheme can be disabled.
    await admin({
      method: 'DELETE',
      url: `/prod-api/business/personalSurcharge/${bound.data.personalSurchargeId}`,
    });
    const disabled = await send('PUT', '/business/surcharge', { ...rows[0], status: '1' });
    expect(disabled.json()).toMatchObject({ code: 200, data: { status: '1', accountCount: 0 } });
  });

  it('adds a debt, plans it, pays it at the counter until paid in full, and keeps its record', async () => {
    const before = await eventCount();
    const zero = await send('POST', '/business/debt', {
      customerId,
      debtType: 'water',
      feeName: 'Arrears',
      amount: 0,
    });
    expect(zero.statusCode).toBe(400);
    expect(JSON.stringify(zero.json())).toContain('This debt must be greater than 0');
    expect(await eventCount()).toBe(before);

    const added = (
      await send('POST', '/business/debt', { customerId, debtType: 'water', feeName: 'Arrears', amount: 100 })
    ).json();
    expect(added).toMatchObject({
      code: 200,
      data: {
        accountNo: 'S0001',
        debtAmount: 100,
        residualDebt: 100,
        remainingDeductions: null,
        operator: 'demo_admin',
      },
    });
    const { debtId } = added.data;
    // An account that owes cannot be cancelled.
    const account = (await admin(`/prod-api/business/customer/${customerId}`)).json().data;
    const cancel = await send('PUT', '/business/customer/cancel', { customerId, version: account.version });
    expect(cancel.json()).toMatchObject({ code: 500, key: 'error.customer.cancelNotAllowed' });

    const planned = (await send('PUT', '/business/debt/plan', { debtId, deductions: 4 })).json();
    expect(planned.data).toMatchObject({ deductions: 4, remainingDeductions: 4, instalment: 25 });
    const paid = (await send('PUT', '/business/debt/pay', { debtId, amount: 25 })).json();
    expect(paid.data).toMatchObject({ residualDebt: 75, remainingDeductions: 3 });
    const over = await send('PUT', '/business/debt/pay', { debtId, amount: 75.01 });
    expect(over.json().key).toBe('error.debt.overpaid');
    await send('PUT', '/business/debt/pay', { debtId, amount: 75 });
    const full = await send('PUT', '/business/debt/pay', { debtId, amount: 1 });
    expect(full.json()).toMatchObject({ code: 500, msg: "The user's debt has been paid in full!" });

    const record = (await admin(`/prod-api/business/debt/record/list?debtId=${debtId}`)).json();
    expect(record.total).toBe(4);
    expect(
      record.rows.map(
        (r: { kind: string; amount: number; remainingDebt: number; remainingDeductions: number | null }) => [
          r.kind,
          r.amount,
          r.remainingDebt,
          r.remainingDeductions,
        ],
      ),
    ).toEqual([
      ['paid', 75, 0, 0],
      ['paid', 25, 75, 3],
      ['planned', 0, 100, 4],
      ['added', 0, 100, null],
    ]);
    expect((await admin('/prod-api/business/debt/list?open=true&accountNo=S0001')).json().total).toBe(0);
    const exported = await send('POST', '/business/debt/export', { accountNo: 'S0001' });
    expect(exported.headers['content-type']).toContain('spreadsheetml');
    // Paid in full, the account can be cancelled.
    const fresh = (await admin(`/prod-api/business/customer/${customerId}`)).json().data;
    expect(
      (await send('PUT', '/business/customer/cancel', { customerId, version: fresh.version })).json().code,
    ).toBe(200);
  });

  it('a recharge pays the due debt instalment and due surcharges first, each a transaction, and the rest reaches the balance', async () => {
    const fees = (
      await send('POST', '/business/surcharge', {
        name: 'Recharge fees',
        items: [
          {
            name: 'Service fee',
            feeType: 'personal',
            deductionMethod: 'fixed',
            deductionAmount: 2.5,
            deductionFrequency: 'month',
            enabledDate: '2026-01-01',
          },
          {
            name: 'Levy',
            feeType: 'personal',
            deductionMethod: 'percentage',
            deductionRatio: 10,
            deductionFrequency: 'volume',
            enabledDate: '2026-01-01',
          },
        ],
      })
    ).json().data;
    const chargingItemIds = fees.items.map((i: { chargingItemId: string }) => i.chargingItemId);
    const customerId = secondCustomerId;
    expect(
      (await send('POST', '/business/personalSurcharge', { customerId, chargingItemIds })).json().code,
    ).toBe(200);
    const debt = { customerId, debtType: 'water', feeName: 'Old arrears', amount: 90 };
    const { debtId } = (await send('POST', '/business/debt', debt)).json().data;
    await send('PUT', '/business/debt/plan', { debtId, deductions: 3 });

    const recharge = (amount: number) =>
      send('POST', '/business/customer/recharge', { accountNo: 'S0002', amount, payChannel: '0' });
    // 100 pays the instalment (30), the levy (10% of 100) and the monthly fee (2.50): 57.50 is left.
    expect((await recharge(100)).json().data.balance).toBe(57.5);
    expect((await admin(`/prod-api/business/debt/${debtId}`)).json().data).toMatchObject({
      residualDebt: 60,
      remainingDeductions: 2,
    });
    const listed = (await admin('/prod-api/business/transaction/list?accountNo=S0002')).json();
    const movements = (rows: { type: string; amount: number; balanceAfter: number; reference: string }[]) =>
      rows.map((r) => [r.type, r.amount, r.balanceAfter, r.reference]);
    expect(movements(listed.rows)).toEqual([
      ['surcharge', 2.5, 57.5, 'Service fee'],
      ['surcharge', 10, 60, 'Levy'],
      ['debtPayment', 30, 70, 'Old arrears'],
      ['recharge', 100, 100, '0'],
    ]);
    // The monthly fee is paid for the month: a second recharge pays the instalment and the levy only.
    expect((await recharge(50)).json().data.balance).toBe(72.5);
    const surcharges = (
      await admin('/prod-api/business/transaction/list?accountNo=S0002&type=surcharge')
    ).json();
    expect(surcharges.total).toBe(3);
    const exported = await send('POST', '/business/transaction/export', { accountNo: 'S0002' });
    expect(exported.headers['content-type']).toContain('spreadsheetml');
    expect((await viewer('/prod-api/business/transaction/list?accountNo=S0002')).json().total).toBe(7);
    expect((await trial('/prod-api/business/transaction/list')).json().total).toBe(0);
    expect((await admin('/prod-api/business/transaction/list?type=bogus')).statusCode).toBe(400);
  });

  it('keeps each tenant to its own records and each role to its permissions', async () => {
    const { rows } = (await admin('/prod-api/business/debt/list')).json();
    const { debtId } = rows[0];
    expect((await trial(`/prod-api/business/debt/${debtId}`)).json().key).toBe('error.debt.notFound');
    expect((await send('PUT', '/business/debt/pay', { debtId, amount: 1 }, trial)).json().key).toBe(
      'error.debt.notFound',
    );
    expect(
      (
        await send(
          'POST',
          '/business/debt',
          { customerId, debtType: 'other', feeName: 'X', amount: 1 },
          trial,
        )
      ).json().key,
    ).toBe('error.customer.notFound');
    expect((await trial('/prod-api/business/surcharge/list')).json().total).toBe(0);
    // Another tenant's charging items and accounts are unknown to the caller.
    const [scheme] = (await admin('/prod-api/business/surcharge/list')).json().rows;
    const itemIds = scheme.items.map((i: { chargingItemId: string }) => i.chargingItemId);
    const bind = { customerId, chargingItemIds: itemIds };
    expect((await send('POST', '/business/personalSurcharge', bind, trial)).json().key).toBe(
      'error.customer.notFound',
    );
    const trialScheme = { surchargeSchemeId: scheme.surchargeSchemeId, amount: 10 };
    expect((await send('POST', '/business/surcharge/trial', trialScheme, trial)).json().key).toBe(
      'error.surcharge.notFound',
    );
    expect((await trial('/prod-api/business/debt/record/list')).json().total).toBe(0);

    expect((await viewer('/prod-api/business/debt/list')).json().code).toBe(200);
    const before = await eventCount();
    const refused = await send(
      'POST',
      '/business/debt',
      { customerId, debtType: 'other', feeName: 'X', amount: 1 },
      viewer,
    );
    expect(refused.json().code).not.toBe(200);
    expect(
      (await send('POST', '/business/surcharge', { ...scheme, name: 'Viewer' }, viewer)).json().code,
    ).not.toBe(200);
    expect(await eventCount()).toBe(before);
  });
});
