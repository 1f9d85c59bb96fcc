import { type DataScopeKind, type EventData, hasPermission } from '@hydrolog/schemas';
import { type Decider, DomainError, type EventOf } from '../decider.ts';

// ---- Authority over users and roles -------------------------------------------------------------------

/**
 * Who administers a staff user or a role, with the permissions involved, so that nobody can raise anyone
 * (themselves included) above what they hold: the use case loads them from the read models.
 */
export interface Authority {
  actorId: string;
  /** What the actor holds (`*:*:*`: everything). */
  actorPermissions: readonly string[];
  /** A platform operator: the only one besides itself who may act on a tenant's built-in administrator. */
  platformOperator: boolean;
}

/** The actor holds every one of `wanted` (nothing is beyond the holder of `*:*:*`). */
export const holdsAll = (authority: Authority, wanted: readonly string[]) =>
  wanted.every((permission) => hasPermission(authority.actorPermissions, permission));

/** The facts about the user acted on that the authority rule needs. */
export interface StaffTarget {
  /** What the user holds now through all their roles (disabled ones too: they can be enabled again). */
  permissions: readonly string[];
  /** Its tenant's built-in administrator (its first user, created with the tenant). */
  builtInAdministrator: boolean;
}

/** An administrator's command on a staff user: who acts, on whom, and what the command's roles carry. */
export interface StaffAdministration {
  by: Authority;
  target: StaffTarget;
  /** The permissions of the roles the command gives (role changes and creations; else empty). */
  granted: readonly string[];
}

/**
 * Why `administration` may not be done to user `userId`: nobody acts on a user holding a permission they do
 * not hold; the built-in administrator is acted on only by itself or a platform operator; nobody gives a
 * role carrying a permission they do not hold. Null: allowed.
 */
export function administrationRefusal(
  administration: StaffAdministration,
  userId: string,
): DomainError | null {
  const { by, target, granted } = administration;
  const self = by.actorId === userId;
  if (!holdsAll(by, target.permissions)) return new DomainError('error.user.outranks');
  if (target.builtInAdministrator && !self && !by.platformOperator)
    return new DomainError('error.user.builtInAdministrator');
  if (!holdsAll(by, granted)) return new DomainError('error.permission.beyondOwn');
  return null;
}

// ---- Users -------------------------------------------------------------------------------------------

export type UserEvent = EventOf<
  | 'UserCreated'
  | 'UserPasswordChanged'
  | 'UserLanguageChanged'
  | 'UserProfileChanged'
  | 'UserAvatarChanged'
  | 'UserStatusChanged'
  | 'UserRolesChanged'
  | 'UserDeptChanged'
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

/**
 * `administration`: an administrator acts on the user (the staff user screens); absent when the user acts on
 * their own account (profile, password, recovery) or a tenant is created with its first user.
 */
export type UserCommand =
  /** `accountTaken`: the user name is already another user's name, email or phone (they sign in with any). */
  (
    | ({ type: 'CreateUser'; accountTaken?: boolean } & EventData<'UserCreated'>)
    | ({ type: 'ChangePassword' } & Omit<EventData<'UserPasswordChanged'>, 'userId'>)
    | ({ type: 'ChangeLanguage' } & Omit<EventData<'UserLanguageChanged'>, 'userId'>)
    | ({ type: 'ChangeProfile' } & Omit<EventData<'UserProfileChanged'>, 'userId'>)
    | ({ type: 'ChangeAvatar' } & Omit<EventData<'UserAvatarChanged'>, 'userId'>)
    | ({ type: 'ChangeStatus' } & Omit<EventData<'UserStatusChanged'>, 'userId'>)
    | ({ type: 'ChangeRoles' } & Omit<EventData<'UserRolesChanged'>, 'userId'>)
    | ({ type: 'ChangeDept' } & Omit<EventData<'UserDeptChanged'>, 'userId'>)
    | { type: 'DeleteUser' }
  ) & { administration?: StaffAdministration };

/**
 * What an administrator does not do to their own account: disable it (nobody would be left to enable it),
 * reset its password (that is changed in the profile, knowing the old one), delete it.
 */
