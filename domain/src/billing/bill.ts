import type { BillMeter, BillPaymentMethod, BillType, ChargingItem, EventData } from '@hydrolog/schemas';
import { type Decider, DomainError, type EventOf } from '../decider.ts';
import { billSurcharges } from './surcharge.ts';
import {
  chargePlanned,
  cycleOf,
  dayNumber,
  dayString,
  type PeriodPlan,
  planPeriod,
  type Tariff,
  versionOn,
} from './tariff.ts';

export type BillEvent = EventOf<'BillIssued' | 'BillPaid' | 'BillCorrected'>;
export type BillState =
  | { exists: false }
  | {
      exists: true;
      billId: string;
      customerId: string;
      totalCents: number;
      state: 'unpaid' | 'paid';
      /** The bill is itself a correction of another. */
      correction: boolean;
      /** What the corrections of this bill add up to (negative: credited). */
      correctedCents: number;
    };

export type BillCommand =
  /** The bill as billOf or correctionOf computed it (its own `type` is the bill's type). */
  | { type: 'IssueBill'; bill: EventData<'BillIssued'> }
  | { type: 'PayBill'; method: BillPaymentMethod; operator: string | null; at: string }
  /** Adjust the bill by `amountCents` through the new bill `correctionBillId` (issued in the same append). */
  | { type: 'CorrectBill'; correctionBillId: string; amountCents: number; at: string };

/** A bill that owes nothing (a zero bill, or a correction's credit) is paid when issued. */
const paidWhenIssued = (totalCents: number) => totalCents <= 0;

/**
 * A bill (spec section 4): issued once per account and period (its stream is named by them, so a bill run
 * that runs twice issues it once), unpaid until paid in full, then paid; never edited (a correction is a
 * new bill that names the one it corrects). A zero bill owes nothing: it is paid when issued.
 */
export const billDecider: Decider<BillCommand, BillEvent, BillState> = {
  category: 'bill',
  initialState: () => ({ exists: false }),
  evolve(state, event) {
    switch (event.type) {
      case 'BillIssued':
        return {
          exists: true,
          billId: event.data.billId,
          customerId: event.data.customerId,
          totalCents: event.data.totalCents,
          state: paidWhenIssued(event.data.totalCents) ? 'paid' : 'unpaid',
          correction: event.data.correctsBillId !== null,
          correctedCents: 0,
        };
      case 'BillPaid':
        return state.exists ? { ...state, state: 'paid' } : state;
      case 'BillCorrected':
        return state.exists
          ? { ...state, correctedCents: state.correctedCents + event.data.amountCents }
          : state;
    }
  },
  decide(command, state) {
    if (command.type === 'IssueBill') {
      if (state.exists) return [];
      const data = command.bill;
      const linesTotal =
        data.parts.reduce((sum, p) => sum + p.totalCents, 0) +
        (data.surcharges ?? []).reduce((sum, s) => sum + s.netCents + s.vatCents, 0) +
        (data.adjustment?.amountCents ?? 0);
      if (linesTotal !== data.totalCents) return new DomainError('error.bill.linesDiffer');
      // Only a correction takes money off; a bill the run computes never owes less than nothing.
      if (data.totalCents < 0 && data.correctsBillId === null)
        return new DomainError('error.bill.linesDiffer');
      return [{ type: 'BillIssued', data }];
    }
    if (!state.exists) return new DomainError('error.bill.notFound');
    if (command.type === 'CorrectBill') {
      if (state.correction) return new DomainError('error.bill.correctionOfCorrection');
      if (command.amountCents === 0) return new DomainError('validation.bill.correctionZero');
      if (state.totalCents + state.correctedCents + command.amountCents < 0)
        return new DomainError('error.bill.correctionExceeds');
      const { correctionBillId, amountCents, at } = command;
      return [{ type: 'BillCorrected', data: { billId: state.billId, correctionBillId, amountCents, at } }];
    }
    if (state.state === 'paid') return new DomainError('error.bill.paid');
    const { billId, customerId, totalCents } = state;
    const { method, operator, at } = command;
    return [
      { type: 'BillPaid', data: { billId, customerId, amountCents: totalCents, method, operator, at } },
    ];
  },
};

/** The billing period of a scheme that holds `day`: [from, to) of its billing cycle. */
export const billingPeriodOf = (tariff: Tariff, day: string) =>
  cycleOf(tariff.startTime, tariff.billingCycle, day);

/** The last billing period of a scheme that ended on or before `today` (the one a bill run bills). */
export function lastEndedPeriod(tariff: Tariff, today: string): { from: string; to: string } {
  const current = billingPeriodOf(tariff, today);
  return billingPeriodOf(tariff, dayString(dayNumber(current.from) - 1));
}

/** What closes an account's running billing period early, with a bill of that type. */
export type ClosingBillType = Extract<BillType, 'freeze' | 'transfer' | 'tariffRenewal'>;

/**
 * The days a closing bill (a freeze, a transfer or a tariff renewal on local day `day`) covers: from where the
 * account's bills end (`billedTo`, null: no bill yet) to `day` excluded; null when that is no day at all.
 *
 * Boundary rule: volumes are known per whole local day, so the bill takes the days before the closing day
 * and the closing day itself goes to the next bill (whose period starts there), whole. Nothing is billed
 * twice nor lost: the bill run bills only what follows the account's last bill in a period (see runBills).
 *
 * It starts no earlier than the billing period before the running one (which the bill run may not have
 * billed yet, waiting for late readings: the closing bill then takes it too), nor than the billing period in
 * which the account opened (`firstDay`); earlier periods left unbilled stay the bill run's. Before the
 * scheme's first prices there is nothing to bill.
 */
