import type { EventData } from '@hydrolog/schemas';
import { describe, expect, it } from 'vitest';
import { fold } from '../../src/decider.ts';
import {
  type AgentAccountEvent,
  agentAccountDecider,
  carrierDecider,
  regionDecider,
  thirdPartyDecider,
} from '../../src/platform/index.ts';
import { given } from '../spec.ts';

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
    given(agentAccountDecider, events)
      .when(withdraw(0.3))
      .thenMatches([{ type: 'AgentWithdrawn' }]);
  });

  it("refuses a debit beyond the balance with 'Account balance insufficient'", () => {
    given(agentAccountDecider, [recharged(100, 1)])
      .when(withdraw(100.01))
      .thenFails('error.agent.balanceInsufficient');
    given(agentAccountDecider, []).when(withdraw(1)).thenFails('error.agent.balanceInsufficient');
  });

  it('names a third-party platform on a recharge exactly when the agent buys through one', () => {
    const recharge = (via: string | null) => ({ type: 'Recharge', ...rechargeData(10, 3, via) }) as const;
    given(agentAccountDecider, []).when(recharge(thirdPartyId)).thenFails('error.agent.thirdPartyMismatch');
    given(agentAccountDecider, [])
      .when(recharge(null))
      .thenMatches([{ type: 'AgentRecharged' }]);
    const thirdParty: AgentAccountEvent = {
      type: 'AgentPurchaseMethodSet',
      data: { userId, purchaseMethod: '2' },
    };
    given(agentAccountDecider, [thirdParty]).when(recharge(null)).thenFails('error.agent.thirdPartyMismatch');
    given(agentAccountDecider, [thirdParty])
      .when(recharge(thirdPartyId))
      .thenMatches([{ type: 'AgentRecharged' }]);
    given(agentAccountDecider, [thirdParty])
      .when({ type: 'SetPurchaseMethod', userId, purchaseMethod: '2' })
      .then([]);
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
    given(carrierDecider, [])
      .when({ type: 'Save', ...carrier })
      .then([{ type: 'CarrierSaved', data: carrier }]);
    given(carrierDecider, []).when({ type: 'Delete' }).thenFails('error.carrier.notFound');
    given(carrierDecider, [{ type: 'CarrierSaved', data: carrier }])
      .when({ type: 'Delete' })
      .then([{ type: 'CarrierDeleted', data: { carrierId: carrier.carrierId } }]);
    given(regionDecider, [])
      .when({ type: 'Delete', facts: { subRegions: 0 } })
      .thenFails('error.region.notFound');
  });

  it('refuses a carrier of a country the country table does not know', () => {
    given(carrierDecider, [])
      .when({ type: 'Save', ...carrier, country: 'ZZ' })
      .thenFails('error.carrier.unknownCountry');
  });

  const regionId = '0190a000-0000-7000-8000-000000000602';
  const region = { regionId, parentId: null, regionName: 'North', orderNum: 0 };
  const regionSaved = { type: 'RegionSaved', data: region } as const;

  it('keeps the region tree without loops, and a region with sub-regions', () => {
    const parentId = '0190a000-0000-7000-8000-000000000603';
    given(regionDecider, [regionSaved])
      .when({ type: 'Save', ...region, parentId, facts: { parentInSubtree: true } })
      .thenFails('error.region.parentLoop');
    given(regionDecider, [regionSaved])
      .when({ type: 'Save', ...region, parentId, facts: { parentInSubtree: false } })
      .then([{ type: 'RegionSaved', data: { ...region, parentId } }]);
    given(regionDecider, [regionSaved])
      .when({ type: 'Delete', facts: { subRegions: 2 } })
      .thenFails('error.region.hasChildren');
    given(regionDecider, [regionSaved])
      .when({ type: 'Delete', facts: { subRegions: 0 } })
      .then([{ type: 'RegionDeleted', data: { regionId } }]);
  });

  it('keeps a third-party platform that recharges went through', () => {
    const platform = { thirdPartyId, code: 'alipay', name: 'Alipay' };
    const saved = [{ type: 'ThirdPartySaved', data: platform }] as const;
    given(thirdPartyDecider, saved)
      .when({ type: 'Delete', facts: { recharges: 1 } })
      .thenFails('error.thirdParty.hasRecharges');
    given(thirdPartyDecider, saved)
      .when({ type: 'Delete', facts: { recharges: 0 } })
      .then([{ type: 'ThirdPartyDeleted', data: { thirdPartyId } }]);
  });
});
