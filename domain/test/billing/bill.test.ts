import type { EventData } from '@hydrolog/schemas';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type BillEvent,
  type BillInput,
  billDecider,
  billOf,
  type CustomerEvent,
  closingPeriod,
  correctionOf,
  customerDecider,
  dayNumber,
  dayString,
  lastEndedPeriod,
  type TariffVersion,
} from '../../src/index.ts';
import { given } from '../spec.ts';
import { daily, ladder, m3, yearly } from './ladder.ts';

const billId = '0190a000-0000-7000-8000-0000000000b1';
const tenantId = '0190a000-0000-7000-8000-000000000001';
const customerId = '0190a000-0000-7000-8000-0000000000d1';
const priceSchemeId = '0190a000-0000-7000-8000-0000000000a1';
const meterId = '0190a000-0000-7000-8000-0000000000c1';
const issuedAt = '2026-04-01T01:00:00.000Z';
const at = '2026-04-02T09:00:00.000Z';

const input = (over: Partial<BillInput>): BillInput => ({
  billId,
  tenantId,
  customerId,
  accountNo: 'A-1',
  holderName: 'Wang Fang',
  priceSchemeId,
  tariff: yearly,
  period: { from: '2026-03-01', to: '2026-04-01' },
  accumulatedLitres: 0,
  days: [],
  meters: [{ meterId, meterNo: 'M-1', startReading: 10, endReading: 20 }],
  meterChanged: false,
  surchargeItems: [],
  issuedAt,
  ...over,
});

const issued = (bill: EventData<'BillIssued'>): BillEvent => ({ type: 'BillIssued', data: bill });

