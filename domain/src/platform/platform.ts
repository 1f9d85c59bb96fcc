import { countryByCode, type EventData, type MessageKey } from '@hydrolog/schemas';
import { type Decider, DomainError, type EventOf, recordDecider } from '../decider.ts';
import { centsOf } from '../money.ts';

// ---- Carriers, regions, third-party platforms: records saved whole --------------------------------------

/** A carrier of a country of the shared country table. */
export const carrierDecider = recordDecider({
  category: 'carrier',
  saved: 'CarrierSaved',
  deleted: 'CarrierDeleted',
  id: 'carrierId',
  notFound: 'error.carrier.notFound',
  refuse: (command) =>
    command.type === 'Save' && !countryByCode(command.country) ? 'error.carrier.unknownCountry' : null,
});

/** The facts of a region tree's rules: a save's new parent, a deletion's sub-regions. */
export interface RegionSaveFacts {
  /** The new parent is this region or one below it. */
  parentInSubtree: boolean;
}
export interface RegionDeleteFacts {
  subRegions: number;
}

/**
 * The rules of every region tree (the platform's, a tenant's device regions): no loops, and a region with
 * sub-regions stays. Names are unique among siblings by the read model's unique index.
 */
export function regionTreeRefusal(
  command: { type: 'Save'; facts: RegionSaveFacts } | { type: 'Delete'; facts: RegionDeleteFacts },
): MessageKey | null {
  if (command.type === 'Save') return command.facts.parentInSubtree ? 'error.region.parentLoop' : null;
  return command.facts.subRegions > 0 ? 'error.region.hasChildren' : null;
}

/** A region of the platform's tree. */
export const regionDecider = recordDecider<
  'RegionSaved',
  'RegionDeleted',
  RegionSaveFacts,
  RegionDeleteFacts
>({
  category: 'region',
  saved: 'RegionSaved',
  deleted: 'RegionDeleted',
  id: 'regionId',
  notFound: 'error.region.notFound',
  refuse: regionTreeRefusal,
});

/** A third-party platform: kept while recharges went through it, so their records keep their source. */
export const thirdPartyDecider = recordDecider<
  'ThirdPartySaved',
  'ThirdPartyDeleted',
  undefined,
  { recharges: number }
>({
  category: 'thirdparty',
  saved: 'ThirdPartySaved',
  deleted: 'ThirdPartyDeleted',
  id: 'thirdPartyId',
  notFound: 'error.thirdParty.notFound',
  refuse: (command) =>
    command.type === 'Delete' && command.facts.recharges > 0 ? 'error.thirdParty.hasRecharges' : null,
});

// ---- Agent accounts --------------------------------------------------------------------------------------

export type AgentAccountEvent = EventOf<'AgentPurchaseMethodSet' | 'AgentRecharged' | 'AgentWithdrawn'>;
export interface AgentAccountState {
  purchaseMethod: EventData<'AgentPurchaseMethodSet'>['purchaseMethod'] | null;
  /** The balance in cents: the sum of every movement, so no rounding drifts. */
  balanceCents: number;
}
export type AgentAccountCommand =
  | {
      type: 'SetPurchaseMethod';
      userId: string;
      purchaseMethod: AgentAccountState['purchaseMethod'] & string;
    }
  | ({ type: 'Recharge' } & EventData<'AgentRecharged'>)
  | ({ type: 'Withdraw' } & EventData<'AgentWithdrawn'>);

/** Purchase method 2 (spec section 9): the agent buys through a third-party platform. */
const THIRD_PARTY = '2';

/**
 * An agent's account: the platform credits it (agent recharge), transfers and withdrawals debit it; the
 * balance is the sum of its movements and never goes below zero.
 */
export const agentAccountDecider: Decider<AgentAccountCommand, AgentAccountEvent, AgentAccountState> = {
  category: 'agentaccount',
  initialState: () => ({ purchaseMethod: null, balanceCents: 0 }),
  evolve(state, event) {
    switch (event.type) {
      case 'AgentPurchaseMethodSet':
        return { ...state, purchaseMethod: event.data.purchaseMethod };
      case 'AgentRecharged':
        return { ...state, balanceCents: state.balanceCents + centsOf(event.data.amount) };
      case 'AgentWithdrawn':
        return { ...state, balanceCents: state.balanceCents - centsOf(event.data.amount) };
    }
  },
  decide(command, state) {
    const { type: _, ...data } = command;
    switch (command.type) {
      case 'SetPurchaseMethod':
        return command.purchaseMethod === state.purchaseMethod
          ? []
          : [
              {
                type: 'AgentPurchaseMethodSet',
                data: { userId: command.userId, purchaseMethod: command.purchaseMethod },
              },
            ];
      case 'Recharge':
        // Money through a third-party platform names it, and only then (its recharge records).
        if ((command.thirdPartyId !== null) !== (state.purchaseMethod === THIRD_PARTY))
          return new DomainError('error.agent.thirdPartyMismatch');
        return [{ type: 'AgentRecharged', data: data as EventData<'AgentRecharged'> }];
      case 'Withdraw':
        if (centsOf(command.amount) > state.balanceCents)
          return new DomainError('error.agent.balanceInsufficient');
        return [{ type: 'AgentWithdrawn', data: data as EventData<'AgentWithdrawn'> }];
    }
  },
};
