import { testEngines } from '@hydrolog/eventstore/testing';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Services } from '../src/services.ts';
import { ACCOUNTS, encryptPassword, injectAs, login, loginResponse, startApi } from './support.ts';

const demoId = (n: number) => `00000000-0000-7000-8000-${String(n).padStart(12, '0')}`;
const DEMO_ADMIN = demoId(202);
const ADMIN_ROLE = demoId(102);
const OPERATOR_ROLE = demoId(103);
const REFUSALS = [
  'error.permission.beyondOwn',
  'error.user.outranks',
  'error.user.builtInAdministrator',
  'error.role.outranks',
  'error.user.self',
];

/** Routes that act on the caller's own account only: a user editor may use them like anyone. */
const OWN_ACCOUNT = new Set([
  'GET /system/user/getInfo',
  'GET /system/user/getTenant',
  'PUT /system/user/updateLanguage',
  'GET /system/user/profile',
  'PUT /system/user/profile',
  'PUT /system/user/profile/updatePwd',
  'POST /system/user/profile/avatar',
  'PUT /system/user/reset/password',
  'GET /system/menu/getRouters',
]);

describe.each(testEngines())('who may raise whom, on $engine', (engine) => {
  let app: FastifyInstance;
  let services: Services;
  let admin: ReturnType<typeof injectAs>;
  let editor: ReturnType<typeof injectAs>;
  let editorId: string;
  let editorRole: string;

  /** Creates a user with `roleIds` and signs them in with a password of their own. */
  async function signedInUser(userName: string, roleIds: string[]) {
    const created = (
      await admin({
        method: 'POST',
        url: '/prod-api/system/user',
        payload: { userName, nickName: userName, roleIds },
      })
    ).json();
    expect(created.code).toBe(200);
    const first = injectAs(app, await login(app, userName, created.data.initialPassword));
    const password = 'Chosen1234';
    const changed = await first({
      method: 'PUT',
      url: '/prod-api/system/user/profile/updatePwd',
      query: {
        oldPassword: await encryptPassword(app, created.data.initialPassword),
        newPassword: await encryptPassword(app, password),
      },
    });
    expect(changed.json().code).toBe(200);
    return {
      userId: created.data.userId as string,
      api: injectAs(app, await login(app, userName, password)),
    };
  }

  const permissions = async (api: ReturnType<typeof injectAs>) =>
    (await api('/prod-api/system/user/getInfo')).json().data.permissions as string[];

  beforeAll(async () => {
    ({ app, services } = await startApi(engine));
    admin = injectAs(app, await login(app, ...ACCOUNTS.demoAdmin));
    const role = await admin({
      method: 'POST',
      url: '/prod-api/system/role',
      payload: {
        roleName: 'User editors',
        roleKey: 'user_editor',
        menuIds: ['system.user.edit', 'system.user.resetPwd'],
      },
    });
    expect(role.json().code).toBe(200);
    editorRole = role.json().data.roleId;
    ({ userId: editorId, api: editor } = await signedInUser('user_editor', [editorRole]));
    expect((await permissions(editor)).sort()).toEqual(['system:user:edit', 'system:user:resetPwd']);
  });
  afterAll(async () => {
    await app.close();
    await services.close();
  });

  const editUser = (userId: string, roleIds: string[]) => ({
    method: 'PUT' as const,
    url: '/prod-api/system/user',
    payload: { userId, nickName: 'Taken over', roleIds },
    headers: { 'content-language': 'en' },
  });

  it('refuses a user editor the Administrator role on their own account', async () => {
    const res = await editor(editUser(editorId, [editorRole, ADMIN_ROLE]));
    expect(res.json()).toMatchObject({
      code: 500,
      key: 'error.permission.beyondOwn',
      msg: 'You cannot grant permissions you do not hold yourself',
    });
    // Nor a role carrying business permissions they do not hold.
    expect((await editor(editUser(editorId, [editorRole, OPERATOR_ROLE]))).json().key).toBe(
      'error.permission.beyondOwn',
    );
    expect((await permissions(editor)).sort()).toEqual(['system:user:edit', 'system:user:resetPwd']);
  });

  it("refuses a user editor the administrator's password, roles and status", async () => {
    const reset = await editor({ method: 'PUT', url: `/prod-api/system/user/resetPwd/${DEMO_ADMIN}` });
    expect(reset.json()).toMatchObject({ code: 500, key: 'error.user.outranks' });
    expect(reset.json().data).toBeUndefined();
    expect((await editor(editUser(DEMO_ADMIN, []))).json().key).toBe('error.user.outranks');
    const disable = await editor({
      method: 'PUT',
      url: '/prod-api/system/user/changeStatus',
      payload: { userId: DEMO_ADMIN, status: '1' },
    });
    expect(disable.json().key).toBe('error.user.outranks');
    expect((await loginResponse(app, ...ACCOUNTS.demoAdmin)).json().code).toBe(200);
  });

  it('lets a user editor act on users holding no more than they do', async () => {
    const plain = (
      await admin({
        method: 'POST',
        url: '/prod-api/system/user',
        payload: { userName: 'plain', nickName: 'Plain' },
      })
    ).json().data;
    const reset = await editor({ method: 'PUT', url: `/prod-api/system/user/resetPwd/${plain.userId}` });
    expect(reset.json()).toMatchObject({ code: 200, data: { initialPassword: expect.any(String) } });
    expect((await editor(editUser(plain.userId, [editorRole]))).json().code).toBe(200);
  });

  it("leaves the tenant's built-in administrator to itself, even for another administrator", async () => {
    const deputy = await signedInUser('deputy', [ADMIN_ROLE]);
    const reset = await deputy.api({ method: 'PUT', url: `/prod-api/system/user/resetPwd/${DEMO_ADMIN}` });
    expect(reset.json()).toMatchObject({ code: 500, key: 'error.user.builtInAdministrator' });
    expect((await deputy.api(editUser(DEMO_ADMIN, []))).json().key).toBe('error.user.builtInAdministrator');
    expect((await admin(editUser(DEMO_ADMIN, [ADMIN_ROLE]))).json().code).toBe(200);
    // The built-in administrator acts on other administrators.
    expect(
      (await admin({ method: 'PUT', url: `/prod-api/system/user/resetPwd/${deputy.userId}` })).json().code,
    ).toBe(200);
  });

  it('refuses a role editor permissions they do not hold, and roles carrying them', async () => {
    const roleEditorRole = (
      await admin({
        method: 'POST',
        url: '/prod-api/system/role',
        payload: {
          roleName: 'Role editors',
          roleKey: 'role_editor',
          menuIds: ['system.role', 'system.role.add', 'system.role.edit', 'system.role.query'],
        },
      })
    ).json().data.roleId;
    const roleEditor = (await signedInUser('role_editor', [roleEditorRole])).api;
    const grow = await roleEditor({
      method: 'PUT',
      url: '/prod-api/system/role',
      payload: {
        roleId: roleEditorRole,
        roleName: 'Role editors',
        roleKey: 'role_editor',
        menuIds: [
          'system.role',
          'system.role.add',
          'system.role.edit',
          'system.role.query',
          'system.user.resetPwd',
        ],
      },
    });
    expect(grow.json().key).toBe('error.permission.beyondOwn');
    const created = await roleEditor({
      method: 'POST',
      url: '/prod-api/system/role',
      payload: { roleName: 'Resetters', roleKey: 'resetter', menuIds: ['system.user.resetPwd'] },
    });
    expect(created.json().key).toBe('error.permission.beyondOwn');
    const disable = await roleEditor({
      method: 'PUT',
      url: '/prod-api/system/role/changeStatus',
      payload: { roleId: OPERATOR_ROLE, status: '1' },
    });
    expect(disable.json().key).toBe('error.role.outranks');
  });

  it('lets a user editor raise nobody through any user or role route', async () => {
    const routes = app.apiRoutes.filter((r) => /^\/prod-api\/system\/(user|role|menu)\b/.test(r.url));
    expect(routes.length).toBeGreaterThan(20);
    const body = (userId: string, roleIds: string[]) => ({
      userId,
      userName: 'raised',
      nickName: 'Raised',
      roleIds,
      status: '1',
      roleId: ADMIN_ROLE,
      roleName: 'Administrator',
      roleKey: 'admin',
      menuIds: ['system.user.remove'],
    });
    // Each route aimed at the administrator, and at the editor's own account with the Administrator role.
    for (const [target, roleIds] of [
      [DEMO_ADMIN, []],
      [editorId, [editorRole, ADMIN_ROLE]],
    ] as const) {
      for (const route of routes) {
        const url = route.url
          .replace(/:userIds?\b/, target)
          .replace(/:roleIds?\b/, ADMIN_ROLE)
          .replace(':menuId', 'system.user.remove');
        const res = await editor({
          method: route.method as 'GET',
          url,
          ...(route.method === 'GET' || route.method === 'DELETE'
            ? {}
            : { payload: body(target, [...roleIds]) }),
        });
        const name = `${route.method} ${route.url.replace('/prod-api', '')}`;
        if (OWN_ACCOUNT.has(name)) continue;
        const refused = res.statusCode === 403 || REFUSALS.includes(res.json().key);
        expect(refused, `${name} → ${res.statusCode} ${res.body.slice(0, 200)}`).toBe(true);
      }
    }
    expect((await permissions(editor)).sort()).toEqual(['system:user:edit', 'system:user:resetPwd']);
    const adminInfo = (await admin('/prod-api/system/user/getInfo')).json().data;
    expect(adminInfo).toMatchObject({ roles: ['admin'], permissions: ['*:*:*'] });
  });
});