describe('a bill from the daily volumes', () => {
  it('charges March of a yearly ladder from where January and February left the steps', () => {
    // 10 m³ in January and February: March's 31 m³ fill step 1 to 12, step 2 to 30 and 11 m³... by hand:
    // 2 m³ at 2.00 + 18 m³ at 3.50 + 11 m³ at 5.00 = 4.00 + 63.00 + 55.00.
    const bill = billOf(input({ accumulatedLitres: m3(10), days: daily('2026-03-01', '2026-04-01', m3(1)) }));
    expect(bill).toMatchObject({ type: 'ordinary', noReading: false, litres: m3(31), totalCents: 12_200 });
    expect(bill.accumulatedLitres).toBe(m3(41));
    expect(bill.parts[0]!.lines).toEqual([
      { kind: 'step', step: 1, litres: m3(2), unitPriceCents: 200, amountCents: 400 },
      { kind: 'step', step: 2, litres: m3(18), unitPriceCents: 350, amountCents: 6300 },
      { kind: 'step', step: 3, litres: m3(11), unitPriceCents: 500, amountCents: 5500 },
    ]);
  });

  it('adds the surcharges bound to the account after the water charge, and none on a bill without reading', () => {
    const rent = {
      chargingItemId: '0190a000-0000-7000-8000-0000000000e1',
      name: 'Meter rent',
      feeType: 'personal' as const,
      deductionMethod: 'fixed' as const,
      deductionRatioBasisPoints: 0,
      deductionAmountCents: 320,
      deductionFrequency: 'month' as const,
      enabledDate: '2026-01-01',
      vatRateBasisPoints: 600,
    };
    const days = daily('2026-03-01', '2026-04-01', m3(1));
    const bill = billOf(input({ accumulatedLitres: m3(10), days, surchargeItems: [rent] }));
    // The water charge as above (122.00), then 3.20 of rent with 6% VAT (0.192 -> 0.19).
    expect(bill.surcharges).toEqual([
      {
        chargingItemId: rent.chargingItemId,
        name: 'Meter rent',
        deductionMethod: 'fixed',
        deductionFrequency: 'month',
        base: 1,
        netCents: 320,
        vatRateBasisPoints: 600,
        vatCents: 19,
      },
    ]);
    expect(bill.totalCents).toBe(12_200 + 339);
    expect(billDecider.decide({ type: 'IssueBill', bill }, billDecider.initialState())).toEqual([
      issued(bill),
    ]);
    expect(billOf(input({ surchargeItems: [rent] }))).toMatchObject({
      noReading: true,
      surcharges: [],
      totalCents: 0,
    });
  });

  it('splits a period at a price change and types the bill a price adjustment', () => {
    const dearer: TariffVersion = {
      ...ladder,
      effectiveFrom: '2026-03-16',
      steps: ladder.steps.map((s) => ({ ...s, unitPriceCents: s.unitPriceCents * 2 })),
    };
    const tariff = { ...yearly, versions: [ladder, dearer] };
    const bill = billOf(input({ tariff, days: daily('2026-03-01', '2026-04-01', m3(0.5)) }));
    // 15 days at 0.5 m³ = 7.5 m³ at 2.00; then 8 m³ more: 4.5 m³ at 4.00 and 3.5 m³ at 7.00.
    expect(bill.type).toBe('priceAdjustment');
    expect(bill.parts.map((p) => [p.type, p.from, p.to, p.totalCents])).toEqual([
      ['ordinary', '2026-03-01', '2026-03-16', 1500],
      ['priceAdjustment', '2026-03-16', '2026-04-01', 1800 + 2450],
    ]);
    expect(bill.totalCents).toBe(1500 + 1800 + 2450);
  });

  it('types a bill spanning a meter replacement a meter change', () => {
    const bill = billOf(input({ meterChanged: true, days: daily('2026-03-01', '2026-04-01', m3(0.1)) }));
    expect(bill.type).toBe('meterChange');
    expect(bill.totalCents).toBe(620);
  });

  it('gives an account without readings a zero bill marked no reading, the cycle left where it stood', () => {
    const bill = billOf(input({ accumulatedLitres: m3(7) }));
    expect(bill).toMatchObject({
      noReading: true,
      totalCents: 0,
      litres: 0,
      parts: [],
      accumulatedLitres: m3(7),
    });
    const december = billOf(
      input({ period: { from: '2026-12-01', to: '2027-01-01' }, accumulatedLitres: m3(7) }),
    );
    expect(december.accumulatedLitres).toBe(0);
  });

  it('bills the last period that ended', () => {
    expect(lastEndedPeriod(yearly, '2026-04-01')).toEqual({ from: '2026-03-01', to: '2026-04-01' });
    expect(lastEndedPeriod(yearly, '2026-04-30')).toEqual({ from: '2026-03-01', to: '2026-04-01' });
    const quarterly = { ...yearly, billingCycle: 3 };
    expect(lastEndedPeriod(quarterly, '2026-05-10')).toEqual({ from: '2026-01-01', to: '2026-04-01' });
  });

  it('bills of successive months of a cycle add up to one bill of the months together', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 3000 }), { minLength: 59, maxLength: 59 }),
        fc.integer({ min: 0, max: 5000 }),
        (litres, before) => {
          const days = litres.map((l, i) => ({ day: dayString(dayNumber('2026-02-01') + i), litres: l }));
          const period = (from: string, to: string) => ({ from, to });
          const feb = billOf(
            input({ period: period('2026-02-01', '2026-03-01'), accumulatedLitres: before, days }),
          );
          const mar = billOf(
            input({
              period: period('2026-03-01', '2026-04-01'),
              accumulatedLitres: feb.accumulatedLitres,
              days,
            }),
          );
          const both = billOf(
            input({ period: period('2026-02-01', '2026-04-01'), accumulatedLitres: before, days }),
          );
          expect(feb.totalCents + mar.totalCents).toBe(both.totalCents);
          expect(mar.accumulatedLitres).toBe(both.accumulatedLitres);
          // The lines of each bill add up to it.
          for (const bill of [feb, mar])
            expect(bill.parts.flatMap((p) => p.lines).reduce((s, l) => s + l.amountCents, 0)).toBe(
              bill.totalCents,
            );
        },
      ),
    );
  });
});

