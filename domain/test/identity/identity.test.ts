import { describe, expect, it } from 'vitest';
import { fold } from '../../src/decider.ts';
import {
  type Authority,
  type DeptEvent,
  dataScopeOf,
  deptDecider,
  lockedUntil,
  type RecoveryEvent,
  type RoleCommand,
  type RoleEvent,
  recoveryDecider,
  roleDecider,
  sessionDecider,
  type UserCommand,
  type UserEvent,
  userDecider,
} from '../../src/identity/index.ts';
import { given } from '../spec.ts';

const userId = '0190a000-0000-7000-8000-000000000010';
const tenantId = '0190a000-0000-7000-8000-000000000001';
const userCreated: UserEvent = {
  type: 'UserCreated',
  data: {
    userId,
    tenantId,
    userName: 'clerk',
    nickName: 'Clerk',
    email: null,
    phonenumber: '13800000009',
    passwordHash: 'h1',
    initialPassword: true,
    roleIds: [],
    deptId: null,
    createdAt: '2026-01-01T00:00:00Z',
  },
};

describe('user decider', () => {
  it('refuses a second creation and commands on an unknown user', () => {
    given(userDecider, [userCreated])
      .when({ type: 'CreateUser', ...userCreated.data })
      .thenFails('error.user.exists');
    given(userDecider, []).when({ type: 'ChangeLanguage', language: 'fr' }).thenFails('error.user.notFound');
  });

  it('refuses a user whose name another user already signs in with, as name, email or phone', () => {
    given(userDecider, [])
      .when({ type: 'CreateUser', ...userCreated.data, accountTaken: true })
      .thenFails('error.user.exists');
    given(userDecider, [])
      .when({ type: 'CreateUser', ...userCreated.data, accountTaken: false })
      .then([userCreated]);
  });

  it('changes the password and clears the initial-password flag', () => {
    const changed = given(userDecider, [userCreated])
      .when({
        type: 'ChangePassword',
        passwordHash: 'h2',
        initialPassword: false,
        changedAt: '2026-01-02T00:00:00Z',
      })
      .then([
        {
          type: 'UserPasswordChanged',
          data: { userId, passwordHash: 'h2', initialPassword: false, changedAt: '2026-01-02T00:00:00Z' },
        },
      ]);
    const state = fold(userDecider, [userCreated, ...changed]);
    expect(state).toMatchObject({ passwordHash: 'h2', initialPassword: false });
  });

  it('records a language, profile or status only when it changes', () => {
    const withFrench: UserEvent[] = [
      userCreated,
      { type: 'UserLanguageChanged', data: { userId, language: 'fr' } },
    ];
    given(userDecider, withFrench).when({ type: 'ChangeLanguage', language: 'fr' }).then([]);
    given(userDecider, withFrench)
      .when({ type: 'ChangeLanguage', language: 'id' })
      .thenMatches([{ type: 'UserLanguageChanged' }]);
    const profile = { nickName: 'Clerk', email: null, phonenumber: '13800000009', sex: null };
    given(userDecider, [userCreated])
      .when({ type: 'ChangeProfile', ...profile })
      .then([]);
    given(userDecider, [userCreated])
      .when({ type: 'ChangeProfile', ...profile, nickName: 'Head clerk' })
      .thenMatches([{ type: 'UserProfileChanged' }]);
    given(userDecider, [userCreated]).when({ type: 'ChangeStatus', status: '0' }).then([]);
    given(userDecider, [userCreated])
      .when({ type: 'ChangeStatus', status: '1' })
      .thenMatches([{ type: 'UserStatusChanged' }]);
  });
});

