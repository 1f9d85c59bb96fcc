import {
  type BillSurcharge,
  type ChargingItem,
  type ChargingItemInput,
  type EventData,
  type SurchargeSchemeInput,
  surchargeSchemeIssues,
} from '@hydrolog/schemas';
import { type Decider, DomainError, type EventOf, recordDecider } from '../decider.ts';
import { centsOf } from '../money.ts';
import { addMonths, basisPointsOf, dayNumber, roundHalfUp } from './tariff.ts';

export type SurchargeSchemeEvent = EventOf<'SurchargeSchemeSaved' | 'SurchargeSchemeDeleted'>;
export type SurchargeSchemeState = { exists: false } | (EventData<'SurchargeSchemeSaved'> & { exists: true });

/** The facts a scheme's rules need, loaded by the use case from the read models. */
export interface SurchargeSchemeFacts {
  /** Names (lower case) of the charging items of the tenant's other schemes. */
  takenItemNames: readonly string[];
  /** The scheme's items bound to an account by a personal surcharge. */
  boundItemIds: readonly string[];
}

export type SurchargeSchemeCommand =
  /** Saves the scheme whole; items without an id get `newItemIds` in order. */
  | ({
      type: 'SaveSurchargeScheme';
      surchargeSchemeId: string;
      tenantId: string;
      savedAt: string;
      newItemIds: readonly string[];
      facts: SurchargeSchemeFacts;
    } & SurchargeSchemeInput)
  | { type: 'DeleteSurchargeScheme'; facts: Pick<SurchargeSchemeFacts, 'boundItemIds'> };

/** A charging item as the events keep it: cents and basis points. */
export function chargingItemOf(item: ChargingItemInput, chargingItemId: string): ChargingItem {
  return {
    chargingItemId,
    name: item.name,
    feeType: item.feeType,
    deductionMethod: item.deductionMethod,
    deductionRatioBasisPoints: item.deductionMethod === 'percentage' ? basisPointsOf(item.deductionRatio) : 0,
    deductionAmountCents: item.deductionMethod === 'percentage' ? 0 : centsOf(item.deductionAmount),
    deductionFrequency: item.deductionFrequency,
    enabledDate: item.enabledDate,
    vatRateBasisPoints: basisPointsOf(item.vatRate),
  };
}

/**
 * A surcharge scheme with its charging items (spec sections 3, 4 and 5 "Surcharges and debts"): item names
 * unique in the tenant, the items' total deduction ratio at most 100%, and a scheme in use (an item bound
 * to an account) neither disabled, deleted, nor stripped of a bound item.
 */
export const surchargeSchemeDecider: Decider<
  SurchargeSchemeCommand,
  SurchargeSchemeEvent,
  SurchargeSchemeState
> = {
  category: 'surchargeScheme',
  initialState: () => ({ exists: false }),
  evolve: (_, event) =>
    event.type === 'SurchargeSchemeSaved' ? { ...event.data, exists: true } : { exists: false },
  decide(command, state) {
    const bound = new Set(command.facts.boundItemIds);
    if (command.type === 'DeleteSurchargeScheme') {
      if (!state.exists) return new DomainError('error.surcharge.notFound');
      if (bound.size > 0) return new DomainError('error.surcharge.inUse');
      return [{ type: 'SurchargeSchemeDeleted', data: { surchargeSchemeId: state.surchargeSchemeId } }];
    }
    const [issue] = surchargeSchemeIssues(command);
    if (issue) return new DomainError(issue.message);
    const taken = new Set(command.facts.takenItemNames);
    if (command.items.some((item) => taken.has(item.name.trim().toLowerCase())))
      return new DomainError('error.chargingItem.nameExists');
    // An item keeps its id within its scheme: an id of no item of this scheme is unknown.
    const known = new Set(state.exists ? state.items.map((item) => item.chargingItemId) : []);
    if (command.items.some((item) => item.chargingItemId !== undefined && !known.has(item.chargingItemId)))
      return new DomainError('error.chargingItem.notFound');
    let next = 0;
    const items = command.items.map((item) =>
      chargingItemOf(item, item.chargingItemId ?? command.newItemIds[next++]!),
    );
    if (state.exists) {
      if (state.status === '0' && command.status === '1' && bound.size > 0)
        return new DomainError('error.surcharge.disableInUse');
      const kept = new Set(items.map((item) => item.chargingItemId));
      const dropped = state.items.find(
        (item) => bound.has(item.chargingItemId) && !kept.has(item.chargingItemId),
      );
      if (dropped) return new DomainError('error.surcharge.itemInUse', { name: dropped.name });
    }
    const { surchargeSchemeId, name, status, savedAt } = command;
    const tenantId = state.exists ? state.tenantId : command.tenantId;
    return [
      { type: 'SurchargeSchemeSaved', data: { surchargeSchemeId, tenantId, name, status, items, savedAt } },
    ];
  },
};

