import { tenantSettingsSchema } from '@hydrolog/schemas';
import { describe, expect, it } from 'vitest';
import { type TenantEvent, tenantDecider } from '../src/platform/index.ts';
import { given } from './spec.ts';

// A spec kit that never fails would pass every spec: each check must fail on the wrong outcome.
const tenantId = '0190a000-0000-7000-8000-000000000001';
const created: TenantEvent = {
  type: 'TenantCreated',
  data: {
    tenantId,
    name: 'Aqua',
    kind: 'utility',
    trial: false,
    createdAt: '2026-01-01T00:00:00Z',
    settings: tenantSettingsSchema.parse({ timeZone: 'Europe/Athens' }),
  },
};
const suspended: TenantEvent = { type: 'TenantSuspended', data: { tenantId } };

describe('decider spec kit', () => {
  it('then: exactly the events recorded, no more, no fewer, and no refusal', () => {
    const suspend = given(tenantDecider, [created]).when({ type: 'SuspendTenant' });
    expect(suspend.then([suspended])).toEqual([suspended]);
    expect(() => suspend.then([])).toThrow();
    expect(() => suspend.then([suspended, suspended])).toThrow();
    expect(() => given(tenantDecider, []).when({ type: 'SuspendTenant' }).then([])).toThrow();
  });

  it('thenMatches: as many events as given, each with the fields given', () => {
    const suspend = given(tenantDecider, [created]).when({ type: 'SuspendTenant' });
    suspend.thenMatches([{ type: 'TenantSuspended' }]);
    suspend.thenMatches([{ type: 'TenantSuspended', data: { tenantId } }]);
    expect(() => suspend.thenMatches([{ type: 'TenantResumed' }])).toThrow();
    expect(() => suspend.thenMatches([{ type: 'TenantSuspended', data: { tenantId: 'other' } }])).toThrow();
    expect(() => suspend.thenMatches([])).toThrow();
    expect(() => given(tenantDecider, []).when({ type: 'SuspendTenant' }).thenMatches([])).toThrow();
  });

  it('thenFails: a refusal with this key, and these parameters when given', () => {
    const missing = given(tenantDecider, []).when({ type: 'SuspendTenant' });
    expect(missing.thenFails('error.tenant.notFound').key).toBe('error.tenant.notFound');
    missing.thenFails({ key: 'error.tenant.notFound', params: {} });
    expect(() => missing.thenFails('error.tenant.exists')).toThrow();
    expect(() => missing.thenFails({ key: 'error.tenant.notFound', params: { name: 'Aqua' } })).toThrow();
    expect(() =>
      given(tenantDecider, [created]).when({ type: 'SuspendTenant' }).thenFails('error.tenant.notFound'),
    ).toThrow();
  });

  it('says so when an outcome is awaited instead of checked', async () => {
    const outcome = given(tenantDecider, [created]).when({ type: 'SuspendTenant' });
    await expect(Promise.resolve(outcome as unknown)).rejects.toThrow('not awaited');
  });
});
