import type { ChargingItem, RechargeDeduction } from '@hydrolog/schemas';
import { surchargeCharge } from './surcharge.ts';

/** A debt with a plan and something left: its instalment is due on a recharge. */
export interface DueDebt {
  debtId: string;
  feeName: string;
  instalmentCents: number;
  residualCents: number;
}

/** A charging item bound to the account, and when a recharge last charged it (null: never). */
export interface BoundSurcharge {
  item: ChargingItem;
  lastChargedAt: string | null;
}

/** What a recharge must pay first, read by the use case from the read models. */
export interface RechargeDue {
  /** Oldest first: the order they are paid in. */
  debts: readonly DueDebt[];
  surcharges: readonly BoundSurcharge[];
}

/** The start of the period of `frequency` that `at` falls in (UTC), as an ISO prefix to compare. */
const periodKey = (at: string, frequency: ChargingItem['deductionFrequency']) =>
  frequency === 'day' ? at.slice(0, 10) : frequency === 'month' ? at.slice(0, 7) : at.slice(0, 4);

/**
 * Whether a bound item is due on a recharge at `at`: enabled by then, and either a percentage of the payment
 * (due on every payment) or a fixed amount per day, month or year not yet charged in the current period.
 * Per-count and per-volume items are charged on volumes, not on payments.
 */
function isDue({ item, lastChargedAt }: BoundSurcharge, at: string): boolean {
  if (item.enabledDate > at.slice(0, 10)) return false;
  if (item.deductionMethod === 'percentage') return true;
  if (item.deductionMethod !== 'fixed' || item.deductionFrequency === 'volume') return false;
  return (
    lastChargedAt === null ||
    periodKey(lastChargedAt, item.deductionFrequency) < periodKey(at, item.deductionFrequency)
  );
}

/**
 * What a recharge of `amountCents` pays before the rest reaches the balance: each due debt instalment
 * (never more than the debt's residual), then each due surcharge (its net plus VAT, a percentage taken of
 * the whole payment), in that order, each taking at most what is left of the payment.
 */
export function rechargeDeductions(amountCents: number, due: RechargeDue, at: string): RechargeDeduction[] {
  let left = amountCents;
  const take = (cents: number) => {
    const taken = Math.min(cents, left);
    left -= taken;
    return taken;
  };
  const deductions: RechargeDeduction[] = [];
  for (const debt of due.debts) {
    const amount = take(Math.min(debt.instalmentCents, debt.residualCents));
    if (amount > 0)
      deductions.push({ kind: 'debt', debtId: debt.debtId, feeName: debt.feeName, amountCents: amount });
  }
  for (const bound of due.surcharges) {
    if (!isDue(bound, at)) continue;
    const charge = surchargeCharge([bound.item], { amountCents, litres: 0 });
    const amount = take(charge.totalCents);
    if (amount > 0)
      deductions.push({
        kind: 'surcharge',
        chargingItemId: bound.item.chargingItemId,
        name: bound.item.name,
        amountCents: amount,
      });
  }
  return deductions;
}
