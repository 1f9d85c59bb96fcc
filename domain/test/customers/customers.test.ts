import { type ChargingItem, openAccountBodySchema, rechargeBodySchema } from '@hydrolog/schemas';
import { describe, expect, it } from 'vitest';
import {
  type CustomerCommand,
  type CustomerEvent,
  type CustomerTypeEvent,
  customerDecider,
  customerTypeDecider,
} from '../../src/customers/index.ts';
import { given } from '../spec.ts';

const tenantId = '0190a000-0000-7000-8000-000000000001';
const customerId = '0190a000-0000-7000-8000-0000000000e1';
const customerTypeId = '0190a000-0000-7000-8000-0000000000e2';
const meterId = '0190a000-0000-7000-8000-0000000000d1';
const meterTypeId = '0190a000-0000-7000-8000-0000000000d2';
const commandId = '0190a000-0000-7000-8000-0000000000c1';
const at = '2026-11-02T00:00:00.000Z';

const body = openAccountBodySchema.parse({
  name: 'Wang Fang',
  phone: '13800000009',
  customerTypeId,
  meterId,
});
const opened: CustomerEvent = {
  type: 'CustomerOpened',
  data: {
    ...body,
    customerId,
    tenantId,
    accountNo: 'A0001',
    meterNo: '10000001',
    meterTypeId,
    openedAt: '2026-11-01T00:00:00.000Z',
    valveCommandId: null,
  },
};
const frozen: CustomerEvent = { type: 'CustomerFrozen', data: { customerId, at, valveCommandId: commandId } };
const cancelled: CustomerEvent = { type: 'CustomerCancelled', data: { customerId, at } };
const recharged = (amount: number): CustomerEvent => ({
  type: 'AccountRecharged',
  data: { customerId, at, amount, payChannel: '3' },
});

