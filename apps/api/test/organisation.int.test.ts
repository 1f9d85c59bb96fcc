import { testEngines } from '@hydrolog/eventstore/testing';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Services } from '../src/services.ts';
import { ACCOUNTS, injectAs, login, startApi } from './support.ts';

const demoId = (n: number) => `00000000-0000-7000-8000-${String(n).padStart(12, '0')}`;

describe.each(testEngines())('departments and roles on $engine', (engine) => {
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

  const addDept = (payload: object) => admin({ method: 'POST', url: '/prod-api/system/dept', payload });

  it('keeps a department tree: no loops, no deleting a department with sub-departments or users', async () => {
    const head = (await addDept({ deptName: 'Head office', leader: 'Li', phone: '13900000000' })).json().data;
    const network = (await addDept({ deptName: 'Network', parentId: head.deptId })).json().data;
    const leaks = (await addDept({ deptName: 'Leak team', parentId: network.deptId })).json().data;
    expect(leaks).toMatchObject({ parentId: network.deptId, userCount: 0 });
    expect((await addDept({ deptName: 'Network', parentId: head.deptId })).json().key).toBe(
      'error.dept.exists',
    );
    expect((await addDept({ deptName: 'x'.repeat(21) })).statusCode).toBe(400);

    const loop = await admin({
      method: 'PUT',
      url: '/prod-api/system/dept',
      payload: { deptId: head.deptId, deptName: 'Head office', parentId: leaks.deptId },
    });
    expect(loop.json().key).toBe('error.dept.parentLoop');
    const parents = (await admin(`/prod-api/system/dept/list/exclude/${network.deptId}`)).json().data;
    expect(parents.map((d: { deptName: string }) => d.deptName)).toEqual(['Head office']);

    expect(
      (await admin({ method: 'DELETE', url: `/prod-api/system/dept/${network.deptId}` })).json().key,
    ).toBe('error.dept.hasChildren');
    const clerk = await admin({
      method: 'POST',
      url: '/prod-api/system/user',
      payload: { userName: 'leak_clerk', nickName: 'Leak clerk', deptId: leaks.deptId },
    });
    expect(clerk.json().data).toMatchObject({ deptName: 'Leak team' });
    expect((await admin({ method: 'DELETE', url: `/prod-api/system/dept/${leaks.deptId}` })).json().key).toBe(
      'error.dept.hasUsers',
    );
    // Users of a department and of those below it.
    const below = await admin({
      method: 'POST',
      url: '/prod-api/system/user/list',
      payload: { deptId: head.deptId },
    });
    expect(below.json()).toMatchObject({ total: 1, rows: [{ userName: 'leak_clerk' }] });
  });

  it('creates a role from ticked menus; its users get exactly those permissions', async () => {
    const tree = (
      await admin({ url: '/prod-api/system/menu/treeselect', headers: { 'content-language': 'fr' } })
    ).json().data;
    const ids = tree.map((n: { id: string }) => n.id);
    expect(ids).toContain('meter');
    expect(ids).not.toContain('tenant'); // platform menus are not given by a utility
    expect(tree.find((n: { id: string }) => n.id === 'meter').label).toBe('Compteurs');

    const created = await admin({
      method: 'POST',
      url: '/prod-api/system/role',
      payload: {
        roleName: 'Valve crew',
        roleKey: 'valve_crew',
        menuIds: ['meter', 'meter.valve', 'meter.valve.open'],
      },
    });
    expect(created.json()).toMatchObject({
      code: 200,
      data: { roleKey: 'valve_crew', status: '0', admin: false },
    });
    const roleId = created.json().data.roleId;
    expect(
      (
        await admin({
          method: 'POST',
          url: '/prod-api/system/role',
          payload: { roleName: 'Again', roleKey: 'valve_crew' },
        })
      ).json().key,
    ).toBe('error.role.keyExists');
    expect(
      (
        await admin({
          method: 'POST',
          url: '/prod-api/system/role',
          payload: { roleName: 'Sneaky', roleKey: 'sneaky', menuIds: ['tenant.list'] },
        })
      ).json().key,
    ).toBe('error.role.unknownMenu');

    const valveManUser = await admin({
      method: 'POST',
      url: '/prod-api/system/user',
      payload: { userName: 'valve_man', nickName: 'Valve man', roleIds: [roleId] },
    });
    const valveMan = injectAs(app, await login(app, 'valve_man', valveManUser.json().data.initialPassword));
    const permissions = () =>
      valveMan('/prod-api/system/user/getInfo').then((r) => r.json().data.permissions as string[]);
    expect(await permissions()).toEqual(['business:valve:list', 'business:valve:open']);
    const checked = (await admin(`/prod-api/system/menu/roleMenuTreeselect/${roleId}`)).json().data
      .checkedKeys;
    expect(checked).toEqual(['meter', 'meter.valve', 'meter.valve.open']);

    // A disabled role grants nothing; a role in use cannot be deleted.
    await admin({
      method: 'PUT',
      url: '/prod-api/system/role/changeStatus',
      payload: { roleId, status: '1' },
    });
    expect(await permissions()).toEqual([]);
    expect((await admin({ method: 'DELETE', url: `/prod-api/system/role/${roleId}` })).json().key).toBe(
      'error.role.inUse',
    );
  });

  it('keeps the administrator role as it is', async () => {
    const adminRole = demoId(102);
    const edit = await admin({
      method: 'PUT',
      url: '/prod-api/system/role',
      payload: { roleId: adminRole, roleName: 'Admin', roleKey: 'admin', menuIds: [] },
    });
    expect(edit.json().key).toBe('error.role.builtIn');
    expect((await admin({ method: 'DELETE', url: `/prod-api/system/role/${adminRole}` })).json().key).toBe(
      'error.role.builtIn',
    );
    const list = (await admin('/prod-api/system/role/list')).json();
    expect(list.rows.map((r: { roleKey: string }) => r.roleKey)).toEqual(
      expect.arrayContaining(['admin', 'operator', 'viewer']),
    );
  });
});
