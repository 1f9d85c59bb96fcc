import type { DomainEvent, EventData } from '@hydrolog/schemas';
import { type Decider, DomainError } from './decider.ts';

type EventOf<T extends DomainEvent['type']> = Extract<DomainEvent, { type: T }>;

// ---- Users -------------------------------------------------------------------------------------------

export type UserEvent = EventOf<
  | 'UserCreated'
  | 'UserPasswordChanged'
  | 'UserLanguageChanged'
  | 'UserProfileChanged'
  | 'UserAvatarChanged'
  | 'UserStatusChanged'
  | 'UserRolesChanged'
  | 'UserDeleted'
>;

export type UserState =
  | { exists: false }
  | (EventData<'UserCreated'> & {
      exists: true;
      status: '0' | '1';
      language: string | null;
      sex: '0' | '1' | '2' | null;
      avatar: string | null;
    });

export type UserCommand =
  | ({ type: 'CreateUser' } & EventData<'UserCreated'>)
  | ({ type: 'ChangePassword' } & Omit<EventData<'UserPasswordChanged'>, 'userId'>)
  | ({ type: 'ChangeLanguage' } & Omit<EventData<'UserLanguageChanged'>, 'userId'>)
  | ({ type: 'ChangeProfile' } & Omit<EventData<'UserProfileChanged'>, 'userId'>)
  | ({ type: 'ChangeAvatar' } & Omit<EventData<'UserAvatarChanged'>, 'userId'>)
  | ({ type: 'ChangeStatus' } & Omit<EventData<'UserStatusChanged'>, 'userId'>)
  | ({ type: 'ChangeRoles' } & Omit<EventData<'UserRolesChanged'>, 'userId'>)
  | { type: 'DeleteUser' };

/** A staff user: credentials, profile, language and status. Password checks happen before (hashes are I/O). */
export const userDecider: Decider<UserCommand, UserEvent, UserState> = {
  category: 'user',
  initialState: () => ({ exists: false }),
  evolve(state, event) {
    if (event.type === 'UserCreated') {
      return { ...event.data, exists: true, status: '0', language: null, sex: null, avatar: null };
    }
    if (!state.exists) return state;
    switch (event.type) {
      case 'UserPasswordChanged':
        return {
          ...state,
          passwordHash: event.data.passwordHash,
          initialPassword: event.data.initialPassword,
        };
      case 'UserLanguageChanged':
        return { ...state, language: event.data.language };
      case 'UserProfileChanged': {
        const { userId: _, ...profile } = event.data;
        return { ...state, ...profile };
      }
      case 'UserAvatarChanged':
        return { ...state, avatar: event.data.avatar };
      case 'UserStatusChanged':
        return { ...state, status: event.data.status };
      case 'UserRolesChanged':
        return { ...state, roleIds: event.data.roleIds };
      case 'UserDeleted':
        return { exists: false };
    }
  },
  decide(command, state) {
    if (command.type === 'CreateUser') {
      if (state.exists) return new DomainError('error.user.exists');
      const { type: _, ...data } = command;
      return [{ type: 'UserCreated', data }];
    }
    if (!state.exists) return new DomainError('error.user.notFound');
    const { userId } = state;
    switch (command.type) {
      case 'ChangePassword': {
        const { type: _, ...data } = command;
        return [{ type: 'UserPasswordChanged', data: { userId, ...data } }];
      }
      case 'ChangeLanguage':
        return command.language === state.language
          ? []
          : [{ type: 'UserLanguageChanged', data: { userId, language: command.language } }];
      case 'ChangeProfile': {
        const { type: _, ...profile } = command;
        const same = (Object.keys(profile) as (keyof typeof profile)[]).every((k) => profile[k] === state[k]);
        return same ? [] : [{ type: 'UserProfileChanged', data: { userId, ...profile } }];
      }
      case 'ChangeAvatar':
        return [{ type: 'UserAvatarChanged', data: { userId, avatar: command.avatar } }];
      case 'ChangeStatus':
        return command.status === state.status
          ? []
          : [{ type: 'UserStatusChanged', data: { userId, status: command.status } }];
      case 'ChangeRoles': {
        const same =
          command.roleIds.length === state.roleIds.length &&
          command.roleIds.every((r) => state.roleIds.includes(r));
        return same ? [] : [{ type: 'UserRolesChanged', data: { userId, roleIds: command.roleIds } }];
      }
      case 'DeleteUser':
        return [{ type: 'UserDeleted', data: { userId } }];
    }
  },
};