const NOT_ON_ONESELF = new Set<UserCommand['type']>(['ChangeStatus', 'ChangePassword', 'DeleteUser']);

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
      case 'UserDeptChanged':
        return { ...state, deptId: event.data.deptId };
      case 'UserDeleted':
        return { exists: false };
    }
  },
  decide(command, state) {
    const { administration, ...rest } = command;
    if (rest.type === 'CreateUser') {
      if (state.exists || rest.accountTaken) return new DomainError('error.user.exists');
      const refused = administration && administrationRefusal(administration, rest.userId);
      if (refused) return refused;
      const { type: _, accountTaken: __, ...data } = rest;
      return [{ type: 'UserCreated', data }];
    }
    if (!state.exists) return new DomainError('error.user.notFound');
    const { userId } = state;
    if (administration?.by.actorId === userId && NOT_ON_ONESELF.has(rest.type))
      return new DomainError('error.user.self');
    const refused = administration && administrationRefusal(administration, userId);
    if (refused) return refused;
    switch (rest.type) {
      case 'ChangePassword': {
        const { type: _, ...data } = rest;
        return [{ type: 'UserPasswordChanged', data: { userId, ...data } }];
      }
      case 'ChangeLanguage':
        return rest.language === state.language
          ? []
          : [{ type: 'UserLanguageChanged', data: { userId, language: rest.language } }];
      case 'ChangeProfile': {
        const { type: _, ...profile } = rest;
        const same = (Object.keys(profile) as (keyof typeof profile)[]).every((k) => profile[k] === state[k]);
        return same ? [] : [{ type: 'UserProfileChanged', data: { userId, ...profile } }];
      }
      case 'ChangeAvatar':
        return [{ type: 'UserAvatarChanged', data: { userId, avatar: rest.avatar } }];
      case 'ChangeStatus':
        return rest.status === state.status
          ? []
          : [{ type: 'UserStatusChanged', data: { userId, status: rest.status } }];
      case 'ChangeRoles': {
        const same =
          rest.roleIds.length === state.roleIds.length &&
          rest.roleIds.every((r) => state.roleIds.includes(r));
        return same ? [] : [{ type: 'UserRolesChanged', data: { userId, roleIds: rest.roleIds } }];
      }
      case 'ChangeDept':
        return rest.deptId === state.deptId
          ? []
          : [{ type: 'UserDeptChanged', data: { userId, deptId: rest.deptId } }];
      case 'DeleteUser':
        return [{ type: 'UserDeleted', data: { userId } }];
    }
  },
};

// ---- Roles -------------------------------------------------------------------------------------------

export type RoleEvent = EventOf<'RoleCreated' | 'RoleChanged' | 'RoleDeleted' | 'RoleDataScopeChanged'>;
export type RoleState =
  | { exists: false }
  | (EventData<'RoleCreated'> & {
      exists: true;
      status: '0' | '1';
      orderNum: number;
      remark: string | null;
      /** All records until a scope is set, as for a role of RuoYi. */
      dataScope: DataScopeKind;
      deptIds: string[];
    });
/**
 * `administration`: who acts, with the permissions the role carries now (`held`, empty for a new role) and
 * the ones the command gives it (`granted`); absent when the platform creates a tenant's roles.
 */
export type RoleCommand =
  /**
   * `unknownMenus`: how many of the menus given are not ones a role of the tenant may have (an unknown id,
   * or a platform screen off the platform); the use case counts them.
   */
  (
    | ({ type: 'CreateRole'; unknownMenus: number } & EventData<'RoleCreated'>)
    | ({ type: 'ChangeRole'; unknownMenus: number } & Omit<EventData<'RoleChanged'>, 'roleId'>)
    /** `usersWithRole`: how many users have the role (the use case counts); a role in use stays. */
    | { type: 'DeleteRole'; usersWithRole: number }
    /** `unknownDepts`: how many of `deptIds` are not departments of the role's tenant (the use case counts). */
    | ({ type: 'ChangeDataScope'; unknownDepts: number } & Omit<EventData<'RoleDataScopeChanged'>, 'roleId'>)
  ) & { administration?: RoleAdministration };

export interface RoleAdministration {
  by: Authority;
  /** The permissions the role carries now (empty for a new one). */
  held: readonly string[];
  /** The permissions the role carries after the command. */
  granted: readonly string[];
}

/** A role carrying a permission the actor lacks is beyond them: they neither give it one nor change it. */
export function roleAdministrationRefusal(administration: RoleAdministration): DomainError | null {
  if (!holdsAll(administration.by, administration.held)) return new DomainError('error.role.outranks');
  if (!holdsAll(administration.by, administration.granted))
    return new DomainError('error.permission.beyondOwn');
  return null;
}

/**
 * A role: its menus (and so its permissions) and its data scope. The administrator role (`*:*:*`) stays
 * as it is: it sees everything.
 */