describe('customer account decider', () => {
  /** A free meter, and a number given that no account has, in a tenant that numbers accounts by hand. */
  const free = {
    meterOnAccount: false,
    accountNoGiven: true,
    manualAccountNos: true,
    accountNoTaken: false,
  };
  const open = { type: 'OpenAccount' as const, ...opened.data, facts: free };

  it('opens an account once', () => {
    given(customerDecider, []).when(open).then([opened]);
    given(customerDecider, [opened]).when(open).thenFails('error.customer.exists');
  });

  it('opens an account only on a meter no account holds', () => {
    given(customerDecider, [])
      .when({ ...open, facts: { ...free, meterOnAccount: true } })
      .thenFails('error.customer.meterTaken');
  });

  it('takes a number given only when no account of the tenant has it', () => {
    given(customerDecider, [])
      .when({ ...open, facts: { ...free, accountNoTaken: true } })
      .thenFails('error.customer.accountExists');
  });

  it('needs a number given when the tenant numbers accounts by hand, and generates one otherwise', () => {
    given(customerDecider, [])
      .when({ ...open, facts: { ...free, accountNoGiven: false } })
      .thenFails('error.customer.accountNoRequired');
    given(customerDecider, [])
      .when({ ...open, facts: { ...free, accountNoGiven: false, manualAccountNos: false } })
      .then([opened]);
  });

  it('opens on an earlier day no later than today and no earlier than its meter may open', () => {
    const day = (d: string) => ({
      ...free,
      openedOn: { day: d, today: '2026-05-20', earliest: '2026-03-01' },
    });
    given(customerDecider, [])
      .when({ ...open, facts: day('2026-03-01') })
      .then([opened]);
    given(customerDecider, [])
      .when({ ...open, facts: day('2026-05-21') })
      .thenFails('error.customer.openedInFuture');
    given(customerDecider, [])
      .when({ ...open, facts: day('2026-02-28') })
      .thenFails('error.customer.openedBeforeMeter');
  });

  it('names the meter first when both the meter and the number are taken', () => {
    given(customerDecider, [])
      .when({ ...open, facts: { ...free, meterOnAccount: true, accountNoTaken: true } })
      .thenFails('error.customer.meterTaken');
  });

  it('freezes an active account with the valve command it issued, and refuses a second freeze', () => {
    given(customerDecider, [opened]).when({ type: 'Freeze', at, valveCommandId: commandId }).then([frozen]);
    given(customerDecider, [opened, frozen])
      .when({ type: 'Freeze', at, valveCommandId: null })
      .thenFails('error.customer.alreadyFrozen');
  });

  it('unfreezes only a frozen account', () => {
    given(customerDecider, [opened, frozen])
      .when({ type: 'Unfreeze', at, valveCommandId: null })
      .then([{ type: 'CustomerUnfrozen', data: { customerId, at, valveCommandId: null } }]);
    given(customerDecider, [opened])
      .when({ type: 'Unfreeze', at, valveCommandId: null })
      .thenFails('error.customer.notFrozen');
  });

  it('refuses to cancel while a balance is not refunded, then cancels once it is', () => {
    given(customerDecider, [opened, recharged(12.5)])
      .when({ type: 'Cancel', at, openDebt: 0 })
      .thenFails('error.customer.balanceNotRefunded');
    const refunded = given(customerDecider, [opened, recharged(12.5)])
      .when({ type: 'Refund', at, payChannel: '3' })
      .then([{ type: 'AccountRefunded', data: { customerId, at, amount: 12.5, payChannel: '3' } }]);
    given(customerDecider, [opened, recharged(12.5), ...refunded])
      .when({ type: 'Cancel', at, openDebt: 0 })
      .then([cancelled]);
  });

  it('refuses to cancel while a debt is open', () => {
    given(customerDecider, [opened])
      .when({ type: 'Cancel', at, openDebt: 3 })
      .thenFails('error.customer.cancelNotAllowed');
  });

  it('cancels a frozen account too, and a cancelled account takes no command at all', () => {
    given(customerDecider, [opened, frozen]).when({ type: 'Cancel', at, openDebt: 0 }).then([cancelled]);
    const closed = [opened, cancelled];
    const commands: CustomerCommand[] = [
      { type: 'Freeze', at, valveCommandId: null },
      { type: 'Unfreeze', at, valveCommandId: null },
      { type: 'Cancel', at, openDebt: 0 },
      { type: 'Recharge', at, amount: 5, payChannel: '0' },
      { type: 'Refund', at, payChannel: '0' },
      { type: 'Transfer', at, name: 'Li Lei', phone: '13900000000', idType: '0', nature: '0' },
    ];
    for (const command of commands)
      given(customerDecider, closed).when(command).thenFails('error.customer.closed');
  });

  it('keeps the balance in cents: many small recharges add up exactly', () => {
    const tenCents = Array.from({ length: 3 }, () => recharged(0.1));
    given(customerDecider, [opened, ...tenCents])
      .when({ type: 'Refund', at, payChannel: '2' })
      .then([{ type: 'AccountRefunded', data: { customerId, at, amount: 0.3, payChannel: '2' } }]);
  });

  it('refuses a refund with nothing on the account (balance insufficient) and a zero recharge', () => {
    given(customerDecider, [opened])
      .when({ type: 'Refund', at, payChannel: '3' })
      .thenFails('error.customer.balanceInsufficient');
    given(customerDecider, [opened])
      .when({ type: 'Recharge', at, amount: 0, payChannel: '3' })
      .thenFails('error.customer.balanceInsufficient');
  });

  it('pays the due debt instalment, then the due surcharges, out of a recharge; the rest reaches the balance', () => {
    const debtId = '0190a000-0000-7000-8000-0000000000f1';
    const item = (name: string, over: Partial<ChargingItem>): ChargingItem => ({
      chargingItemId: over.chargingItemId ?? '0190a000-0000-7000-8000-0000000000f2',
      name,
      feeType: 'personal',
      deductionMethod: 'fixed',
      deductionRatioBasisPoints: 0,
      deductionAmountCents: 250,
      deductionFrequency: 'month',
      enabledDate: '2026-01-01',
      vatRateBasisPoints: 0,
      ...over,
    });
    const levy = item('Levy', {
      chargingItemId: '0190a000-0000-7000-8000-0000000000f3',
      deductionMethod: 'percentage',
      deductionRatioBasisPoints: 1_000,
      vatRateBasisPoints: 600,
    });
    const rent = item('Rent', {});
    const due = {
      debts: [{ debtId, feeName: 'Arrears', instalmentCents: 3_000, residualCents: 2_000 }],
      surcharges: [
        { item: levy, lastChargedAt: null },
        // Charged this month already: not due again until next month.
        { item: rent, lastChargedAt: '2026-11-01T09:00:00.000Z' },
        { item: item('Later', { enabledDate: '2027-01-01' }), lastChargedAt: null },
        {
          item: item('Per m3', { deductionMethod: 'perCount', deductionFrequency: 'volume' }),
          lastChargedAt: null,
        },
      ],
    };
    const recharge = { type: 'Recharge' as const, at, amount: 100, payChannel: '0' as const, due };
    const deductions = [
      // The instalment never takes more than the debt's residual.
      { kind: 'debt' as const, debtId, feeName: 'Arrears', amountCents: 2_000 },
      // 10% of the payment, plus 6% VAT on it.
      { kind: 'surcharge' as const, chargingItemId: levy.chargingItemId, name: 'Levy', amountCents: 1_060 },
    ];
    given(customerDecider, [opened])
      .when(recharge)
      .then([
        { type: 'AccountRecharged', data: { customerId, at, amount: 100, payChannel: '0', deductions } },
      ]);
    // Last charged in October: the monthly rent is due in November. A small recharge pays what it can.
    const october = { item: rent, lastChargedAt: '2026-10-31T23:00:00.000Z' };
    given(customerDecider, [opened])
      .when({ ...recharge, amount: 21, due: { ...due, surcharges: [october] } })
      .then([
        {
          type: 'AccountRecharged',
          data: {
            customerId,
            at,
            amount: 21,
            payChannel: '0',
            deductions: [
              { kind: 'debt', debtId, feeName: 'Arrears', amountCents: 2_000 },
              { kind: 'surcharge', chargingItemId: rent.chargingItemId, name: 'Rent', amountCents: 100 },
            ],
          },
        },
      ]);
    // Nothing due: the whole recharge reaches the balance, and a refund gives back only what reached it.
    given(customerDecider, [
      opened,
      { type: 'AccountRecharged', data: { customerId, at, amount: 100, payChannel: '0', deductions } },
    ])
      .when({ type: 'Refund', at, payChannel: '0' })
      .then([{ type: 'AccountRefunded', data: { customerId, at, amount: 69.4, payChannel: '0' } }]);
  });

  it('transfers the account to a new holder, and answers "account number not found" for no account', () => {
    const holder = { name: 'Li Lei', phone: '13900000000', idType: '1' as const, nature: '0' as const };
    given(customerDecider, [opened])
      .when({ type: 'Transfer', at, ...holder })
      .then([{ type: 'CustomerTransferred', data: { customerId, at, ...holder } }]);
    given(customerDecider, [])
      .when({ type: 'Transfer', at, ...holder })
      .thenFails('error.customer.notFound');
  });

  it('charges the account at another scheme; the same scheme changes nothing, a closed account nothing at all', () => {
    const schemeA = '0190a000-0000-7000-8000-0000000000e1';
    const schemeB = '0190a000-0000-7000-8000-0000000000e2';
    const onA: CustomerEvent = {
      ...opened,
      data: { ...opened.data, priceSchemeId: schemeA },
    } as CustomerEvent;
    const change = { type: 'ChangePriceScheme' as const, at, priceSchemeId: schemeB };
    const events = given(customerDecider, [onA])
      .when(change)
      .then([{ type: 'CustomerPriceSchemeChanged', data: { customerId, at, priceSchemeId: schemeB } }]);
    given(customerDecider, [onA, ...events])
      .when(change)
      .then([]);
    given(customerDecider, [onA, cancelled]).when(change).thenFails('error.customer.closed');
  });

  it('moves the account to a replacement meter; the same meter changes nothing', () => {
    const otherMeter = '0190a000-0000-7000-8000-0000000000d9';
    const replacement = { at, meterId: otherMeter, meterNo: '10000009', meterTypeId };
    const change = { type: 'ChangeMeter' as const, ...replacement, meterOnAccount: false };
    const events = given(customerDecider, [opened])
      .when(change)
      .then([{ type: 'CustomerMeterChanged', data: { customerId, ...replacement } }]);
    given(customerDecider, [opened, ...events])
      .when(change)
      .then([]);
    given(customerDecider, [opened])
      .when({ ...change, meterOnAccount: true })
      .thenFails('error.customer.meterTaken');
  });

  describe('prepaid deduction and the arrears valve', () => {
    const valveId = '0190a000-0000-7000-8000-0000000000c2';
    const schemeId = '0190a000-0000-7000-8000-0000000000b1';
    const deduct = (
      day: string,
      amountCents: number,
      valve: { thresholdCents: number } | null = null,
    ): Extract<CustomerCommand, { type: 'Deduct' }> => ({
      type: 'Deduct',
      day,
      meterId,
      priceSchemeId: schemeId,
      litres: amountCents * 10,
      accumulatedLitres: 0,
      lines: [],
      amountCents,
      at,
      valve: valve ? { commandId: valveId, ...valve } : null,
    });
    const deducted = (
      day: string,
      amountCents: number,
      valveCommandId: string | null = null,
    ): CustomerEvent => {
      const { type: _, valve: __, ...data } = deduct(day, amountCents);
      return { type: 'AccountDeducted', data: { customerId, ...data, valveCommandId } };
    };

    it('pays for each day once and in order: a rerun of a day, or an earlier day, pays nothing', () => {
      given(customerDecider, [opened])
        .when(deduct('2026-11-02', 150))
        .then([deducted('2026-11-02', 150)]);
      given(customerDecider, [opened, deducted('2026-11-02', 150)])
        .when(deduct('2026-11-02', 150))
        .then([]);
      given(customerDecider, [opened, deducted('2026-11-02', 150)])
        .when(deduct('2026-11-01', 150))
        .then([]);
    });

    it('takes the balance below zero, which then refuses a refund and a cancellation', () => {
      const owing = [opened, recharged(1), deducted('2026-11-02', 150)];
      given(customerDecider, owing)
        .when({ type: 'Refund', at, payChannel: '3' })
        .thenFails('error.customer.balanceInsufficient');
      given(customerDecider, owing)
        .when({ type: 'Cancel', at, openDebt: 0 })
        .thenFails('error.customer.cancelNotAllowed');
    });

    it('closes the valve once arrears reach the threshold, and not again while it stays closed', () => {
      // 1.00 on the account; the threshold is 0.50 of arrears.
      given(customerDecider, [opened, recharged(1)])
        .when(deduct('2026-11-02', 140, { thresholdCents: 50 }))
        .then([deducted('2026-11-02', 140)]);
      given(customerDecider, [opened, recharged(1)])
        .when(deduct('2026-11-02', 150, { thresholdCents: 50 }))
        .then([deducted('2026-11-02', 150, valveId)]);
      given(customerDecider, [opened, recharged(1), deducted('2026-11-02', 150, commandId)])
        .when(deduct('2026-11-03', 100, { thresholdCents: 50 }))
        .then([deducted('2026-11-03', 100)]);
      // No threshold given (the meter has no valve): nothing to close.
      given(customerDecider, [opened])
        .when(deduct('2026-11-02', 500))
        .then([deducted('2026-11-02', 500)]);
    });

    it('opens the valve with the recharge that ends the arrears, and only then', () => {
      const closed = [opened, recharged(1), deducted('2026-11-02', 200, commandId)]; // balance -1.00
      const recharge = (amount: number) =>
        ({
          type: 'Recharge',
          at,
          amount,
          payChannel: '3',
          valve: { commandId: valveId, thresholdCents: 50 },
        }) as const;
      given(customerDecider, closed)
        .when(recharge(0.4))
        .then([{ type: 'AccountRecharged', data: { customerId, at, amount: 0.4, payChannel: '3' } }]);
      given(customerDecider, closed)
        .when(recharge(0.51))
        .then([
          {
            type: 'AccountRecharged',
            data: { customerId, at, amount: 0.51, payChannel: '3', valveCommandId: valveId },
          },
        ]);
      // A valve the arrears did not close is not opened by a recharge.
      given(customerDecider, [opened])
        .when(recharge(10))
        .then([{ type: 'AccountRecharged', data: { customerId, at, amount: 10, payChannel: '3' } }]);
    });

    it('refuses a recharge above the purchase limit', () => {
      given(customerDecider, [opened])
        .when({ type: 'Recharge', at, amount: 100.01, payChannel: '3', purchaseLimitCents: 10_000 })
        .thenFails('error.customer.purchaseLimit');
      given(customerDecider, [opened])
        .when({ type: 'Recharge', at, amount: 100, payChannel: '3', purchaseLimitCents: 10_000 })
        .then([recharged(100)]);
    });
  });
});

