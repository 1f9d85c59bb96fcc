import { LANGUAGES } from '@hydrolog/schemas';
import { translate } from '@hydrolog/schemas/messages/all';
import { describe, expect, it } from 'vitest';
import { type GatewayEvent, gatewayDecider } from '../../src/meters/index.ts';
import { given } from '../spec.ts';

const gatewayId = '0190a000-0000-7000-8000-0000000000a1';
const registered: GatewayEvent = {
  type: 'GatewayRegistered',
  data: {
    gatewayId,
    tenantId: '0190a000-0000-7000-8000-000000000001',
    name: 'C-001',
    kind: 'concentrator',
    manufacturer: 'Acme',
    keyHash: 'h1',
    keyPrefix: 'hgk_1',
    createdAt: '2026-11-01T00:00:00.000Z',
  },
};
const change = { type: 'ChangeGateway', name: 'C-002', kind: 'concentrator', manufacturer: 'Acme' } as const;
const revoke = { type: 'RevokeGateway', revokedAt: '2026-11-02T00:00:00.000Z' } as const;

describe('a concentrator (the gateway decider)', () => {
  it('is changed and deleted while it relays no meter', () => {
    given(gatewayDecider, [registered])
      .when({ ...change, associatedMeters: 0 })
      .then([
        {
          type: 'GatewayChanged',
          data: { gatewayId, name: 'C-002', kind: 'concentrator', manufacturer: 'Acme' },
        },
      ]);
    given(gatewayDecider, [registered])
      .when({ ...revoke, associatedMeters: 0 })
      .then([{ type: 'GatewayRevoked', data: { gatewayId, revokedAt: revoke.revokedAt } }]);
  });

  it('is neither changed nor deleted with an associated meter, but its key can still be rotated', () => {
    given(gatewayDecider, [registered])
      .when({ ...change, associatedMeters: 1 })
      .thenFails('error.concentrator.withMeters');
    given(gatewayDecider, [registered])
      .when({ ...revoke, associatedMeters: 3 })
      .thenFails('error.concentrator.withMeters');
    given(gatewayDecider, [registered])
      .when({ type: 'RotateGatewayKey', keyHash: 'h2', keyPrefix: 'hgk_2', rotatedAt: revoke.revokedAt })
      .thenMatches([{ type: 'GatewayKeyRotated' }]);
  });

  it('says so in the four languages', () => {
    const texts = LANGUAGES.map((language) => translate('error.concentrator.withMeters', language));
    expect(translate('error.concentrator.withMeters', 'en')).toBe(
      'Cannot operation a concentrator with an associated meter!',
    );
    expect(new Set(texts).size).toBe(4);
  });
});