export const roleDecider: Decider<RoleCommand, RoleEvent, RoleState> = {
  category: 'role',
  initialState: () => ({ exists: false }),
  evolve(state, event) {
    switch (event.type) {
      case 'RoleCreated':
        return {
          ...event.data,
          exists: true,
          status: '0',
          orderNum: 0,
          remark: null,
          dataScope: '1',
          deptIds: [],
        };
      case 'RoleChanged':
        return state.exists ? { ...state, ...event.data } : state;
      case 'RoleDeleted':
        return { exists: false };
      case 'RoleDataScopeChanged':
        return state.exists
          ? { ...state, dataScope: event.data.dataScope, deptIds: event.data.deptIds }
          : state;
    }
  },
  decide(command, state) {
    const { administration, ...rest } = command;
    // A menu the role may not have is refused whoever asks, as the form's own fields are.
    if ((rest.type === 'CreateRole' || rest.type === 'ChangeRole') && rest.unknownMenus > 0)
      return new DomainError('error.role.unknownMenu');
    // Why a role may not go comes first: it holds whoever asks.
    if (rest.type === 'DeleteRole' && state.exists) {
      if (state.allPermissions) return new DomainError('error.role.builtIn');
      if (rest.usersWithRole > 0) return new DomainError('error.role.inUse');
    }
    const refused = administration && roleAdministrationRefusal(administration);
    if (refused) return refused;
    if (rest.type === 'CreateRole') {
      if (state.exists) return new DomainError('error.role.exists');
      const { type: _, unknownMenus: __, ...data } = rest;
      return [{ type: 'RoleCreated', data }];
    }
    if (!state.exists) return new DomainError('error.role.notFound');
    if (state.allPermissions) return new DomainError('error.role.builtIn');
    if (rest.type === 'DeleteRole') return [{ type: 'RoleDeleted', data: { roleId: state.roleId } }];
    if (rest.type === 'ChangeDataScope') {
      // Departments matter to a custom scope only; the other scopes keep none.
      const deptIds = rest.dataScope === '2' ? rest.deptIds : [];
      if (rest.dataScope === '2' && deptIds.length === 0)
        return new DomainError('error.role.dataScopeNoDepts');
      if (rest.dataScope === '2' && rest.unknownDepts > 0) return new DomainError('error.dept.notFound');
      const same =
        state.dataScope === rest.dataScope &&
        state.deptIds.length === deptIds.length &&
        state.deptIds.every((id, i) => id === deptIds[i]);
      if (same) return [];
      return [
        {
          type: 'RoleDataScopeChanged',
          data: { roleId: state.roleId, dataScope: rest.dataScope, deptIds },
        },
      ];
    }
    const { type: _, unknownMenus: __, ...data } = rest;
    return [{ type: 'RoleChanged', data: { roleId: state.roleId, ...data } }];
  },
};

/**
 * The records a user sees in the scoped lists (customers, meters, users): all of them, or those of some
 * departments, of some departments and every department below them, and the user's own records.
 */
export type DataScope =
  | { all: true }
  | { all: false; deptIds: string[]; deptTrees: string[]; ownerId: string | null };

/**
 * The data scope of a user with these enabled roles: the union of what each role gives, as in RuoYi (the
 * widest role wins). The administrator role sees all; a user without roles sees nothing.
 */
export function dataScopeOf(
  roles: readonly { dataScope: DataScopeKind; deptIds: readonly string[]; allPermissions: boolean }[],
  user: { userId: string; deptId: string | null },
): DataScope {
  if (roles.some((r) => r.allPermissions || r.dataScope === '1')) return { all: true };
  const deptIds = new Set<string>();
  const deptTrees = new Set<string>();
  let ownerId: string | null = null;
  for (const role of roles) {
    if (role.dataScope === '2') for (const id of role.deptIds) deptIds.add(id);
    if (role.dataScope === '3' && user.deptId) deptIds.add(user.deptId);
    if (role.dataScope === '4' && user.deptId) deptTrees.add(user.deptId);
    if (role.dataScope === '5') ownerId = user.userId;
  }
  return { all: false, deptIds: [...deptIds].sort(), deptTrees: [...deptTrees].sort(), ownerId };
}

// ---- Departments -------------------------------------------------------------------------------------

export type DeptEvent = EventOf<'DeptCreated' | 'DeptChanged' | 'DeptDeleted'>;
export type DeptState = { exists: false } | (EventData<'DeptCreated'> & { exists: true });
/** The facts about the tree that the rules need, loaded by the use case from the read model. */
export type DeptCommand =
  | ({ type: 'CreateDept' } & EventData<'DeptCreated'>)
  /** `parentInSubtree`: the new parent is this department or one below it. */
  | ({ type: 'ChangeDept'; parentInSubtree: boolean } & Omit<EventData<'DeptChanged'>, 'deptId'>)
  /** `subDepts`, `users`: how many departments and users are directly in it. */
  | { type: 'DeleteDept'; subDepts: number; users: number };

