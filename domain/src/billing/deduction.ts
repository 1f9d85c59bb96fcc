import { addDays } from '../time.ts';
import { chargePeriod, type PeriodCharge, type Tariff } from './tariff.ts';

/**
 * A prepaid account's charge for one day's water: the day's litres fill the steps from where the
 * accumulation cycle stood (`accumulatedLitres`, the litres of the cycle's earlier days), with the day's share
 * of the standing charge, by the same math as a bill, so a month of deductions costs what one bill would.
 */
export function dayCharge(
  tariff: Tariff,
  day: string,
  usage: { litres: number; accumulatedLitres: number },
): PeriodCharge {
  return chargePeriod(
    tariff,
    { from: day, to: addDays(day, 1), accumulatedLitres: usage.accumulatedLitres },
    [{ day, litres: usage.litres }],
  );
}

/**
 * Whether an account owes enough for its valve to be closed: in arrears (below zero) by at least the arrears
 * closing threshold. A recharge that ends this opens the valve again.
 */
export const arrearsReached = (balanceCents: number, thresholdCents: number): boolean =>
  balanceCents < 0 && -balanceCents >= thresholdCents;

/** The valve an arrears rule may act on: the command id to issue, and the account's threshold (cents). */
export interface ArrearsValve {
  commandId: string;
  thresholdCents: number;
}