// ---- Trial calculation -----------------------------------------------------------------------------------

export interface SurchargeLine {
  name: string;
  deductionMethod: ChargingItem['deductionMethod'];
  netCents: number;
  vatRateBasisPoints: number;
  vatCents: number;
}

export interface SurchargeCharge {
  lines: SurchargeLine[];
  netCents: number;
  vatCents: number;
  totalCents: number;
}

/**
 * What the charging items take from one payment of `amountCents` that buys `litres`, for one period of
 * their frequency: a percentage item its ratio of the payment; a fixed item its amount; a per-count item
 * its amount per m³ when its frequency is per volume, else once. VAT is each line's rate on its net. Every
 * amount is rounded once, half up (`roundHalfUp`).
 */
export function surchargeCharge(
  items: readonly ChargingItem[],
  payment: { amountCents: number; litres: number },
): SurchargeCharge {
  const lines = items.map((item) =>
    lineOf(
      item,
      item.deductionMethod === 'percentage'
        ? ratioOf(item, payment.amountCents)
        : item.deductionMethod === 'perCount' && item.deductionFrequency === 'volume'
          ? perCubicMetre(item, payment.litres)
          : item.deductionAmountCents,
    ),
  );
  const netCents = lines.reduce((sum, line) => sum + line.netCents, 0);
  const vatCents = lines.reduce((sum, line) => sum + line.vatCents, 0);
  return { lines, netCents, vatCents, totalCents: netCents + vatCents };
}

const ratioOf = (item: ChargingItem, cents: number) =>
  roundHalfUp(BigInt(cents) * BigInt(item.deductionRatioBasisPoints), 10_000n);
const perCubicMetre = (item: ChargingItem, litres: number) =>
  roundHalfUp(BigInt(item.deductionAmountCents) * BigInt(litres), 1_000n);

function lineOf(item: ChargingItem, netCents: number): SurchargeLine {
  return {
    name: item.name,
    deductionMethod: item.deductionMethod,
    netCents,
    vatRateBasisPoints: item.vatRateBasisPoints,
    vatCents: roundHalfUp(BigInt(netCents) * BigInt(item.vatRateBasisPoints), 10_000n),
  };
}

/**
 * How many periods of a frequency (day, month, year) start in [from, to): each local day, each month's
 * first day, each year's first day.
 */
function periodsStarting(frequency: 'day' | 'month' | 'year', from: string, to: string): number {
  if (from >= to) return 0;
  if (frequency === 'day') return dayNumber(to) - dayNumber(from);
  const months = frequency === 'month' ? 1 : 12;
  const firstOf = (day: string) =>
    frequency === 'month' ? `${day.slice(0, 7)}-01` : `${day.slice(0, 4)}-01-01`;
  let start = firstOf(from) === from ? from : addMonths(firstOf(from), months);
  let count = 0;
  for (; start < to; start = addMonths(start, months)) count++;
  return count;
}

