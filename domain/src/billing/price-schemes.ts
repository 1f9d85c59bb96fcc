import {
  type EventData,
  type PriceSchemeInput,
  type PriceVersion,
  priceSchemeIssues,
  UNLIMITED,
} from '@hydrolog/schemas';
import { type Decider, DomainError, type EventOf } from '../decider.ts';
import { centsOf } from '../money.ts';
import { basisPointsOf, litresOf, type Tariff } from './tariff.ts';

export type PriceSchemeEvent = EventOf<'PriceSchemeCreated' | 'PriceSchemeRevised' | 'PriceSchemeDeleted'>;
export type PriceSchemeState =
  | { exists: false }
  | (Omit<EventData<'PriceSchemeCreated'>, 'version'> & { exists: true; versions: PriceVersion[] });
export type PriceSchemeCommand =
  | ({
      type: 'CreatePriceScheme';
      priceSchemeId: string;
      tenantId: string;
      createdAt: string;
    } & PriceSchemeInput)
  /** New prices from `effectiveFrom` on; a version from the same day is replaced. */
  | ({ type: 'RevisePriceScheme'; effectiveFrom: string; revisedAt: string } & PriceSchemeInput)
  /** `accounts`: the accounts on the scheme, loaded by the use case. */
  | { type: 'DeletePriceScheme'; accounts: number };

/** The prices of a form as the tariff math keeps them: litres, cents and basis points. */
export function priceVersionOf(scheme: PriceSchemeInput, effectiveFrom: string): PriceVersion {
  return {
    effectiveFrom,
    chargingModel: scheme.chargingModel,
    steps: scheme.steps.map((step) => ({
      startLitres: litresOf(step.startVolume),
      endLitres: step.endVolume === UNLIMITED ? null : litresOf(step.endVolume),
      unitPriceCents: centsOf(step.unitPrice),
    })),
    standingChargeCents: centsOf(scheme.standingCharge),
    vatRateBasisPoints: basisPointsOf(scheme.vatRate),
  };
}

/** A saved scheme as the tariff math takes it. */
export function tariffOf(
  scheme: Omit<EventData<'PriceSchemeCreated'>, 'version'> & { versions: PriceVersion[] },
): Tariff {
  const { startTime, accumulationCycle, billingCycle, versions } = scheme;
  return { startTime, accumulationCycle, billingCycle, versions };
}

/**
 * A price scheme of a tenant (spec sections 3 and 5 "Prices"). Its rules across fields are the form's
 * (`priceSchemeIssues`), held here too so that no command records a scheme the math cannot charge. A price
 * change is a new version from a day on, never before the latest one, so a bill already charged stays right.
 */
export const priceSchemeDecider: Decider<PriceSchemeCommand, PriceSchemeEvent, PriceSchemeState> = {
  category: 'priceScheme',
  initialState: () => ({ exists: false }),
  evolve(state, event) {
    switch (event.type) {
      case 'PriceSchemeCreated': {
        const { version, ...head } = event.data;
        return { ...head, exists: true, versions: [version] };
      }
      case 'PriceSchemeRevised': {
        if (!state.exists) return state;
        const { version, revisedAt: _, ...head } = event.data;
        const earlier = state.versions.filter((v) => v.effectiveFrom < version.effectiveFrom);
        return { ...state, ...head, versions: [...earlier, version] };
      }
      case 'PriceSchemeDeleted':
        return { exists: false };
    }
  },
  decide(command, state) {
    if (command.type !== 'DeletePriceScheme') {
      const [issue] = priceSchemeIssues(command);
      if (issue) return new DomainError(issue.message);
    }
    if (command.type === 'CreatePriceScheme') {
      if (state.exists) return new DomainError('error.priceScheme.exists');
      const {
        type: _,
        priceSchemeId,
        tenantId,
        createdAt,
        name,
        accumulationCycle,
        billingCycle,
        startTime,
      } = command;
      return [
        {
          type: 'PriceSchemeCreated',
          data: {
            priceSchemeId,
            tenantId,
            name,
            accumulationCycle,
            billingCycle,
            startTime,
            version: priceVersionOf(command, startTime),
            createdAt,
          },
        },
      ];
    }
    if (!state.exists) return new DomainError('error.priceScheme.notFound');
    const { priceSchemeId } = state;
    if (command.type === 'DeletePriceScheme') {
      if (command.accounts > 0)
        return new DomainError('error.priceScheme.inUse', { count: command.accounts });
      return [{ type: 'PriceSchemeDeleted', data: { priceSchemeId } }];
    }
    const { effectiveFrom, revisedAt, name, accumulationCycle, billingCycle, startTime } = command;
    if (effectiveFrom < state.startTime)
      return new DomainError('error.priceScheme.beforeStart', { date: startTime });
    if (
      startTime !== state.startTime ||
      accumulationCycle !== state.accumulationCycle ||
      billingCycle !== state.billingCycle
    )
      return new DomainError('error.priceScheme.cyclesFixed');
    const latest = state.versions.at(-1)!.effectiveFrom;
    if (effectiveFrom < latest) return new DomainError('error.priceScheme.versionOrder', { date: latest });
    return [
      {
        type: 'PriceSchemeRevised',
        data: {
          priceSchemeId,
          name,
          accumulationCycle,
          billingCycle,
          startTime,
          version: priceVersionOf(command, effectiveFrom),
          revisedAt,
        },
      },
    ];
  },
};
