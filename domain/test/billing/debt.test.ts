import { describe, it } from 'vitest';
import { type DebtCommand, type DebtEvent, debtDecider } from '../../src/index.ts';
import { given } from '../spec.ts';

const debtId = '0190a000-0000-7000-8000-0000000000e1';
const tenantId = '0190a000-0000-7000-8000-000000000001';
const customerId = '0190a000-0000-7000-8000-0000000000d1';
const at = '2026-11-01T00:00:00.000Z';
const operator = 'demo_admin';

const add = (amount: number): DebtCommand => ({
  type: 'AddDebt',
  debtId,
  tenantId,
  customerId,
  debtType: 'water',
  feeName: 'Arrears 2025',
  amount,
  operator,
  at,
});
const added: DebtEvent = {
  type: 'DebtAdded',
  data: {
    debtId,
    tenantId,
    customerId,
    debtType: 'water',
    feeName: 'Arrears 2025',
    amountCents: 10_000,
    operator,
    at,
  },
};
const pay = (amount: number): DebtCommand => ({ type: 'PayDebt', amount, operator, at });
const plan = (deductions: number): DebtCommand => ({ type: 'PlanDebt', deductions, operator, at });

describe('debt decider', () => {
  it('adds a debt greater than 0, in cents', () => {
    given(debtDecider, []).when(add(100)).then([added]);
    given(debtDecider, []).when(add(0)).thenFails('validation.debt.positive');
    given(debtDecider, []).when(add(-5)).thenFails('validation.debt.positive');
  });

  it('plans the residual over a number of deductions, the instalment rounded up', () => {
    given(debtDecider, [added])
      .when(plan(3))
      .then([{ type: 'DebtPlanned', data: { debtId, deductions: 3, instalmentCents: 3334, operator, at } }]);
    given(debtDecider, [added]).when(plan(0)).thenFails('validation.tooSmall');
  });

  it('pays at the counter, keeping what is left and the deductions left after each payment', () => {
    const planned = given(debtDecider, [added]).when(plan(3));
    const history = [added, ...planned.thenMatches([{ type: 'DebtPlanned' }])];
    const first = given(debtDecider, history)
      .when(pay(33.34))
      .then([
        {
          type: 'DebtPaid',
          data: { debtId, amountCents: 3334, residualCents: 6666, remainingDeductions: 2, operator, at },
        },
      ]);
    given(debtDecider, [...history, ...first])
      .when(pay(66.66))
      .thenMatches([{ type: 'DebtPaid', data: { residualCents: 0, remainingDeductions: 0 } }]);
    // Without a plan there are no deductions to count.
    given(debtDecider, [added])
      .when(pay(1))
      .thenMatches([{ type: 'DebtPaid', data: { residualCents: 9_900, remainingDeductions: null } }]);
  });

  it('refuses a payment of 0, one above the residual, and any step once the debt is paid in full', () => {
    given(debtDecider, [added]).when(pay(0)).thenFails('validation.debt.positive');
    given(debtDecider, [added])
      .when(pay(100.01))
      .thenFails({ key: 'error.debt.overpaid', params: { residual: '100.00' } });
    const paid = given(debtDecider, [added])
      .when(pay(100))
      .thenMatches([{ type: 'DebtPaid' }]);
    given(debtDecider, [added, ...paid])
      .when(pay(1))
      .thenFails('error.debt.paidInFull');
    given(debtDecider, [added, ...paid])
      .when(plan(2))
      .thenFails('error.debt.paidInFull');
  });

  it('marks a payment out of a recharge, which the recharge records as a transaction', () => {
    given(debtDecider, [added])
      .when({ type: 'PayDebt', amount: 40, operator, at, byRecharge: true })
      .then([
        {
          type: 'DebtPaid',
          data: {
            debtId,
            amountCents: 4_000,
            residualCents: 6_000,
            remainingDeductions: null,
            operator,
            at,
            byRecharge: true,
          },
        },
      ]);
  });

  it('refuses an unknown debt', () => {
    given(debtDecider, []).when(pay(1)).thenFails('error.debt.notFound');
  });
});