describe('a bill closing the running period (freeze, transfer, tariff renewal)', () => {
  it('covers the whole days since the last bill, the closing day left to the next bill', () => {
    // Billed to 1 March, frozen on 10 March: 1 to 9 March now, 10 March on with the rest of the month.
    expect(closingPeriod(yearly, '2026-03-10', '2026-03-01', '2025-06-01')).toEqual({
      from: '2026-03-01',
      to: '2026-03-10',
    });
    // A second closing on the same day, or one on the day the last bill ended, has no day to bill.
    expect(closingPeriod(yearly, '2026-03-10', '2026-03-10', '2025-06-01')).toBeNull();
    expect(closingPeriod(yearly, '2026-03-01', '2026-03-01', '2025-06-01')).toBeNull();
  });

  it('takes the previous period too while the bill run has not billed it, never an earlier one', () => {
    // February still unbilled on 2 March (the run waits for late readings): the bill covers it.
    expect(closingPeriod(yearly, '2026-03-02', '2026-02-01', '2025-06-01')).toEqual({
      from: '2026-02-01',
      to: '2026-03-02',
    });
    // Billed only to January, or never: the bill starts with February, earlier periods stay the run's.
    expect(closingPeriod(yearly, '2026-03-02', '2026-01-01', '2025-06-01')?.from).toBe('2026-02-01');
    expect(closingPeriod(yearly, '2026-03-02', null, '2025-06-01')?.from).toBe('2026-02-01');
    // An account opened on 5 March: its bill starts with the period it opened in.
    expect(closingPeriod(yearly, '2026-03-20', null, '2026-03-05')?.from).toBe('2026-03-01');
    // Before the scheme's first prices there is nothing to bill.
    expect(closingPeriod(yearly, '2026-01-10', null, '2025-06-01')).toBeNull();
  });

  it('is typed by what closed the period, whatever else happened in it', () => {
    const days = daily('2026-03-01', '2026-03-10', m3(1));
    const frozen = billOf(
      input({ period: { from: '2026-03-01', to: '2026-03-10' }, days, closing: 'freeze' }),
    );
    expect(frozen).toMatchObject({ type: 'freeze', periodTo: '2026-03-10', litres: m3(9), totalCents: 1800 });
    const changed = billOf(
      input({
        period: { from: '2026-03-01', to: '2026-03-10' },
        days,
        meterChanged: true,
        closing: 'transfer',
      }),
    );
    expect(changed.type).toBe('transfer');
    expect(changed.holderName).toBe('Wang Fang');
    const silent = billOf(
      input({ period: { from: '2026-03-01', to: '2026-03-10' }, closing: 'tariffRenewal' }),
    );
    expect(silent).toMatchObject({ type: 'tariffRenewal', noReading: true, totalCents: 0 });
  });

  it('and the rest of the period add up to one bill of the whole period, no day billed twice or lost', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 3000 }), { minLength: 31, maxLength: 31 }),
        fc.integer({ min: 0, max: m3(40) }),
        fc.integer({ min: 2, max: 31 }),
        fc.integer({ min: 0, max: 1000 }),
        (litres, before, closingDate, standingChargeCents) => {
          const tariff = { ...yearly, versions: [{ ...ladder, standingChargeCents }] };
          const days = litres.map((l, i) => ({ day: dayString(dayNumber('2026-03-01') + i), litres: l }));
          const closed = closingPeriod(
            tariff,
            dayString(dayNumber('2026-03-01') + closingDate - 1),
            '2026-03-01',
            '2025-06-01',
          )!;
          const closing = billOf(
            input({ tariff, period: closed, accumulatedLitres: before, days, closing: 'freeze' }),
          );
          const rest = billOf(
            input({
              tariff,
              period: { from: closed.to, to: '2026-04-01' },
              accumulatedLitres: closing.accumulatedLitres,
              days,
            }),
          );
          const whole = billOf(
            input({
              tariff,
              period: { from: '2026-03-01', to: '2026-04-01' },
              accumulatedLitres: before,
              days,
            }),
          );
          expect(closing.litres + rest.litres).toBe(whole.litres);
          expect(closing.totalCents + rest.totalCents).toBe(whole.totalCents);
          expect(rest.accumulatedLitres).toBe(whole.accumulatedLitres);
        },
      ),
    );
  });
});