describe('user administration', () => {
  it('changes roles only when they differ, and a deleted user is gone', () => {
    const roleId = '0190a000-0000-7000-8000-000000000099';
    given(userDecider, [userCreated]).when({ type: 'ChangeRoles', roleIds: [] }).then([]);
    given(userDecider, [userCreated])
      .when({ type: 'ChangeRoles', roleIds: [roleId] })
      .then([{ type: 'UserRolesChanged', data: { userId, roleIds: [roleId] } }]);
    const deleted: UserEvent[] = [userCreated, { type: 'UserDeleted', data: { userId } }];
    given(userDecider, deleted).when({ type: 'ChangeStatus', status: '1' }).thenFails('error.user.notFound');
  });

  const editorId = '0190a000-0000-7000-8000-000000000020';
  const userEditor: Authority = {
    actorId: editorId,
    actorPermissions: ['system:user:edit', 'system:user:resetPwd'],
    platformOperator: false,
  };
  const tenantAdmin: Authority = { actorId: editorId, actorPermissions: ['*:*:*'], platformOperator: false };
  const operator: Authority = { ...tenantAdmin, platformOperator: true };
  const clerk = { permissions: ['system:user:edit'], builtInAdministrator: false };
  const administrator = { permissions: ['*:*:*'], builtInAdministrator: false };
  const builtIn = { permissions: ['*:*:*'], builtInAdministrator: true };
  const reset = {
    type: 'ChangePassword',
    passwordHash: 'h9',
    initialPassword: true,
    changedAt: '2026-01-02T00:00:00Z',
  } as const;

  it('refuses to give a role carrying a permission the actor does not hold, themselves included', () => {
    const self = { ...userEditor, actorId: userId };
    const selfTarget = { permissions: ['system:user:edit'], builtInAdministrator: false };
    const raise: UserCommand = { type: 'ChangeRoles', roleIds: [editorId] };
    given(userDecider, [userCreated])
      .when({ ...raise, administration: { by: self, target: selfTarget, granted: ['*:*:*'] } })
      .thenFails('error.permission.beyondOwn');
    given(userDecider, [])
      .when({
        type: 'CreateUser',
        ...userCreated.data,
        administration: {
          by: userEditor,
          target: { permissions: [], builtInAdministrator: false },
          granted: ['system:role:edit'],
        },
      })
      .thenFails('error.permission.beyondOwn');
    given(userDecider, [userCreated])
      .when({ ...raise, administration: { by: userEditor, target: clerk, granted: ['system:user:edit'] } })
      .thenMatches([{ type: 'UserRolesChanged' }]);
  });

  it('refuses every command on a user holding a permission the actor does not hold', () => {
    const commands: UserCommand[] = [
      reset,
      { type: 'ChangeStatus', status: '1' },
      { type: 'ChangeRoles', roleIds: [] },
      { type: 'DeleteUser' },
    ];
    for (const command of commands) {
      const administration = { by: userEditor, target: administrator, granted: [] };
      given(userDecider, [userCreated])
        .when({ ...command, administration })
        .thenFails('error.user.outranks');
    }
    given(userDecider, [userCreated])
      .when({ ...reset, administration: { by: userEditor, target: clerk, granted: [] } })
      .thenMatches([{ type: 'UserPasswordChanged' }]);
  });

  it("leaves the tenant's built-in administrator to itself and platform operators", () => {
    const on = (by: Authority) =>
      given(userDecider, [userCreated]).when({
        ...reset,
        administration: { by, target: builtIn, granted: [] },
      });
    const passwordReset = [{ type: 'UserPasswordChanged' }] as const;
    on(tenantAdmin).thenFails('error.user.builtInAdministrator');
    on(operator).thenMatches(passwordReset);
    given(userDecider, [userCreated])
      .when({
        type: 'ChangeRoles',
        roleIds: [editorId],
        administration: { by: { ...tenantAdmin, actorId: userId }, target: builtIn, granted: [] },
      })
      .thenMatches([{ type: 'UserRolesChanged' }]);
    // Another administrator is acted on by an administrator like anyone else.
    given(userDecider, [userCreated])
      .when({ ...reset, administration: { by: tenantAdmin, target: administrator, granted: [] } })
      .thenMatches(passwordReset);
  });

  it('refuses an administrator disabling, resetting or deleting their own account', () => {
    const self = { ...tenantAdmin, actorId: userId };
    const administration = { by: self, target: administrator, granted: [] };
    const commands: UserCommand[] = [reset, { type: 'ChangeStatus', status: '1' }, { type: 'DeleteUser' }];
    for (const command of commands)
      given(userDecider, [userCreated])
        .when({ ...command, administration })
        .thenFails('error.user.self');
    // In the profile, without an administrator's authority, the user changes their own password.
    given(userDecider, [userCreated])
      .when(reset)
      .thenMatches([{ type: 'UserPasswordChanged' }]);
  });
});

