import { tenantSettingsSchema } from '@hydrolog/schemas';
import { describe, expect, it } from 'vitest';
import { DomainError, fold } from '../../src/decider.ts';
import {
  type TenantCommand,
  type TenantEvent,
  tenantDecider,
  trialDaysLeft,
} from '../../src/platform/index.ts';

const tenantId = '0190a000-0000-7000-8000-000000000001';
const settings = tenantSettingsSchema.parse({ timeZone: 'Europe/Athens' });
const created: TenantEvent = {
  type: 'TenantCreated',
  data: { tenantId, name: 'Aqua', kind: 'utility', trial: true, createdAt: '2026-01-01T00:00:00Z', settings },
};

/** given(events) / when(command) / then(events | error) */
function given(events: TenantEvent[]) {
  return {
    when: (command: TenantCommand) => tenantDecider.decide(command, fold(tenantDecider, events)),
  };
}

describe('tenant decider', () => {
  it('creates a tenant that does not exist', () => {
    const result = given([]).when({ type: 'CreateTenant', ...created.data });
    expect(result).toEqual([created]);
  });

  it('refuses to create a tenant twice', () => {
    const result = given([created]).when({ type: 'CreateTenant', ...created.data });
    expect(result).toBeInstanceOf(DomainError);
    expect((result as DomainError).key).toBe('error.tenant.exists');
  });

  it('renames an existing tenant', () => {
    expect(given([created]).when({ type: 'RenameTenant', tenantId, name: 'Aqua Nova' })).toEqual([
      { type: 'TenantRenamed', data: { tenantId, name: 'Aqua Nova' } },
    ]);
  });

  it('records nothing when the name is unchanged', () => {
    expect(given([created]).when({ type: 'RenameTenant', tenantId, name: 'Aqua' })).toEqual([]);
  });

  it('refuses to rename a tenant that does not exist', () => {
    const result = given([]).when({ type: 'RenameTenant', tenantId, name: 'X' });
    expect((result as DomainError).key).toBe('error.tenant.notFound');
  });

  it('changes settings and folds them into the state', () => {
    const changed = { ...settings, openAccountCloseValve: true };
    const events = given([created]).when({ type: 'ChangeTenantSettings', tenantId, settings: changed });
    expect(events).toEqual([{ type: 'TenantSettingsChanged', data: { tenantId, settings: changed } }]);
    const state = fold(tenantDecider, [created, ...(events as TenantEvent[])]);
    expect(state.exists && state.settings.openAccountCloseValve).toBe(true);
  });

  it('records nothing when the settings are unchanged', () => {
    expect(given([created]).when({ type: 'ChangeTenantSettings', tenantId, settings })).toEqual([]);
  });

  it('counts the trial down from 180 days and stops at zero', () => {
    expect(trialDaysLeft('2026-01-01T00:00:00Z', new Date('2026-01-01T12:00:00Z'))).toBe(180);
    expect(trialDaysLeft('2026-01-01T00:00:00Z', new Date('2026-01-11T00:00:00Z'))).toBe(170);
    expect(trialDaysLeft('2026-01-01T00:00:00Z', new Date('2027-01-01T00:00:00Z'))).toBe(0);
  });

  it('suspends and resumes a utility, once each, but never the platform', () => {
    const suspended: TenantEvent = { type: 'TenantSuspended', data: { tenantId } };
    expect(given([created]).when({ type: 'SuspendTenant' })).toEqual([suspended]);
    expect(given([created, suspended]).when({ type: 'SuspendTenant' })).toEqual([]);
    expect(given([created, suspended]).when({ type: 'ResumeTenant' })).toEqual([
      { type: 'TenantResumed', data: { tenantId } },
    ]);
    expect(given([created]).when({ type: 'ResumeTenant' })).toEqual([]);
    const platform: TenantEvent = { ...created, data: { ...created.data, kind: 'platform' } } as TenantEvent;
    expect((given([platform]).when({ type: 'SuspendTenant' }) as DomainError).key).toBe(
      'error.tenant.platform',
    );
  });
});