describe('open-account and recharge bodies (spec section 5)', () => {
  const base = { name: 'Wang Fang', phone: '13800000009', customerTypeId, meterId };
  const issues = (value: unknown) =>
    openAccountBodySchema.safeParse(value).error?.issues.map((i) => `${i.path.join('.')}:${i.message}`) ?? [];

  it('checks name 2-20, mobile 11 digits, ID number 18 digits, remarks up to 100', () => {
    expect(issues(base)).toEqual([]);
    expect(issues({ ...base, name: 'W' })).toEqual(['name:validation.customerName']);
    expect(issues({ ...base, name: 'W'.repeat(21) })).toEqual(['name:validation.customerName']);
    expect(issues({ ...base, phone: '1380000000' })).toEqual(['phone:validation.phone']);
    expect(issues({ ...base, idNumber: '12345678901234567' })).toEqual(['idNumber:validation.idNumber']);
    expect(issues({ ...base, idNumber: '123456789012345678' })).toEqual([]);
    expect(issues({ ...base, remarks: 'r'.repeat(101) })).toEqual(['remarks:validation.tooLong']);
    expect(issues({ ...base, payChannel: '4' })[0]).toMatch(/^payChannel:/);
  });

  it('requires company name, credit code and legal representative for an enterprise', () => {
    expect(issues({ ...base, nature: '1' })).toEqual([
      'companyName:validation.required',
      'creditCode:validation.required',
      'legalRepresentative:validation.required',
    ]);
    expect(
      issues({
        ...base,
        nature: '1',
        companyName: 'Acme',
        creditCode: '91330100MA27XXXX0A',
        legalRepresentative: 'Zhang San',
      }),
    ).toEqual([]);
  });

  it('takes amounts with at most two decimals and a recharge above zero', () => {
    const recharge = (amount: number) =>
      rechargeBodySchema.safeParse({ accountNo: 'A1', amount, payChannel: '3' }).error?.issues[0]?.message;
    expect(recharge(10.25)).toBeUndefined();
    expect(recharge(10.255)).toBe('validation.twoDecimals');
    expect(recharge(0)).toBe('validation.rechargePositive');
    expect(issues({ ...base, purchaseLimit: 1.001 })).toEqual(['purchaseLimit:validation.twoDecimals']);
  });
});