describe('role administration', () => {
  const roleId = '0190a000-0000-7000-8000-000000000030';
  const roleCreated: RoleEvent = {
    type: 'RoleCreated',
    data: {
      roleId,
      tenantId,
      roleName: 'Clerks',
      roleKey: 'clerk',
      roleType: 'general',
      menuIds: ['m1'],
      allPermissions: false,
    },
  };
  const roleEditor: Authority = {
    actorId: userId,
    actorPermissions: ['system:role:edit', 'meter:query'],
    platformOperator: false,
  };
  const change: RoleCommand = {
    type: 'ChangeRole',
    roleName: 'Clerks',
    roleKey: 'clerk',
    roleType: 'general',
    menuIds: ['m1', 'm2'],
    status: '0',
    orderNum: 0,
    remark: null,
    unknownMenus: 0,
  };

  it('refuses to give a role a permission the actor does not hold', () => {
    given(roleDecider, [roleCreated])
      .when({
        ...change,
        administration: {
          by: roleEditor,
          held: ['meter:query'],
          granted: ['meter:query', 'system:user:edit'],
        },
      })
      .thenFails('error.permission.beyondOwn');
    given(roleDecider, [roleCreated])
      .when({ ...change, administration: { by: roleEditor, held: [], granted: ['meter:query'] } })
      .thenMatches([{ type: 'RoleChanged' }]);
  });

  it('refuses to change or delete a role carrying a permission the actor does not hold', () => {
    const administration = { by: roleEditor, held: ['system:user:resetPwd'], granted: [] };
    given(roleDecider, [roleCreated])
      .when({ ...change, administration })
      .thenFails('error.role.outranks');
    given(roleDecider, [roleCreated])
      .when({ type: 'DeleteRole', usersWithRole: 0, administration })
      .thenFails('error.role.outranks');
  });

  it('deletes a role nobody has, and keeps the built-in administrator role whoever asks', () => {
    const administration = { by: roleEditor, held: [], granted: [] };
    given(roleDecider, [roleCreated])
      .when({ type: 'DeleteRole', usersWithRole: 0, administration })
      .then([{ type: 'RoleDeleted', data: { roleId } }]);
    given(roleDecider, [roleCreated])
      .when({ type: 'DeleteRole', usersWithRole: 2, administration })
      .thenFails('error.role.inUse');
    const builtIn: RoleEvent = { ...roleCreated, data: { ...roleCreated.data, allPermissions: true } };
    given(roleDecider, [builtIn])
      .when({ type: 'DeleteRole', usersWithRole: 0, administration: { ...administration, held: ['*:*:*'] } })
      .thenFails('error.role.builtIn');
  });

  it('gives a role only menus a role of its tenant may have, whoever asks', () => {
    const create: RoleCommand = { type: 'CreateRole', ...roleCreated.data, unknownMenus: 1 };
    given(roleDecider, []).when(create).thenFails('error.role.unknownMenu');
    given(roleDecider, [])
      .when({ ...create, unknownMenus: 0 })
      .then([{ type: 'RoleCreated', data: roleCreated.data }]);
    const administration = { by: { ...roleEditor, actorPermissions: ['*:*:*'] }, held: [], granted: [] };
    given(roleDecider, [roleCreated])
      .when({ ...change, unknownMenus: 2, administration })
      .thenFails('error.role.unknownMenu');
  });
});

describe('department decider', () => {
  const deptId = '0190a000-0000-7000-8000-000000000040';
  const otherId = '0190a000-0000-7000-8000-000000000041';
  const fields = {
    parentId: null,
    deptName: 'North',
    orderNum: 0,
    leader: null,
    phone: null,
    email: null,
    status: '0',
  } as const;
  const created: DeptEvent = { type: 'DeptCreated', data: { deptId, tenantId, ...fields } };

  it('refuses a parent that is the department itself or below it', () => {
    const move = { type: 'ChangeDept', ...fields, parentId: otherId } as const;
    given(deptDecider, [created])
      .when({ ...move, parentInSubtree: true })
      .thenFails('error.dept.parentLoop');
    given(deptDecider, [created])
      .when({ ...move, parentId: deptId, parentInSubtree: false })
      .thenFails('error.dept.parentLoop');
    given(deptDecider, [created])
      .when({ ...move, parentInSubtree: false })
      .then([{ type: 'DeptChanged', data: { deptId, ...fields, parentId: otherId } }]);
  });

  it('deletes only a department without sub-departments or users', () => {
    given(deptDecider, [created])
      .when({ type: 'DeleteDept', subDepts: 1, users: 0 })
      .thenFails('error.dept.hasChildren');
    given(deptDecider, [created])
      .when({ type: 'DeleteDept', subDepts: 0, users: 3 })
      .thenFails('error.dept.hasUsers');
    given(deptDecider, [created])
      .when({ type: 'DeleteDept', subDepts: 0, users: 0 })
      .then([{ type: 'DeptDeleted', data: { deptId } }]);
  });
});

