import { testEngines } from '@hydrolog/eventstore/testing';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Services } from '../src/services.ts';
import { ACCOUNTS, injectAs, login, loginResponse, startApi } from './support.ts';

const demoId = (n: number) => `00000000-0000-7000-8000-${String(n).padStart(12, '0')}`;
const VIEWER_ROLE = demoId(104);
const OPERATOR_ROLE = demoId(103);
const TRIAL_ADMIN_ROLE = demoId(105);

describe.each(testEngines())('staff users on $engine', (engine) => {
  let app: FastifyInstance;
  let services: Services;
  let admin: ReturnType<typeof injectAs>;
  beforeAll(async () => {
    ({ app, services } = await startApi(engine));
    admin = injectAs(app, await login(app, ...ACCOUNTS.demoAdmin));
  });
  afterAll(async () => {
    await app.close();
    await services.close();
  });

  const create = (payload: object) =>
    admin({ method: 'POST', url: '/prod-api/system/user', payload, headers: { 'content-language': 'en' } });

  it("lists only the tenant's users, filtered and paged", async () => {
    const all = (await admin({ method: 'POST', url: '/prod-api/system/user/list', payload: {} })).json();
    expect(all.rows.map((u: { userName: string }) => u.userName).sort()).toEqual([
      'demo_admin',
      'demo_newcomer',
      'demo_operator',
      'demo_viewer',
    ]);
    expect(all.rows.find((u: { userName: string }) => u.userName === 'demo_viewer').roleNames).toEqual([
      'Read only',
    ]);
    const filtered = await admin({
      method: 'POST',
      url: '/prod-api/system/user/list',
      payload: { userName: 'OPER', pageSize: 10 },
    });
    expect(filtered.json()).toMatchObject({ total: 1, rows: [{ userName: 'demo_operator' }] });
    const roles = (await admin('/prod-api/system/role/optionselect')).json().data;
    expect(roles.map((r: { roleKey: string }) => r.roleKey).sort()).toEqual(['admin', 'operator', 'viewer']);
  });

  it('creates a user with a random initial password, who must change it at first login', async () => {
    const res = await create({ userName: 'field_clerk', nickName: 'Field clerk', roleIds: [VIEWER_ROLE] });
    expect(res.json()).toMatchObject({
      code: 200,
      data: { userName: 'field_clerk', initPassword: true, roleNames: ['Read only'] },
    });
    // A random initial password, answered once: nobody else (another tenant's administrator) knows it.
    const { initialPassword } = res.json().data;
    expect(initialPassword).toMatch(/^(?=.*\d)(?=.*[a-z])(?=.*[A-Z]).{10}$/);
    expect((await loginResponse(app, 'field_clerk', 'Hydrolog123')).json().key).toBe(
      'error.login.badCredentials',
    );
    const clerk = injectAs(app, await login(app, 'field_clerk', initialPassword));
    expect((await clerk('/prod-api/system/user/getInfo')).json().data).toMatchObject({
      initPassword: true,
      roles: ['viewer'],
      user: { tenantId: demoId(2) },
    });
  });

  it('refuses a taken user name, a bad one, and a role of another tenant, creating nothing', async () => {
    expect((await create({ userName: 'admin', nickName: 'Copy' })).json()).toMatchObject({
      code: 500,
      key: 'error.user.exists',
    });
    const bad = await create({ userName: '9lives', nickName: '' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual(
      expect.arrayContaining([
        {
          field: 'userName',
          message: 'Only letters, digits and underscore, not starting with a digit or underscore',
        },
        { field: 'nickName', message: 'Required' },
      ]),
    );
    const foreign = await create({ userName: 'sneaky', nickName: 'Sneaky', roleIds: [TRIAL_ADMIN_ROLE] });
    expect(foreign.json().key).toBe('error.role.notFound');
    const list = (
      await admin({ method: 'POST', url: '/prod-api/system/user/list', payload: { userName: 'sneaky' } })
    ).json();
    expect(list.total).toBe(0);
  });

  it("changes roles, and the user's permissions follow on the next call", async () => {
    const user = (await create({ userName: 'promoted', nickName: 'Promoted', roleIds: [VIEWER_ROLE] })).json()
      .data;
    const token = injectAs(app, await login(app, 'promoted', user.initialPassword));
    const edit = await admin({
      method: 'PUT',
      url: '/prod-api/system/user',
      payload: { userId: user.userId, nickName: 'Promoted', roleIds: [OPERATOR_ROLE] },
    });
    expect(edit.json()).toMatchObject({ code: 200, data: { roleNames: ['Operator'] } });
    const info = (await token('/prod-api/system/user/getInfo')).json().data;
    expect(info.roles).toEqual(['operator']);
    expect(info.permissions).toContain('business:meter:add');
  });

  it('disables a user (their sessions end), but not oneself', async () => {
    const user = (await create({ userName: 'leaver', nickName: 'Leaver' })).json().data;
    const token = injectAs(app, await login(app, 'leaver', user.initialPassword));
    const disable = await admin({
      method: 'PUT',
      url: '/prod-api/system/user/changeStatus',
      payload: { userId: user.userId, status: '1' },
    });
    expect(disable.json().code).toBe(200);
    expect((await token('/prod-api/system/user/getInfo')).json()).toMatchObject({
      code: 100102000002,
      key: 'error.session.disabled',
    });
    expect((await loginResponse(app, 'leaver', user.initialPassword)).json().key).toBe(
      'error.login.disabled',
    );
    const self = await admin({
      method: 'PUT',
      url: '/prod-api/system/user/changeStatus',
      payload: { userId: demoId(202), status: '1' },
    });
    expect(self.json().key).toBe('error.user.self');
  });

  it('resets a password to a new initial one: sessions end and the user must change it again', async () => {
    const operator = injectAs(app, await login(app, ...ACCOUNTS.demoOperator));
    const reset = await admin({ method: 'PUT', url: `/prod-api/system/user/resetPwd/${demoId(203)}` });
    const { initialPassword } = reset.json().data;
    expect((await operator('/prod-api/system/user/getInfo')).json().code).toBe(100102000002);
    expect((await loginResponse(app, ...ACCOUNTS.demoOperator)).json().key).toBe(
      'error.login.badCredentials',
    );
    const again = injectAs(app, await login(app, 'demo_operator', initialPassword));
    expect((await again('/prod-api/system/user/getInfo')).json().data.initPassword).toBe(true);
  });

  it('deletes users after checking them all; oneself and unknown ids are refused', async () => {
    const a = (await create({ userName: 'temp_a', nickName: 'Temp A' })).json().data;
    const b = (await create({ userName: 'temp_b', nickName: 'Temp B' })).json().data;
    const withSelf = await admin({
      method: 'DELETE',
      url: `/prod-api/system/user/${a.userId},${demoId(202)}`,
    });
    expect(withSelf.json().key).toBe('error.user.self');
    expect((await admin(`/prod-api/system/user/${a.userId}`)).json().code).toBe(200);
    const deleted = await admin({ method: 'DELETE', url: `/prod-api/system/user/${a.userId},${b.userId}` });
    expect(deleted.json().code).toBe(200);
    expect((await admin(`/prod-api/system/user/${a.userId}`)).json().key).toBe('error.user.notFound');
    expect((await loginResponse(app, 'temp_b', b.initialPassword)).json().key).toBe(
      'error.login.badCredentials',
    );
  });

  it('needs the permissions: a read-only user may not list or create', async () => {
    const viewer = injectAs(app, await login(app, ...ACCOUNTS.demoViewer));
    expect(
      (await viewer({ method: 'POST', url: '/prod-api/system/user/list', payload: {} })).statusCode,
    ).toBe(403);
    expect(
      (
        await viewer({
          method: 'POST',
          url: '/prod-api/system/user',
          payload: { userName: 'x1', nickName: 'x' },
        })
      ).statusCode,
    ).toBe(403);
  });
});