describe('customer type decider', () => {
  const created: CustomerTypeEvent = {
    type: 'CustomerTypeCreated',
    data: { customerTypeId, tenantId, name: 'Residential', remark: null, createdAt: at },
  };

  it('renames a type and deletes it; a deleted type is not found', () => {
    given(customerTypeDecider, [created])
      .when({ type: 'ChangeCustomerType', name: 'Households', remark: 'r' })
      .then([{ type: 'CustomerTypeChanged', data: { customerTypeId, name: 'Households', remark: 'r' } }]);
    const deleted: CustomerTypeEvent = { type: 'CustomerTypeDeleted', data: { customerTypeId } };
    given(customerTypeDecider, [created]).when({ type: 'DeleteCustomerType', customers: 0 }).then([deleted]);
    given(customerTypeDecider, [created, deleted])
      .when({ type: 'DeleteCustomerType', customers: 0 })
      .thenFails('error.customerType.notFound');
    given(customerTypeDecider, [created])
      .when({ type: 'CreateCustomerType', ...created.data })
      .thenFails('error.customerType.exists');
  });

  it('keeps a type customers have', () => {
    given(customerTypeDecider, [created])
      .when({ type: 'DeleteCustomerType', customers: 4 })
      .thenFails('error.customerType.inUse');
  });
});
