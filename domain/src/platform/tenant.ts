import { type DomainEvent, type TenantKind, type TenantSettings, TRIAL_DAYS } from '@hydrolog/schemas';
import { type Decider, DomainError } from '../decider.ts';

export type TenantEvent = Extract<
  DomainEvent,
  {
    type:
      | 'TenantCreated'
      | 'TenantRenamed'
      | 'TenantSettingsChanged'
      | 'TenantSuspended'
      | 'TenantResumed'
      | 'TenantLogoChanged';
  }
>;

export type TenantState =
  | { exists: false }
  | {
      exists: true;
      tenantId: string;
      name: string;
      kind: TenantKind;
      trial: boolean;
      createdAt: string;
      settings: TenantSettings;
      suspended: boolean;
    };

export type TenantCommand =
  | {
      type: 'CreateTenant';
      tenantId: string;
      name: string;
      kind: TenantKind;
      trial: boolean;
      createdAt: string;
      settings: TenantSettings;
    }
  | { type: 'RenameTenant'; tenantId: string; name: string }
  | { type: 'ChangeTenantSettings'; tenantId: string; settings: TenantSettings }
  | { type: 'SuspendTenant' }
  | { type: 'ResumeTenant' }
  | { type: 'ChangeTenantLogo'; logoUrl: string };

export const tenantDecider: Decider<TenantCommand, TenantEvent, TenantState> = {
  category: 'tenant',
  initialState: () => ({ exists: false }),

  evolve(state, event) {
    switch (event.type) {
      case 'TenantCreated':
        return { exists: true, ...event.data, suspended: false };
      case 'TenantRenamed':
        return state.exists ? { ...state, name: event.data.name } : state;
      case 'TenantSettingsChanged':
        return state.exists ? { ...state, settings: event.data.settings } : state;
      case 'TenantSuspended':
      case 'TenantResumed':
        return state.exists ? { ...state, suspended: event.type === 'TenantSuspended' } : state;
      case 'TenantLogoChanged':
        return state;
    }
  },

  decide(command, state) {
    if (command.type === 'CreateTenant') {
      if (state.exists) return new DomainError('error.tenant.exists');
      const { type: _, ...data } = command;
      return [{ type: 'TenantCreated', data }];
    }
    if (!state.exists) return new DomainError('error.tenant.notFound');
    switch (command.type) {
      case 'RenameTenant':
        return command.name === state.name
          ? []
          : [{ type: 'TenantRenamed', data: { tenantId: state.tenantId, name: command.name } }];
      case 'ChangeTenantSettings':
        return sameSettings(command.settings, state.settings)
          ? []
          : [
              {
                type: 'TenantSettingsChanged',
                data: { tenantId: state.tenantId, settings: command.settings },
              },
            ];
      case 'SuspendTenant':
        // The platform runs the others: suspending it would lock every operator out.
        if (state.kind === 'platform') return new DomainError('error.tenant.platform');
        return state.suspended ? [] : [{ type: 'TenantSuspended', data: { tenantId: state.tenantId } }];
      case 'ResumeTenant':
        return state.suspended ? [{ type: 'TenantResumed', data: { tenantId: state.tenantId } }] : [];
      case 'ChangeTenantLogo':
        return [{ type: 'TenantLogoChanged', data: { tenantId: state.tenantId, logoUrl: command.logoUrl } }];
    }
  },
};

function sameSettings(a: TenantSettings, b: TenantSettings): boolean {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)] as (keyof TenantSettings)[]);
  return [...keys].every((k) => a[k] === b[k]);
}

const DAY_MS = 86_400_000;

/** Days a trial tenant has left: 180 minus whole days since creation, never below zero. */
export function trialDaysLeft(createdAt: string, now: Date): number {
  const elapsed = Math.floor((now.getTime() - Date.parse(createdAt)) / DAY_MS);
  return Math.max(0, TRIAL_DAYS - elapsed);
}

/** Spec section 1: user type '02' marks a trial tenant. */
export function tenantUserType(trial: boolean): '00' | '02' {
  return trial ? '02' : '00';
}
