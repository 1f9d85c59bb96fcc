import { debtDecider, type RechargeDue } from '@hydrolog/domain';
import type { Sql } from '@hydrolog/eventstore';
import { rechargeDue } from '@hydrolog/projections';
import type { DomainEvent } from '@hydrolog/schemas';
import type { StreamCommand } from '../commands.ts';

/**
 * What a recharge of the account pays first (due debt instalments, due personal surcharges), read in the
 * tenant the caller's `sql` is scoped to; the customer decider splits the recharge from it.
 */
export function rechargeDueOf(sql: Sql, customerId: string): Promise<RechargeDue> {
  return rechargeDue(sql, customerId);
}

/**
 * The debt payments of a recharge, as steps after the recharge's own (step `rechargeStep`): each due debt is
 * paid what the decided recharge took for it, and nothing when it took nothing.
 */
export function debtPaymentSteps(
  due: RechargeDue,
  rechargeStep: number,
  operator: string,
  at: string,
): StreamCommand[] {
  return due.debts.map(({ debtId }) => ({
    decider: debtDecider,
    id: debtId,
    command: (earlier: readonly DomainEvent[][]) => {
      const paid = earlier[rechargeStep]
        ?.flatMap((e) => (e.type === 'AccountRecharged' ? (e.data.deductions ?? []) : []))
        .find((d) => d.kind === 'debt' && d.debtId === debtId);
      return paid
        ? { type: 'PayDebt', amount: paid.amountCents / 100, operator, at, byRecharge: true }
        : null;
    },
  }));
}
