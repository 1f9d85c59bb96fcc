import type { DomainEvent, EventData } from '@hydrolog/schemas';
import { describe, expect, it } from 'vitest';
import { type Decider, DomainError, fold } from '../../src/decider.ts';
import {
  type AgentAccountEvent,
  agentAccountDecider,
  carrierDecider,
  regionDecider,
} from '../../src/platform/index.ts';

function given<C, E extends DomainEvent, S>(decider: Decider<C, E, S>, events: E[]) {
  return { when: (command: C) => decider.decide(command, fold(decider, events)) };
}
const keyOf = (result: unknown) => (result as DomainError).key;

const userId = '0190a000-0000-7000-8000-000000000401';
const thirdPartyId = '0190a000-0000-7000-8000-000000000402';
const movement = (n: number) => `0190a000-0000-7000-8000-0000000005${String(n).padStart(2, '0')}`;
const rechargeData = (amount: number, n: number, via: string | null = null): EventData<'AgentRecharged'> => ({
  movementId: movement(n),
  userId,
  amount,
  thirdPartyId: via,
  remark: null,
  operator: 'admin',
  at: 'now',
});
const recharged = (amount: number, n: number, via: string | null = null): AgentAccountEvent => ({
  type: 'AgentRecharged',
  data: rechargeData(amount, n, via),
});
const withdraw = (amount: number) =>
  ({
    type: 'Withdraw',
    movementId: movement(99),
    userId,
    amount,
    remark: null,
    operator: 'admin',
    at: 'now',
  }) as const;

describe('agent account decider', () => {
  it('sums every movement into the balance, in cents so decimals do not drift', () => {
    const events = [recharged(0.1, 1), recharged(0.2, 2)];
    expect(fold(agentAccountDecider, events).balanceCents).toBe(30);
    expect(given(agentAccountDecider, events).when(withdraw(0.3))).toHaveLength(1);
  });

  it("refuses a debit beyond the balance with 'Account balance insufficient'", () => {
    const result = given(agentAccountDecider, [recharged(100, 1)]).when(withdraw(100.01));
    expect(result).toBeInstanceOf(DomainError);
    expect(keyOf(result)).toBe('error.agent.balanceInsufficient');
    expect(keyOf(given(agentAccountDecider, []).when(withdraw(1)))).toBe('error.agent.balanceInsufficient');
  });

  it('names a third-party platform on a recharge exactly when the agent buys through one', () => {
    const recharge = (via: string | null) => ({ type: 'Recharge', ...rechargeData(10, 3, via) }) as const;
    expect(keyOf(given(agentAccountDecider, []).when(recharge(thirdPartyId)))).toBe(
      'error.agent.thirdPartyMismatch',
    );
    expect(given(agentAccountDecider, []).when(recharge(null))).toHaveLength(1);
    const thirdParty: AgentAccountEvent = {
      type: 'AgentPurchaseMethodSet',
      data: { userId, purchaseMethod: '2' },
    };
    expect(keyOf(given(agentAccountDecider, [thirdParty]).when(recharge(null)))).toBe(
      'error.agent.thirdPartyMismatch',
    );
    expect(given(agentAccountDecider, [thirdParty]).when(recharge(thirdPartyId))).toHaveLength(1);
    expect(
      given(agentAccountDecider, [thirdParty]).when({
        type: 'SetPurchaseMethod',
        userId,
        purchaseMethod: '2',
      }),
    ).toEqual([]);
  });
});

describe('saved records', () => {
  const carrier = {
    carrierId: '0190a000-0000-7000-8000-000000000601',
    carrierName: 'Telkomsel',
    country: 'ID',
    areaCode: '+62',
    smsLength: 160,
    remark: null,
  };
  it('saves a record whole and deletes only a record that exists', () => {
    expect(given(carrierDecider, []).when({ type: 'Save', ...carrier })).toEqual([
      { type: 'CarrierSaved', data: carrier },
    ]);
    expect(keyOf(given(carrierDecider, []).when({ type: 'Delete' }))).toBe('error.carrier.notFound');
    expect(given(carrierDecider, [{ type: 'CarrierSaved', data: carrier }]).when({ type: 'Delete' })).toEqual(
      [{ type: 'CarrierDeleted', data: { carrierId: carrier.carrierId } }],
    );
    expect(keyOf(given(regionDecider, []).when({ type: 'Delete' }))).toBe('error.region.notFound');
  });
});
