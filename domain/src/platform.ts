import type { EventData, EventType, MessageKey } from '@hydrolog/schemas';
import { type Decider, DomainError, type EventOf } from './decider.ts';

// ---- Records saved whole: carriers, regions, third-party platforms -----------------------------------------

export type RecordState<Saved extends EventType> = { exists: false } | (EventData<Saved> & { exists: true });
export type RecordCommand<Saved extends EventType> =
  | ({ type: 'Save' } & EventData<Saved>)
  | { type: 'Delete' };

/**
 * A record an operator saves as a whole and may delete: a saved event carries every field. Rules across
 * records (unique codes, sub-regions) need the read model and stay with the route.
 */
export function recordDecider<Saved extends EventType, Deleted extends EventType>(spec: {
  category: string;
  saved: Saved;
  deleted: Deleted;
  id: keyof EventData<Saved> & keyof EventData<Deleted> & string;
  notFound: MessageKey;
}): Decider<RecordCommand<Saved>, EventOf<Saved | Deleted>, RecordState<Saved>> {
  return {
    category: spec.category,
    initialState: () => ({ exists: false }),
    evolve: (_, event) =>
      event.type === spec.saved
        ? ({ ...(event.data as EventData<Saved>), exists: true } as RecordState<Saved>)
        : { exists: false },
    decide(command, state) {
      if (command.type === 'Save') {
        const { type: _, ...data } = command;
        return [{ type: spec.saved, data } as unknown as EventOf<Saved | Deleted>];
      }
      if (!state.exists) return new DomainError(spec.notFound);
      const id = (state as Record<string, unknown>)[spec.id];
      return [{ type: spec.deleted, data: { [spec.id]: id } } as unknown as EventOf<Saved | Deleted>];
    },
  };
}

export const carrierDecider = recordDecider({
  category: 'carrier',
  saved: 'CarrierSaved',
  deleted: 'CarrierDeleted',
  id: 'carrierId',
  notFound: 'error.carrier.notFound',
});

export const regionDecider = recordDecider({
  category: 'region',
  saved: 'RegionSaved',
  deleted: 'RegionDeleted',
  id: 'regionId',
  notFound: 'error.region.notFound',
});

export const thirdPartyDecider = recordDecider({
  category: 'thirdparty',
  saved: 'ThirdPartySaved',
  deleted: 'ThirdPartyDeleted',
  id: 'thirdPartyId',
  notFound: 'error.thirdParty.notFound',
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

const cents = (amount: number) => Math.round(amount * 100);
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
        return { ...state, balanceCents: state.balanceCents + cents(event.data.amount) };
      case 'AgentWithdrawn':
        return { ...state, balanceCents: state.balanceCents - cents(event.data.amount) };
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
        if (cents(command.amount) > state.balanceCents)
          return new DomainError('error.agent.balanceInsufficient');
        return [{ type: 'AgentWithdrawn', data: data as EventData<'AgentWithdrawn'> }];
    }
  },
};