describe('bill decider', () => {
  const bill = billOf(input({ days: daily('2026-03-01', '2026-04-01', m3(0.2)) }));
  const zero = billOf(input({}));

  it('issues a bill once: a second run of the same account and period records nothing', () => {
    given(billDecider, [])
      .when({ type: 'IssueBill', bill })
      .then([issued(bill)]);
    given(billDecider, [issued(bill)])
      .when({ type: 'IssueBill', bill })
      .then([]);
  });

  it('refuses a bill whose parts do not add up to its amount', () => {
    given(billDecider, [])
      .when({ type: 'IssueBill', bill: { ...bill, totalCents: bill.totalCents + 1 } })
      .thenFails('error.bill.linesDiffer');
  });

  it('is paid once, in full, from the balance or at the counter', () => {
    given(billDecider, [issued(bill)])
      .when({ type: 'PayBill', method: 'counter', operator: 'demo_admin', at })
      .then([
        {
          type: 'BillPaid',
          data: {
            billId,
            customerId,
            amountCents: bill.totalCents,
            method: 'counter',
            operator: 'demo_admin',
            at,
          },
        },
      ]);
    const paid: BillEvent = {
      type: 'BillPaid',
      data: { billId, customerId, amountCents: bill.totalCents, method: 'balance', operator: null, at },
    };
    given(billDecider, [issued(bill), paid])
      .when({ type: 'PayBill', method: 'balance', operator: null, at })
      .thenFails('error.bill.paid');
    given(billDecider, [])
      .when({ type: 'PayBill', method: 'counter', operator: null, at })
      .thenFails('error.bill.notFound');
  });

  it('reads a zero bill paid from the start', () => {
    given(billDecider, [issued(zero)])
      .when({ type: 'PayBill', method: 'counter', operator: null, at })
      .thenFails('error.bill.paid');
  });
});