// ---- Roles -------------------------------------------------------------------------------------------

export type RoleEvent = EventOf<'RoleCreated'>;
export type RoleState = { exists: false } | (EventData<'RoleCreated'> & { exists: true });
export type RoleCommand = { type: 'CreateRole' } & EventData<'RoleCreated'>;

export const roleDecider: Decider<RoleCommand, RoleEvent, RoleState> = {
  category: 'role',
  initialState: () => ({ exists: false }),
  evolve: (_, event) => ({ ...event.data, exists: true }),
  decide(command, state) {
    if (state.exists) return new DomainError('error.role.exists');
    const { type: _, ...data } = command;
    return [{ type: 'RoleCreated', data }];
  },
};

// ---- Sessions ----------------------------------------------------------------------------------------

export type SessionEvent = EventOf<'LoginSucceeded' | 'SessionRefreshed' | 'SessionEnded'>;
export type SessionState =
  | { status: 'none' }
  | { status: 'active' | 'ended'; sessionId: string; userId: string; expiresAt: string };
export type SessionCommand =
  | ({ type: 'StartSession' } & EventData<'LoginSucceeded'>)
  | { type: 'RefreshSession'; expiresAt: string; now: string }
  | { type: 'EndSession'; reason: 'logout' | 'expired'; at: string };

/** A login session: started by a successful login, extended by refresh, ended by logout. */
export const sessionDecider: Decider<SessionCommand, SessionEvent, SessionState> = {
  category: 'session',
  initialState: () => ({ status: 'none' }),
  evolve(state, event) {
    switch (event.type) {
      case 'LoginSucceeded':
        return {
          status: 'active',
          sessionId: event.data.sessionId,
          userId: event.data.userId,
          expiresAt: event.data.expiresAt,
        };
      case 'SessionRefreshed':
        return state.status === 'none' ? state : { ...state, expiresAt: event.data.expiresAt };
      case 'SessionEnded':
        return state.status === 'none' ? state : { ...state, status: 'ended' };
    }
  },
  decide(command, state) {
    if (command.type === 'StartSession') {
      if (state.status !== 'none') return new DomainError('error.session.ended');
      const { type: _, ...data } = command;
      return [{ type: 'LoginSucceeded', data }];
    }
    if (state.status !== 'active') {
      return command.type === 'EndSession' ? [] : new DomainError('error.session.ended');
    }
    if (command.type === 'RefreshSession') {
      if (Date.parse(state.expiresAt) <= Date.parse(command.now))
        return new DomainError('error.session.ended');
      return [
        { type: 'SessionRefreshed', data: { sessionId: state.sessionId, expiresAt: command.expiresAt } },
      ];
    }
    return [
      { type: 'SessionEnded', data: { sessionId: state.sessionId, reason: command.reason, at: command.at } },
    ];
  },
};

// ---- Password recovery codes -------------------------------------------------------------------------

/** One-time recovery codes: valid 5 minutes, one per minute at most, five wrong tries end a code. */
export const RECOVERY_CODE_MINUTES = 5;
export const RECOVERY_RESEND_SECONDS = 60;
export const RECOVERY_MAX_TRIES = 5;

export type RecoveryEvent = EventOf<'RecoveryCodeIssued' | 'RecoveryCodeUsed'>;
export interface RecoveryState {
  code: (EventData<'RecoveryCodeIssued'> & { failures: number; used: boolean }) | null;
}
export type RecoveryCommand =
  | ({ type: 'IssueRecoveryCode' } & EventData<'RecoveryCodeIssued'>)
  | { type: 'UseRecoveryCode'; codeHash: string; now: string };

