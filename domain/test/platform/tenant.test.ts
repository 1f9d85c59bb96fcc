import { tenantSettingsSchema } from '@hydrolog/schemas';
import { describe, expect, it } from 'vitest';
import { fold } from '../../src/decider.ts';
import { type TenantEvent, tenantDecider, trialDaysLeft } from '../../src/platform/index.ts';
import { given } from '../spec.ts';

const tenantId = '0190a000-0000-7000-8000-000000000001';
const settings = tenantSettingsSchema.parse({ timeZone: 'Europe/Athens' });
const created: TenantEvent = {
  type: 'TenantCreated',
  data: { tenantId, name: 'Aqua', kind: 'utility', trial: true, createdAt: '2026-01-01T00:00:00Z', settings },
};

describe('tenant decider', () => {
  it('creates a tenant that does not exist', () => {
    given(tenantDecider, [])
      .when({ type: 'CreateTenant', ...created.data })
      .then([created]);
  });

  it('refuses to create a tenant twice', () => {
    given(tenantDecider, [created])
      .when({ type: 'CreateTenant', ...created.data })
      .thenFails('error.tenant.exists');
  });

  it('renames an existing tenant', () => {
    given(tenantDecider, [created])
      .when({ type: 'RenameTenant', tenantId, name: 'Aqua Nova' })
      .then([{ type: 'TenantRenamed', data: { tenantId, name: 'Aqua Nova' } }]);
  });

  it('records nothing when the name is unchanged', () => {
    given(tenantDecider, [created]).when({ type: 'RenameTenant', tenantId, name: 'Aqua' }).then([]);
  });

  it('refuses to rename a tenant that does not exist', () => {
    given(tenantDecider, [])
      .when({ type: 'RenameTenant', tenantId, name: 'X' })
      .thenFails('error.tenant.notFound');
  });

  it('changes settings and folds them into the state', () => {
    const changed = { ...settings, openAccountCloseValve: true };
    const events = given(tenantDecider, [created])
      .when({ type: 'ChangeTenantSettings', tenantId, settings: changed })
      .then([{ type: 'TenantSettingsChanged', data: { tenantId, settings: changed } }]);
    const state = fold(tenantDecider, [created, ...events]);
    expect(state.exists && state.settings.openAccountCloseValve).toBe(true);
  });

  it('records nothing when the settings are unchanged', () => {
    given(tenantDecider, [created]).when({ type: 'ChangeTenantSettings', tenantId, settings }).then([]);
  });

  it('counts the trial down from 180 days and stops at zero', () => {
    expect(trialDaysLeft('2026-01-01T00:00:00Z', new Date('2026-01-01T12:00:00Z'))).toBe(180);
    expect(trialDaysLeft('2026-01-01T00:00:00Z', new Date('2026-01-11T00:00:00Z'))).toBe(170);
    expect(trialDaysLeft('2026-01-01T00:00:00Z', new Date('2027-01-01T00:00:00Z'))).toBe(0);
  });

  it('suspends and resumes a utility, once each, but never the platform', () => {
    const suspended: TenantEvent = { type: 'TenantSuspended', data: { tenantId } };
    given(tenantDecider, [created]).when({ type: 'SuspendTenant' }).then([suspended]);
    given(tenantDecider, [created, suspended]).when({ type: 'SuspendTenant' }).then([]);
    given(tenantDecider, [created, suspended])
      .when({ type: 'ResumeTenant' })
      .then([{ type: 'TenantResumed', data: { tenantId } }]);
    given(tenantDecider, [created]).when({ type: 'ResumeTenant' }).then([]);
    const platform: TenantEvent = { ...created, data: { ...created.data, kind: 'platform' } } as TenantEvent;
    given(tenantDecider, [platform]).when({ type: 'SuspendTenant' }).thenFails('error.tenant.platform');
  });
});