describe('session decider', () => {
  const sessionId = '0190a000-0000-7000-8000-000000000020';
  const started = {
    type: 'LoginSucceeded' as const,
    data: {
      sessionId,
      userId,
      userName: 'clerk',
      tokenHash: 'abc',
      rememberMe: false,
      at: '2026-01-01T00:00:00Z',
      expiresAt: '2026-01-01T12:00:00Z',
      ip: '127.0.0.1',
      browser: 'Chrome 156',
      os: 'Linux',
    },
  };
  it('refreshes a live session and refuses an expired or ended one', () => {
    const refresh = { type: 'RefreshSession' as const, expiresAt: '2026-01-01T20:00:00Z' };
    given(sessionDecider, [started])
      .when({ ...refresh, now: '2026-01-01T08:00:00Z' })
      .then([{ type: 'SessionRefreshed', data: { sessionId, expiresAt: '2026-01-01T20:00:00Z' } }]);
    given(sessionDecider, [started])
      .when({ ...refresh, now: '2026-01-01T13:00:00Z' })
      .thenFails('error.session.ended');
    const ended = {
      type: 'SessionEnded' as const,
      data: { sessionId, reason: 'logout' as const, at: '2026-01-01T09:00:00Z' },
    };
    given(sessionDecider, [started, ended])
      .when({ ...refresh, now: '2026-01-01T09:30:00Z' })
      .thenFails('error.session.ended');
    // Logging out twice changes nothing the second time.
    given(sessionDecider, [started, ended])
      .when({ type: 'EndSession', reason: 'logout', at: '2026-01-01T10:00:00Z' })
      .then([]);
  });
});

describe('recovery code decider', () => {
  const issued: RecoveryEvent = {
    type: 'RecoveryCodeIssued',
    data: {
      codeId: '0190a000-0000-7000-8000-000000000030',
      userId,
      codeHash: 'right',
      channel: 'sms',
      issuedAt: '2026-01-01T00:00:00Z',
      expiresAt: '2026-01-01T00:05:00Z',
    },
  };
  const use = (codeHash: string, now = '2026-01-01T00:01:00Z') => ({
    type: 'UseRecoveryCode' as const,
    codeHash,
    now,
  });
  const failed: RecoveryEvent = {
    type: 'RecoveryCodeUsed',
    data: { codeId: issued.data.codeId, userId, success: false },
  };

  it('refuses a new code within 60 seconds of the last one', () => {
    const again = { type: 'IssueRecoveryCode' as const, ...issued.data, issuedAt: '2026-01-01T00:00:30Z' };
    given(recoveryDecider, [issued])
      .when(again)
      .thenFails({ key: 'error.recovery.cooldown', params: { count: 30 } });
    given(recoveryDecider, [issued])
      .when({ ...again, issuedAt: '2026-01-01T00:01:00Z' })
      .thenMatches([{ type: 'RecoveryCodeIssued' }]);
  });

  it('issues at most ten codes a day', () => {
    const at = (hour: number) => `2026-01-01T${String(hour).padStart(2, '0')}:00:00Z`;
    const ten: RecoveryEvent[] = Array.from({ length: 10 }, (_, h) => ({
      type: 'RecoveryCodeIssued',
      data: { ...issued.data, issuedAt: at(h), expiresAt: at(h) },
    }));
    const next = { type: 'IssueRecoveryCode' as const, ...issued.data, issuedAt: at(12) };
    given(recoveryDecider, ten).when(next).thenFails('error.recovery.dailyLimit');
    given(recoveryDecider, ten)
      .when({ ...next, issuedAt: '2026-01-02T00:00:01Z' })
      .thenMatches([{ type: 'RecoveryCodeIssued' }]);
  });

  it('accepts the right code once, records wrong tries, and ends a code after five or after 5 minutes', () => {
    given(recoveryDecider, [issued])
      .when(use('right'))
      .then([{ type: 'RecoveryCodeUsed', data: { codeId: issued.data.codeId, userId, success: true } }]);
    given(recoveryDecider, [issued]).when(use('wrong')).then([failed]);
    const used: RecoveryEvent = { ...failed, data: { ...failed.data, success: true } };
    given(recoveryDecider, [issued, used]).when(use('right')).thenFails('error.recovery.codeWrong');
    given(recoveryDecider, [issued, failed, failed, failed, failed, failed])
      .when(use('right'))
      .thenFails('error.recovery.codeWrong');
    given(recoveryDecider, [issued])
      .when(use('right', '2026-01-01T00:06:00Z'))
      .thenFails('error.recovery.codeWrong');
  });
});