/** A department of the tenant's tree: no loops, and only an empty department goes. */
export const deptDecider: Decider<DeptCommand, DeptEvent, DeptState> = {
  category: 'dept',
  initialState: () => ({ exists: false }),
  evolve(state, event) {
    switch (event.type) {
      case 'DeptCreated':
        return { ...event.data, exists: true };
      case 'DeptChanged':
        return state.exists ? { ...state, ...event.data } : state;
      case 'DeptDeleted':
        return { exists: false };
    }
  },
  decide(command, state) {
    if (command.type === 'CreateDept') {
      if (state.exists) return new DomainError('error.dept.exists');
      const { type: _, ...data } = command;
      return [{ type: 'DeptCreated', data }];
    }
    if (!state.exists) return new DomainError('error.dept.notFound');
    if (command.type === 'DeleteDept') {
      if (command.subDepts > 0) return new DomainError('error.dept.hasChildren');
      if (command.users > 0) return new DomainError('error.dept.hasUsers');
      return [{ type: 'DeptDeleted', data: { deptId: state.deptId } }];
    }
    const { type: _, parentInSubtree, ...data } = command;
    if (parentInSubtree || data.parentId === state.deptId) return new DomainError('error.dept.parentLoop');
    return [{ type: 'DeptChanged', data: { deptId: state.deptId, ...data } }];
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
/** At most this many codes per account in 24 hours: no endless SMS to a victim, no endless guessing. */
export const RECOVERY_CODES_PER_DAY = 10;

/** What the one-time code rules need of a code stream (recovery codes of a user, codes of a phone). */
export interface OneTimeCodes {
  code: { issuedAt: string; expiresAt: string; failures: number; used: boolean } | null;
  /** When the last codes were issued, newest last (as many as the daily limit). */
  issued: string[];
}

/** Why no new code may be issued at `issuedAt`: the resend cooldown or the daily limit; null when one may. */
export function codeIssueRefusal(state: OneTimeCodes, issuedAt: string): DomainError | null {
  const { code } = state;
  const wait = code ? RECOVERY_RESEND_SECONDS - (Date.parse(issuedAt) - Date.parse(code.issuedAt)) / 1000 : 0;
  if (wait > 0) return new DomainError('error.recovery.cooldown', { count: Math.ceil(wait) });
  const oldest = state.issued.length >= RECOVERY_CODES_PER_DAY ? state.issued[0]! : null;
  if (oldest && Date.parse(issuedAt) - Date.parse(oldest) < 86_400_000) {
    return new DomainError('error.recovery.dailyLimit');
  }
  return null;
}

/** A code can still be tried: not used, fewer than the allowed wrong tries, not expired at `now`. */
export function isCodeLive(code: NonNullable<OneTimeCodes['code']>, now: string): boolean {
  return !code.used && code.failures < RECOVERY_MAX_TRIES && Date.parse(code.expiresAt) > Date.parse(now);
}

/** The issue times kept for the daily limit after a new code. */
export const keepIssued = (issued: readonly string[], at: string) =>
  [...issued, at].slice(-RECOVERY_CODES_PER_DAY);

export type RecoveryEvent = EventOf<'RecoveryCodeIssued' | 'RecoveryCodeUsed'>;
export interface RecoveryState extends OneTimeCodes {
  code: (EventData<'RecoveryCodeIssued'> & { failures: number; used: boolean }) | null;
}
export type RecoveryCommand =
  | ({ type: 'IssueRecoveryCode' } & EventData<'RecoveryCodeIssued'>)
  | { type: 'UseRecoveryCode'; codeHash: string; now: string };

export const recoveryDecider: Decider<RecoveryCommand, RecoveryEvent, RecoveryState> = {
  category: 'recovery',
  initialState: () => ({ code: null, issued: [] }),
  evolve(state, event) {
    if (event.type === 'RecoveryCodeIssued') {
      return {
        code: { ...event.data, failures: 0, used: false },
        issued: keepIssued(state.issued, event.data.issuedAt),
      };
    }
    if (!state.code || state.code.codeId !== event.data.codeId) return state;
    return event.data.success
      ? { ...state, code: { ...state.code, used: true } }
      : { ...state, code: { ...state.code, failures: state.code.failures + 1 } };
  },
  decide(command, state) {
    const { code } = state;
    if (command.type === 'IssueRecoveryCode') {
      const refused = codeIssueRefusal(state, command.issuedAt);
      if (refused) return refused;
      const { type: _, ...data } = command;
      return [{ type: 'RecoveryCodeIssued', data }];
    }
    if (!code || !isCodeLive(code, command.now)) return new DomainError('error.recovery.codeWrong');
    return [
      {
        type: 'RecoveryCodeUsed',
        data: { codeId: code.codeId, userId: code.userId, success: command.codeHash === code.codeHash },
      },
    ];
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
