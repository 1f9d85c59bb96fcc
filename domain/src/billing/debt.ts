import type { DebtType, EventData } from '@hydrolog/schemas';
import { type Decider, DomainError, type EventOf } from '../decider.ts';
import { centsOf } from '../money.ts';

export type DebtEvent = EventOf<'DebtAdded' | 'DebtPlanned' | 'DebtPaid'>;
export type DebtState =
  | { exists: false }
  | (EventData<'DebtAdded'> & {
      exists: true;
      residualCents: number;
      /** The plan's deductions left; null without a plan. */
      remainingDeductions: number | null;
    });

export type DebtCommand =
  | {
      type: 'AddDebt';
      debtId: string;
      tenantId: string;
      customerId: string;
      debtType: DebtType;
      feeName: string;
      amount: number;
      operator: string;
      at: string;
    }
  /** Spreads the residual debt over `deductions` deductions. */
  | { type: 'PlanDebt'; deductions: number; operator: string; at: string }
  /** A payment at the counter, or out of a recharge (`byRecharge`: the recharge's record shows the money). */
  | { type: 'PayDebt'; amount: number; operator: string; at: string; byRecharge?: boolean };

/** What each of `deductions` deductions takes of `residualCents`: rounded up, so that the last takes the rest. */
export function instalmentOf(residualCents: number, deductions: number): number {
  return Math.ceil(residualCents / deductions);
}

/**
 * A personal debt (spec sections 3 and 5 "Surcharges and debts"): added greater than 0, repaid by a plan of
 * deductions or at the counter. Each transaction keeps what is left after it; a debt paid in full takes no
 * more payment and no plan.
 */
export const debtDecider: Decider<DebtCommand, DebtEvent, DebtState> = {
  category: 'debt',
  initialState: () => ({ exists: false }),
  evolve(state, event) {
    switch (event.type) {
      case 'DebtAdded':
        return {
          ...event.data,
          exists: true,
          residualCents: event.data.amountCents,
          remainingDeductions: null,
        };
      case 'DebtPlanned':
        return state.exists ? { ...state, remainingDeductions: event.data.deductions } : state;
      case 'DebtPaid':
        return state.exists
          ? {
              ...state,
              residualCents: event.data.residualCents,
              remainingDeductions: event.data.remainingDeductions,
            }
          : state;
    }
  },
  decide(command, state) {
    if (command.type === 'AddDebt') {
      if (state.exists) return [];
      const { type: _, amount, ...data } = command;
      const amountCents = centsOf(amount);
      if (amountCents <= 0) return new DomainError('validation.debt.positive');
      return [{ type: 'DebtAdded', data: { ...data, amountCents } }];
    }
    if (!state.exists) return new DomainError('error.debt.notFound');
    if (state.residualCents === 0) return new DomainError('error.debt.paidInFull');
    const { debtId, residualCents } = state;
    const { operator, at } = command;
    if (command.type === 'PlanDebt') {
      const { deductions } = command;
      if (!Number.isInteger(deductions) || deductions < 1) return new DomainError('validation.tooSmall');
      if (deductions > residualCents) return new DomainError('error.debt.planTooLong');
      const instalmentCents = instalmentOf(residualCents, deductions);
      return [{ type: 'DebtPlanned', data: { debtId, deductions, instalmentCents, operator, at } }];
    }
    const amountCents = centsOf(command.amount);
    if (amountCents <= 0) return new DomainError('validation.debt.positive');
    if (amountCents > residualCents)
      return new DomainError('error.debt.overpaid', { residual: (residualCents / 100).toFixed(2) });
    const left = residualCents - amountCents;
    // A payment counts as one deduction of the plan; nothing left means no deduction left.
    const remainingDeductions =
      state.remainingDeductions === null ? null : left === 0 ? 0 : Math.max(state.remainingDeductions - 1, 1);
    return [
      {
        type: 'DebtPaid',
        data: {
          debtId,
          amountCents,
          residualCents: left,
          remainingDeductions,
          operator,
          at,
          ...(command.byRecharge ? { byRecharge: true } : {}),
        },
      },
    ];
  },
};