/**
 * The surcharges of a bill of [from, to) that charged `litres` for `waterCents` (its parts' total), from the
 * charging items bound to the account. An item is charged from its enabled date on: a fixed or per-count
 * item once per day, month or year of its frequency that starts in the period on or after that date (a
 * period split by a closing bill so charges each once, in the part it starts in); a per-volume item on the
 * litres billed, and a percentage item its ratio of the water charge, on a bill whose period starts on or
 * after that date. An item that charges nothing on the bill is no line of it.
 */
export function billSurcharges(
  items: readonly ChargingItem[],
  bill: { from: string; to: string; litres: number; waterCents: number },
): BillSurcharge[] {
  return items.flatMap((item) => {
    const { base, netCents } = billCharge(item, bill);
    if (netCents === 0) return [];
    return [
      {
        chargingItemId: item.chargingItemId,
        name: item.name,
        deductionMethod: item.deductionMethod,
        deductionFrequency: item.deductionFrequency,
        base,
        netCents,
        vatRateBasisPoints: item.vatRateBasisPoints,
        vatCents: lineOf(item, netCents).vatCents,
      },
    ];
  });
}

/** What one item charges on a bill, and on what (see billSurcharges). */
function billCharge(
  item: ChargingItem,
  bill: { from: string; to: string; litres: number; waterCents: number },
): { base: number; netCents: number } {
  const frequency = item.deductionFrequency;
  if (frequency !== 'volume' && item.deductionMethod !== 'percentage') {
    const from = item.enabledDate > bill.from ? item.enabledDate : bill.from;
    const count = periodsStarting(frequency, from, bill.to);
    return { base: count, netCents: count * item.deductionAmountCents };
  }
  if (item.enabledDate > bill.from) return { base: 0, netCents: 0 };
  if (item.deductionMethod === 'percentage')
    return { base: bill.waterCents, netCents: ratioOf(item, bill.waterCents) };
  if (item.deductionMethod === 'perCount')
    return { base: bill.litres, netCents: perCubicMetre(item, bill.litres) };
  return { base: 1, netCents: item.deductionAmountCents };
}

// ---- Personal surcharges ---------------------------------------------------------------------------------

/** A charging item to bind, as the read model has it. */
export interface BindableItem {
  chargingItemId: string;
  name: string;
  feeType: ChargingItem['feeType'];
  deductionMethod: ChargingItem['deductionMethod'];
  deductionRatioBasisPoints: number;
  schemeEnabled: boolean;
}

/**
 * Charging items bound to one account: personal items of enabled schemes, their total deduction ratio at
 * most 100%, one record per account (edited, not doubled), never on a cancelled account.
 */
export const personalSurchargeDecider = recordDecider<
  'PersonalSurchargeSaved',
  'PersonalSurchargeDeleted',
  { items: readonly BindableItem[]; accountHasOther: boolean; accountCancelled: boolean }
>({
  category: 'personalSurcharge',
  saved: 'PersonalSurchargeSaved',
  deleted: 'PersonalSurchargeDeleted',
  id: 'personalSurchargeId',
  notFound: 'error.personalSurcharge.notFound',
  refuse(command, state) {
    if (command.type === 'Delete') return null;
    const { facts } = command;
    if (state.exists && state.customerId !== command.customerId) return 'error.personalSurcharge.notFound';
    if (facts.accountHasOther) return 'error.personalSurcharge.exists';
    if (facts.accountCancelled) return 'error.personalSurcharge.accountCancelled';
    const system = facts.items.find((item) => item.feeType !== 'personal');
    if (system) return new DomainError('error.personalSurcharge.systemItem', { name: system.name });
    const disabled = facts.items.find((item) => !item.schemeEnabled);
    if (disabled) return new DomainError('error.personalSurcharge.schemeDisabled', { name: disabled.name });
    const ratio = facts.items.reduce(
      (sum, item) => sum + (item.deductionMethod === 'percentage' ? item.deductionRatioBasisPoints : 0),
      0,
    );
    return ratio > 10_000 ? 'validation.surcharge.totalRatio' : null;
  },
});