describe('correcting a bill', () => {
  const bill = billOf(input({ days: daily('2026-03-01', '2026-04-01', m3(0.2)) }));
  const correctionBillId = '0190a000-0000-7000-8000-0000000000b2';
  const corrected = (amountCents: number): BillEvent => ({
    type: 'BillCorrected',
    data: { billId, correctionBillId, amountCents, at },
  });

  it('is a new bill of the same account, period and type whose one line is the adjustment', () => {
    const correction = correctionOf(bill, {
      billId: correctionBillId,
      amountCents: -250,
      reason: 'Meter misread',
      issuedAt: at,
    });
    expect(correction).toMatchObject({
      billId: correctionBillId,
      customerId,
      accountNo: 'A-1',
      type: bill.type,
      periodFrom: '2026-03-01',
      periodTo: '2026-04-01',
      correctsBillId: billId,
      adjustment: { amountCents: -250, reason: 'Meter misread' },
      totalCents: -250,
      parts: [],
    });
    given(billDecider, [])
      .when({ type: 'IssueBill', bill: correction })
      .then([issued(correction)]);
    // A credit owes nothing: paid when issued, never paid again.
    given(billDecider, [issued(correction)])
      .when({ type: 'PayBill', method: 'counter', operator: null, at })
      .thenFails('error.bill.paid');
    given(billDecider, [])
      .when({ type: 'IssueBill', bill: { ...correction, totalCents: -251 } })
      .thenFails('error.bill.linesDiffer');
  });

  it('never makes a bill the run computes owe less than nothing', () => {
    given(billDecider, [])
      .when({
        type: 'IssueBill',
        bill: { ...bill, totalCents: -100, parts: [], adjustment: { amountCents: -100, reason: 'x' } },
      })
      .thenFails('error.bill.linesDiffer');
  });

  it('records the correction on the bill, paid or not, and never credits more than it charged', () => {
    given(billDecider, [issued(bill)])
      .when({ type: 'CorrectBill', correctionBillId, amountCents: 500, at })
      .then([corrected(500)]);
    given(billDecider, [issued(bill), corrected(-bill.totalCents + 100)])
      .when({ type: 'CorrectBill', correctionBillId, amountCents: -100, at })
      .then([corrected(-100)]);
    given(billDecider, [issued(bill), corrected(-bill.totalCents + 100)])
      .when({ type: 'CorrectBill', correctionBillId, amountCents: -101, at })
      .thenFails('error.bill.correctionExceeds');
    given(billDecider, [issued(bill)])
      .when({ type: 'CorrectBill', correctionBillId, amountCents: 0, at })
      .thenFails('validation.bill.correctionZero');
    given(billDecider, [])
      .when({ type: 'CorrectBill', correctionBillId, amountCents: 100, at })
      .thenFails('error.bill.notFound');
  });

  it('refuses to correct a correction: the original is corrected again', () => {
    const correction = correctionOf(bill, {
      billId: correctionBillId,
      amountCents: 300,
      reason: 'Late reading',
      issuedAt: at,
    });
    given(billDecider, [issued(correction)])
      .when({ type: 'CorrectBill', correctionBillId: billId, amountCents: -100, at })
      .thenFails('error.bill.correctionOfCorrection');
  });

  it('credits a negative correction to the account balance', () => {
    const opened = { type: 'CustomerOpened', data: { customerId, meterId } } as unknown as CustomerEvent;
    given(customerDecider, [opened])
      .when({ type: 'CreditBill', billId: correctionBillId, amountCents: 250, at })
      .then([
        { type: 'AccountBillCredited', data: { customerId, billId: correctionBillId, amountCents: 250, at } },
      ]);
    const credited: CustomerEvent = {
      type: 'AccountBillCredited',
      data: { customerId, billId: correctionBillId, amountCents: 250, at },
    };
    // The credit is money on the balance: a bill of 2.50 can now be paid from it.
    given(customerDecider, [opened, credited])
      .when({ type: 'PayBillFromBalance', billId, amountCents: 250, at })
      .then([{ type: 'AccountBillPaid', data: { customerId, billId, amountCents: 250, at } }]);
  });
});

describe('paying a bill out of the account balance', () => {
  const opened = {
    type: 'CustomerOpened',
    data: { customerId, meterId },
  } as unknown as CustomerEvent;
  const recharged: CustomerEvent = {
    type: 'AccountRecharged',
    data: { customerId, at, amount: 10, payChannel: '3' },
  };

  it('takes the amount off the balance, and refuses when the balance is short', () => {
    given(customerDecider, [opened, recharged])
      .when({ type: 'PayBillFromBalance', billId, amountCents: 1000, at })
      .then([{ type: 'AccountBillPaid', data: { customerId, billId, amountCents: 1000, at } }]);
    given(customerDecider, [opened, recharged])
      .when({ type: 'PayBillFromBalance', billId, amountCents: 1001, at })
      .thenFails('error.customer.balanceInsufficient');
    const paid: CustomerEvent = {
      type: 'AccountBillPaid',
      data: { customerId, billId, amountCents: 600, at },
    };
    given(customerDecider, [opened, recharged, paid])
      .when({ type: 'PayBillFromBalance', billId, amountCents: 401, at })
      .thenFails('error.customer.balanceInsufficient');
  });
});
