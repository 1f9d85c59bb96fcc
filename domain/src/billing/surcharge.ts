import {
  type ChargingItem,
  type ChargingItemInput,
  type EventData,
  type SurchargeSchemeInput,
  surchargeSchemeIssues,
} from '@hydrolog/schemas';
import { type Decider, DomainError, type EventOf, recordDecider } from '../decider.ts';
import { centsOf } from '../money.ts';
import { basisPointsOf, roundHalfUp } from './tariff.ts';

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
  const lines = items.map((item): SurchargeLine => {
    const netCents =
      item.deductionMethod === 'percentage'
        ? roundHalfUp(BigInt(payment.amountCents) * BigInt(item.deductionRatioBasisPoints), 10_000n)
        : item.deductionMethod === 'perCount' && item.deductionFrequency === 'volume'
          ? roundHalfUp(BigInt(item.deductionAmountCents) * BigInt(payment.litres), 1_000n)
          : item.deductionAmountCents;
    const vatCents = roundHalfUp(BigInt(netCents) * BigInt(item.vatRateBasisPoints), 10_000n);
    return {
      name: item.name,
      deductionMethod: item.deductionMethod,
      netCents,
      vatRateBasisPoints: item.vatRateBasisPoints,
      vatCents,
    };
  });
  const netCents = lines.reduce((sum, line) => sum + line.netCents, 0);
  const vatCents = lines.reduce((sum, line) => sum + line.vatCents, 0);
  return { lines, netCents, vatCents, totalCents: netCents + vatCents };
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