describe('login lock', () => {
  const at = (minute: number) => new Date(Date.UTC(2026, 0, 1, 0, minute));
  const rule = { maxRetryCount: 5, lockMinutes: 10 };
  it('locks for the lock time after the fifth wrong password within it', () => {
    const five = [4, 3, 2, 1, 0].map(at);
    expect(lockedUntil(five.slice(0, 4), rule, at(5))).toBeNull();
    expect(lockedUntil(five, rule, at(5))).toEqual(at(14));
    expect(lockedUntil(five, rule, at(14))).toBeNull();
  });
  it('does not lock when the wrong passwords are spread beyond the lock time', () => {
    expect(lockedUntil([30, 25, 20, 15, 0].map(at), rule, at(31))).toBeNull();
  });
});

describe('role data scope', () => {
  const roleId = '0190a000-0000-7000-8000-000000000020';
  const north = '0190a000-0000-7000-8000-000000000031';
  const south = '0190a000-0000-7000-8000-000000000032';
  const created = (allPermissions: boolean): RoleEvent => ({
    type: 'RoleCreated',
    data: {
      roleId,
      tenantId,
      roleName: 'Branch',
      roleKey: 'branch',
      roleType: 'general',
      menuIds: [],
      allPermissions,
    },
  });
  const scoped = (dataScope: '1' | '2' | '3' | '4' | '5', deptIds: string[] = []): RoleEvent => ({
    type: 'RoleDataScopeChanged',
    data: { roleId, dataScope, deptIds },
  });

  it('records a new scope; custom departments are kept for a custom scope only', () => {
    given(roleDecider, [created(false)])
      .when({ type: 'ChangeDataScope', dataScope: '2', deptIds: [north, south], unknownDepts: 0 })
      .then([scoped('2', [north, south])]);
    given(roleDecider, [created(false), scoped('2', [north])])
      .when({ type: 'ChangeDataScope', dataScope: '4', deptIds: [north], unknownDepts: 0 })
      .then([scoped('4')]);
  });

  it('records nothing when the scope is already so', () => {
    given(roleDecider, [created(false), scoped('2', [north])])
      .when({ type: 'ChangeDataScope', dataScope: '2', deptIds: [north], unknownDepts: 0 })
      .then([]);
    // A new role sees all records until told otherwise.
    given(roleDecider, [created(false)])
      .when({ type: 'ChangeDataScope', dataScope: '1', deptIds: [], unknownDepts: 0 })
      .then([]);
  });

  it('refuses a custom scope without departments or with another tenant`s, and any change of the administrator role', () => {
    const { when } = given(roleDecider, [created(false)]);
    when({ type: 'ChangeDataScope', dataScope: '2', deptIds: [], unknownDepts: 0 }).thenFails(
      'error.role.dataScopeNoDepts',
    );
    when({ type: 'ChangeDataScope', dataScope: '2', deptIds: [north], unknownDepts: 1 }).thenFails(
      'error.dept.notFound',
    );
    given(roleDecider, [created(true)])
      .when({ type: 'ChangeDataScope', dataScope: '5', deptIds: [], unknownDepts: 0 })
      .thenFails('error.role.builtIn');
    given(roleDecider, [])
      .when({ type: 'ChangeDataScope', dataScope: '1', deptIds: [], unknownDepts: 0 })
      .thenFails('error.role.notFound');
  });

  it('gives a user the union of the scopes of their roles', () => {
    const user = { userId, deptId: south };
    const role = (
      dataScope: '1' | '2' | '3' | '4' | '5',
      deptIds: string[] = [],
      allPermissions = false,
    ) => ({
      dataScope,
      deptIds,
      allPermissions,
    });
    expect(dataScopeOf([role('5'), role('1')], user)).toEqual({ all: true });
    expect(dataScopeOf([role('5', [], true)], user)).toEqual({ all: true });
    expect(dataScopeOf([role('2', [north]), role('3'), role('4'), role('5')], user)).toEqual({
      all: false,
      deptIds: [north, south].sort(),
      deptTrees: [south],
      ownerId: userId,
    });
    // Without a department, the department scopes give nothing; without roles, nothing at all.
    expect(dataScopeOf([role('3'), role('4')], { userId, deptId: null })).toEqual({
      all: false,
      deptIds: [],
      deptTrees: [],
      ownerId: null,
    });
    expect(dataScopeOf([], user)).toEqual({ all: false, deptIds: [], deptTrees: [], ownerId: null });
  });
});