export const recoveryDecider: Decider<RecoveryCommand, RecoveryEvent, RecoveryState> = {
  category: 'recovery',
  initialState: () => ({ code: null }),
  evolve(state, event) {
    if (event.type === 'RecoveryCodeIssued') return { code: { ...event.data, failures: 0, used: false } };
    if (!state.code || state.code.codeId !== event.data.codeId) return state;
    return event.data.success
      ? { code: { ...state.code, used: true } }
      : { code: { ...state.code, failures: state.code.failures + 1 } };
  },
  decide(command, state) {
    const { code } = state;
    if (command.type === 'IssueRecoveryCode') {
      const wait = code
        ? RECOVERY_RESEND_SECONDS - (Date.parse(command.issuedAt) - Date.parse(code.issuedAt)) / 1000
        : 0;
      if (wait > 0) return new DomainError('error.recovery.cooldown', { seconds: Math.ceil(wait) });
      const { type: _, ...data } = command;
      return [{ type: 'RecoveryCodeIssued', data }];
    }
    const live =
      code &&
      !code.used &&
      code.failures < RECOVERY_MAX_TRIES &&
      Date.parse(code.expiresAt) > Date.parse(command.now);
    if (!code || !live) return new DomainError('error.recovery.codeWrong');
    return [
      {
        type: 'RecoveryCodeUsed',
        data: { codeId: code.codeId, userId: code.userId, success: command.codeHash === code.codeHash },
      },
    ];
  },
};

// ---- System configuration and dictionary data ----------------------------------------------------------

export type ConfigEvent = EventOf<'ConfigSaved' | 'ConfigDeleted'>;
export type ConfigState = { exists: false } | (EventData<'ConfigSaved'> & { exists: true });
export type ConfigCommand =
  | ({ type: 'SaveConfig' } & EventData<'ConfigSaved'>)
  | { type: 'DeleteConfig'; configId: string };

export const configDecider: Decider<ConfigCommand, ConfigEvent, ConfigState> = {
  category: 'config',
  initialState: () => ({ exists: false }),
  evolve: (_, event) => (event.type === 'ConfigSaved' ? { ...event.data, exists: true } : { exists: false }),
  decide(command, state) {
    if (command.type === 'SaveConfig') {
      const { type: _, ...data } = command;
      // A built-in parameter keeps its key and stays built-in: code reads it by that key.
      if (
        state.exists &&
        state.configType === 'Y' &&
        (data.configKey !== state.configKey || data.configType !== 'Y')
      ) {
        return new DomainError('error.config.builtIn');
      }
      return [{ type: 'ConfigSaved', data }];
    }
    if (!state.exists) return new DomainError('error.config.notFound');
    if (state.configType === 'Y') return new DomainError('error.config.builtIn');
    return [{ type: 'ConfigDeleted', data: { configId: command.configId } }];
  },
};

export type DictDataEvent = EventOf<'DictDataSaved' | 'DictDataDeleted'>;
export type DictDataState = { exists: false } | (EventData<'DictDataSaved'> & { exists: true });
export type DictDataCommand =
  | ({ type: 'SaveDictData' } & EventData<'DictDataSaved'>)
  | { type: 'DeleteDictData'; dictCode: string };

export const dictDataDecider: Decider<DictDataCommand, DictDataEvent, DictDataState> = {
  category: 'dictdata',
  initialState: () => ({ exists: false }),
  evolve: (_, event) =>
    event.type === 'DictDataSaved' ? { ...event.data, exists: true } : { exists: false },
  decide(command, state) {
    if (command.type === 'SaveDictData') {
      const { type: _, ...data } = command;
      return [{ type: 'DictDataSaved', data }];
    }
    if (!state.exists) return new DomainError('error.dict.notFound');
    return [{ type: 'DictDataDeleted', data: { dictCode: command.dictCode } }];
  },
};

// ---- Login lock ----------------------------------------------------------------------------------------

/**
 * When `maxRetryCount` wrong passwords (since the last good login, newest first) fall within `lockMinutes`
 * of each other, the account is locked for `lockMinutes` after the last of them. Null: not locked at `now`.
 */
export function lockedUntil(
  failures: readonly Date[],
  rule: { maxRetryCount: number; lockMinutes: number },
  now: Date,
): Date | null {
  const window = rule.lockMinutes * 60_000;
  if (failures.length < rule.maxRetryCount) return null;
  const newest = failures[0]!.getTime();
  const oldest = failures[rule.maxRetryCount - 1]!.getTime();
  if (newest - oldest > window) return null;
  const until = newest + window;
  return until > now.getTime() ? new Date(until) : null;
}