export function closingPeriod(
  tariff: Tariff,
  day: string,
  billedTo: string | null,
  firstDay: string,
): { from: string; to: string } | null {
  const running = billingPeriodOf(tariff, day);
  const candidates = [
    billingPeriodOf(tariff, dayString(dayNumber(running.from) - 1)).from,
    billingPeriodOf(tariff, firstDay).from,
    ...(billedTo ? [billedTo] : []),
  ];
  const from = candidates.reduce((a, b) => (a > b ? a : b));
  if (from >= day || !versionOn(tariff, from)) return null;
  return { from, to: day };
}

/** What a bill is computed from: the account, its scheme, the period and the volumes read in it. */
export interface BillInput {
  billId: string;
  tenantId: string;
  customerId: string;
  accountNo: string;
  /** The account's holder when the bill is issued. */
  holderName: string;
  priceSchemeId: string;
  tariff: Tariff;
  period: { from: string; to: string };
  /** Where the previous bill of the cycle left the steps (0 without one, or at a cycle's start). */
  accumulatedLitres: number;
  /** Litres read per day, or per stretch between the period's bounds (see periodBounds); none: no reading. */
  days: ReadonlyArray<{ day: string; litres: number }>;
  meters: BillMeter[];
  /** A meter was replaced during the period. */
  meterChanged: boolean;
  /** The charging items bound to the account (its personal surcharge), of enabled schemes. */
  surchargeItems: readonly ChargingItem[];
  issuedAt: string;
  /** What closed the period early (the bill's type then, whatever else happened in it); none: a bill run's. */
  closing?: ClosingBillType;
  /** The period planned once for every account on the scheme (planPeriod); planned here without it. */
  plan?: PeriodPlan;
}

/**
 * The bill of a period, ready to issue: chargePeriod's parts as its lines, then the account's surcharges on
 * them (billSurcharges). Typed by what closed the period early when something did (freeze, transfer, tariff
 * renewal), else 'meter change' when a meter was replaced in the period, else 'price adjustment' when a
 * price change splits it, else ordinary. With no volume read at all, a zero bill marked "no reading" (no
 * guess, no standing charge, no surcharge), the cycle's steps left where they were.
 */
export function billOf(input: BillInput): EventData<'BillIssued'> {
  const { tariff, period, days } = input;
  const base = {
    billId: input.billId,
    tenantId: input.tenantId,
    customerId: input.customerId,
    accountNo: input.accountNo,
    holderName: input.holderName,
    priceSchemeId: input.priceSchemeId,
    periodFrom: period.from,
    periodTo: period.to,
    meters: input.meters,
    correctsBillId: null,
    issuedAt: input.issuedAt,
  };
  if (days.length === 0) {
    const cycleEnds = cycleOf(tariff.startTime, tariff.accumulationCycle, period.to).from === period.to;
    return {
      ...base,
      type: input.closing ?? (input.meterChanged ? 'meterChange' : 'ordinary'),
      noReading: true,
      litres: 0,
      accumulatedLitres: cycleEnds ? 0 : input.accumulatedLitres,
      parts: [],
      surcharges: [],
      totalCents: 0,
    };
  }
  const charge = chargePlanned(input.plan ?? planPeriod(tariff, period), input.accumulatedLitres, days);
  const type: BillType = input.closing
    ? input.closing
    : input.meterChanged
      ? 'meterChange'
      : charge.parts.some((p) => p.type === 'priceAdjustment')
        ? 'priceAdjustment'
        : 'ordinary';
  const litres = charge.parts.reduce((sum, p) => sum + p.litres, 0);
  const surcharges = billSurcharges(input.surchargeItems, {
    from: period.from,
    to: period.to,
    litres,
    waterCents: charge.totalCents,
  });
  return {
    ...base,
    type,
    noReading: false,
    litres,
    accumulatedLitres: charge.accumulatedLitres,
    parts: charge.parts,
    surcharges,
    totalCents: charge.totalCents + surcharges.reduce((sum, s) => sum + s.netCents + s.vatCents, 0),
  };
}

/**
 * A correction of `original`: a new bill of the same account, period and type whose one line is the
 * adjustment (negative: a credit), with why it was made. The original is never edited.
 */
export function correctionOf(
  original: EventData<'BillIssued'>,
  correction: { billId: string; amountCents: number; reason: string; issuedAt: string },
): EventData<'BillIssued'> {
  const { billId, amountCents, reason, issuedAt } = correction;
  return {
    billId,
    tenantId: original.tenantId,
    customerId: original.customerId,
    accountNo: original.accountNo,
    ...(original.holderName !== undefined ? { holderName: original.holderName } : {}),
    priceSchemeId: original.priceSchemeId,
    type: original.type,
    periodFrom: original.periodFrom,
    periodTo: original.periodTo,
    noReading: false,
    litres: 0,
    accumulatedLitres: original.accumulatedLitres,
    parts: [],
    surcharges: [],
    meters: [],
    totalCents: amountCents,
    correctsBillId: original.billId,
    adjustment: { amountCents, reason },
    issuedAt,
  };
}
