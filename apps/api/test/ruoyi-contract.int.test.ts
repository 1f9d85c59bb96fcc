import { testEngines } from '@hydrolog/eventstore/testing';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Services } from '../src/services.ts';
import { ACCOUNTS, encryptPassword, injectAs, login, multipartFile, startApi, TINY_PNG } from './support.ts';

/**
 * The calls of RuoYi-Cloud's Vue client (ruoyi-ui/src/api/system/*.js, store/modules/user.js and
 * permission.js) as it makes them: method, path, query encoding and body, and the fields it then reads
 * from the answer. Its request helper sends every field of a form, nulls included, and encodes an object
 * query parameter as `params[beginTime]=...` (ruoyi.js tansParams).
 */

/** RuoYi's query encoding: nested objects as `name[key]`, empty values left out. */
function ruoyiQuery(params: Record<string, unknown>): string {
  const parts: string[] = [];
  for (const [name, value] of Object.entries(params)) {
    if (value === null || value === undefined || value === '') continue;
    if (typeof value === 'object') {
      for (const [key, inner] of Object.entries(value as Record<string, unknown>)) {
        if (inner === null || inner === undefined || inner === '') continue;
        parts.push(`${encodeURIComponent(`${name}[${key}]`)}=${encodeURIComponent(String(inner))}`);
      }
    } else parts.push(`${encodeURIComponent(name)}=${encodeURIComponent(String(value))}`);
  }
  return parts.join('&');
}

describe.each(testEngines())('a RuoYi-Cloud client on $engine', (engine) => {
  let app: FastifyInstance;
  let services: Services;
  let admin: ReturnType<typeof injectAs>;
  let operator: ReturnType<typeof injectAs>;
  beforeAll(async () => {
    ({ app, services } = await startApi(engine));
    admin = injectAs(app, await login(app, ...ACCOUNTS.demoAdmin));
    operator = injectAs(app, await login(app, ...ACCOUNTS.platformAdmin));
  });
  afterAll(async () => {
    await app.close();
    await services.close();
  });

  it('store/modules/user.js GetInfo reads user, roles and permissions beside data', async () => {
    const res = (await admin('/prod-api/system/user/getInfo')).json();
    expect(res.code).toBe(200);
    expect(res.user).toMatchObject({ userName: 'demo_admin', userId: expect.any(String) });
    expect(res.user.avatar === null || typeof res.user.avatar === 'string').toBe(true);
    expect(res.roles.length).toBeGreaterThan(0);
    expect(res.permissions.length).toBeGreaterThan(0);
    // This product's own client reads the same in data.
    expect(res.data).toMatchObject({ user: res.user, roles: res.roles, permissions: res.permissions });
  });

  it('store/modules/user.js LogOut always succeeds, also with an ended or unknown token', async () => {
    const token = await login(app, ...ACCOUNTS.demoViewer);
    const viewer = injectAs(app, token);
    expect((await viewer({ method: 'DELETE', url: '/prod-api/auth/logout' })).json().code).toBe(200);
    // The token no longer works, and logging it out again still answers success.
    expect((await viewer('/prod-api/system/user/getInfo')).json().code).toBe(100102000002);
    expect((await viewer({ method: 'DELETE', url: '/prod-api/auth/logout' })).json().code).toBe(200);
    const unknown = injectAs(app, 'no-such-token');
    expect((await unknown({ method: 'DELETE', url: '/prod-api/auth/logout' })).json().code).toBe(200);
    expect((await app.inject({ method: 'DELETE', url: '/prod-api/auth/logout' })).json().code).toBe(200);
  });

  it('permission.js GenerateRoutes reads the menu tree in data', async () => {
    const res = (await admin('/prod-api/system/menu/getRouters')).json();
    expect(res.code).toBe(200);
    expect(res.data.length).toBeGreaterThan(0);
    expect(res.data[0]).toMatchObject({ path: expect.any(String), component: expect.any(String) });
  });

  it('user/index.vue handleAdd and handleUpdate read roles, roleIds, posts and postIds beside data', async () => {
    const blank = (await admin('/prod-api/system/user/')).json();
    expect(blank).toMatchObject({ code: 200, posts: [], roleIds: [] });
    expect(blank.roles.map((r: { roleKey: string }) => r.roleKey)).toContain('operator');

    const list = (await admin({ method: 'POST', url: '/prod-api/system/user/list', payload: {} })).json();
    const someone = list.rows.find((u: { userName: string }) => u.userName === 'demo_operator');
    const res = (await admin(`/prod-api/system/user/${someone.userId}`)).json();
    expect(res.data).toMatchObject({ userName: 'demo_operator' });
    expect(res.roleIds).toEqual(someone.roleIds);
    expect(res.roles).toEqual(blank.roles);
    expect(res.postIds).toEqual([]);

    // The form is sent back as it was read, nulls included.
    const back = await admin({ method: 'PUT', url: '/prod-api/system/user', payload: { ...res.data } });
    expect(back.statusCode).toBe(200);
    expect(back.json().code).toBe(200);
  });

  it('user/profile reads the user as data with roleGroup and postGroup, the avatar upload imgUrl', async () => {
    const res = (await admin('/prod-api/system/user/profile')).json();
    expect(res.data).toMatchObject({ userName: 'demo_admin' });
    expect(typeof res.roleGroup).toBe('string');
    expect(res.roleGroup.length).toBeGreaterThan(0);
    expect(res.postGroup).toBe('');
    const { nickName, phonenumber, email, sex } = res.data;
    const saved = await admin({
      method: 'PUT',
      url: '/prod-api/system/user/profile',
      payload: { nickName, phonenumber, email, sex },
    });
    expect(saved.json().code).toBe(200);

    // RuoYi's cropper posts the image as the field avatarfile, named blob.
    const avatar = (
      await admin({
        method: 'POST',
        url: '/prod-api/system/user/profile/avatar',
        ...multipartFile('blob', TINY_PNG, 'image/png', 'avatarfile'),
      })
    ).json();
    expect(avatar.imgUrl).toMatch(/^\/uploads\/avatar\/.+\.png$/);
    expect(avatar.data.imgUrl).toBe(avatar.imgUrl);
  });

  it('role/index.vue handleUpdate reads menus and checkedKeys beside data', async () => {
    const roles = (await admin('/prod-api/system/role/list?pageNum=1&pageSize=10')).json().rows;
    const role = roles.find((r: { admin: boolean }) => !r.admin);
    const res = (await admin(`/prod-api/system/menu/roleMenuTreeselect/${role.roleId}`)).json();
    expect(res.menus.length).toBeGreaterThan(0);
    expect(res.checkedKeys).toEqual(role.menuIds);
    expect(res.data).toEqual({ menus: res.menus, checkedKeys: res.checkedKeys });
  });

  it('sends back every department, role, parameter and dictionary entry as read, nulls included', async () => {
    // The department form as RuoYi sends a new one: the fields it did not fill are null.
    const created = await admin({
      method: 'POST',
      url: '/prod-api/system/dept',
      payload: {
        parentId: null,
        deptName: 'North branch',
        orderNum: 1,
        leader: null,
        phone: null,
        email: null,
        status: '0',
      },
    });
    expect(created.json().code).toBe(200);
    const depts = (await admin('/prod-api/system/dept/list')).json().data;
    expect(depts.length).toBeGreaterThan(0);
    for (const listed of depts) {
      const dept = (await admin(`/prod-api/system/dept/${listed.deptId}`)).json().data;
      const res = await admin({ method: 'PUT', url: '/prod-api/system/dept', payload: dept });
      expect(res.statusCode, JSON.stringify(res.json())).toBe(200);
      expect(res.json().code).toBe(200);
    }

    const roles = (await admin('/prod-api/system/role/list?pageNum=1&pageSize=50')).json().rows;
    expect(roles.length).toBeGreaterThan(1);
    for (const listed of roles) {
      const role = (await admin(`/prod-api/system/role/${listed.roleId}`)).json().data;
      const res = await admin({ method: 'PUT', url: '/prod-api/system/role', payload: role });
      expect(res.statusCode, JSON.stringify(res.json())).toBe(200);
      // The built-in administrator role is refused by its rule, not by the shape of the body.
      if (role.admin) expect(res.json().key).toBe('error.role.builtIn');
      else expect(res.json().code).toBe(200);
    }

    const configs = (await operator('/prod-api/system/config/list?pageNum=1&pageSize=50')).json().rows;
    expect(configs.length).toBeGreaterThan(0);
    for (const listed of configs) {
      const config = (await operator(`/prod-api/system/config/${listed.configId}`)).json().data;
      const res = await operator({ method: 'PUT', url: '/prod-api/system/config', payload: config });
      expect(res.statusCode, JSON.stringify(res.json())).toBe(200);
      expect(res.json().code).toBe(200);
    }

    const entries = (await operator('/prod-api/system/dict/data/list?pageNum=1&pageSize=50')).json();
    let seen = 0;
    for (let page = 1; seen < entries.total; page++) {
      const rows = (await operator(`/prod-api/system/dict/data/list?pageNum=${page}&pageSize=50`)).json()
        .rows;
      for (const listed of rows) {
        const entry = (await operator(`/prod-api/system/dict/data/${listed.dictCode}`)).json().data;
        const res = await operator({ method: 'PUT', url: '/prod-api/system/dict/data', payload: entry });
        expect(res.statusCode, JSON.stringify(res.json())).toBe(200);
        expect(res.json().code).toBe(200);
      }
      seen += rows.length;
    }
    expect(seen).toBe(entries.total);

    const types = (await operator('/prod-api/system/dict/type/optionselect')).json().data;
    for (const listed of types) {
      const type = (await operator(`/prod-api/system/dict/type/${listed.dictId}`)).json().data;
      const res = await operator({ method: 'PUT', url: '/prod-api/system/dict/type', payload: type });
      expect(res.json().code).toBe(200);
    }
  });

  it('the dictionaries the admin screens read exist; the cache refreshes answer success', async () => {
    for (const dictType of ['sys_notice_status', 'sys_oper_type', 'sys_show_hide']) {
      const res = (await admin(`/prod-api/system/dict/data/type/${dictType}`)).json();
      expect(res.data.length, dictType).toBeGreaterThan(1);
      expect(res.data[0]).toMatchObject({ dictValue: expect.any(String), dictLabel: expect.any(String) });
    }
    const options = (await operator('/prod-api/system/dict/type/optionselect')).json();
    expect(options.data.map((t: { dictType: string }) => t.dictType)).toEqual(
      expect.arrayContaining(['sys_notice_status', 'sys_oper_type', 'sys_show_hide', 'sys_normal_disable']),
    );
    expect(options.data[0]).toMatchObject({ dictId: expect.any(Number), dictName: expect.any(String) });
    for (const url of ['/prod-api/system/dict/type/refreshCache', '/prod-api/system/config/refreshCache']) {
      expect((await operator({ method: 'DELETE', url })).json().code, url).toBe(200);
    }
  });
  it('list filters read params[beginTime], params[endTime], orderByColumn and isAsc as RuoYi encodes them', async () => {
    const list = async (call: ReturnType<typeof injectAs>, path: string, query: Record<string, unknown>) =>
      call(`${path}?${ruoyiQuery({ pageNum: 1, pageSize: 50, ...query })}`);
    const today = new Date().toISOString().slice(0, 10);
    const configs = (await list(operator, '/prod-api/system/config/list', {})).json();
    expect(configs.total).toBeGreaterThan(1);
    // A range that holds today holds every seeded parameter; one that ended before it holds none.
    const inRange = await list(operator, '/prod-api/system/config/list', {
      params: { beginTime: '2000-01-01', endTime: today },
    });
    expect(inRange.json().total).toBe(configs.total);
    const before = await list(operator, '/prod-api/system/config/list', {
      params: { beginTime: '2000-01-01', endTime: '2000-12-31' },
    });
    expect(before.json()).toMatchObject({ code: 200, total: 0, rows: [] });
    const byKey = (isAsc: string) =>
      list(operator, '/prod-api/system/config/list', { orderByColumn: 'configKey', isAsc });
    const up = (await byKey('ascending')).json().rows.map((r: { configKey: string }) => r.configKey);
    const down = (await byKey('descending')).json().rows.map((r: { configKey: string }) => r.configKey);
    expect(up).toEqual([...up].sort());
    expect(down).toEqual([...up].reverse());

    const types = await list(operator, '/prod-api/system/dict/type/list', {
      params: { beginTime: '2000-01-01', endTime: '2000-12-31' },
    });
    expect(types.json().total).toBe(0);

    // A tenant list with its own sort columns: the same rule.
    const created = await admin({
      method: 'POST',
      url: '/prod-api/business/customerType',
      payload: { name: 'Branch households' },
    });
    expect(created.json().code).toBe(200);
    const typeList = (query: Record<string, unknown>) =>
      list(admin, '/prod-api/business/customerType/list', {
        orderByColumn: 'createTime',
        isAsc: 'descending',
        ...query,
      });
    expect((await typeList({ params: { beginTime: today } })).json().rows[0]).toMatchObject({
      name: 'Branch households',
    });
    expect((await typeList({ params: { endTime: '2000-12-31' } })).json().total).toBe(0);

    // A column the list does not sort by is refused with a clear message, whatever text it carries.
    for (const orderByColumn of ['password_hash', 'config_key; DROP TABLE sys_config']) {
      const refused = await list(operator, '/prod-api/system/config/list', { orderByColumn });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().errors).toEqual([
        { field: 'orderByColumn', message: 'This list cannot be sorted by this column' },
      ]);
    }
    expect((await list(operator, '/prod-api/system/config/list', {})).json().total).toBe(configs.total);
  });
  it('role/index.vue data scope: deptTree and dataScope; branch offices see their own customers, meters and users', async () => {
    const addDept = async (deptName: string, parentId: string | null) =>
      (await admin({ method: 'POST', url: '/prod-api/system/dept', payload: { deptName, parentId } })).json()
        .data.deptId as string;
    const head = await addDept('Scope head office', null);
    const north = await addDept('Scope north', head);
    const south = await addDept('Scope south', head);
    const role = (
      await admin({
        method: 'POST',
        url: '/prod-api/system/role',
        payload: {
          roleName: 'Branch clerk',
          roleKey: 'branch_clerk',
          menuIds: [
            'system',
            'system.user',
            'customer',
            'customer.account',
            'customer.account.add',
            'meter',
            'meter.list',
            'meter.list.add',
          ],
        },
      })
    ).json().data;
    expect(role).toMatchObject({ dataScope: '1', deptIds: [] });

    /** A clerk of the department, past the forced change of the initial password. */
    const clerk = async (userName: string, deptId: string) => {
      const created = await admin({
        method: 'POST',
        url: '/prod-api/system/user',
        payload: { userName, nickName: userName, deptId, roleIds: [role.roleId] },
      });
      const { initialPassword } = created.json().data;
      const first = injectAs(app, await login(app, userName, initialPassword));
      await first({
        method: 'PUT',
        url: '/prod-api/system/user/profile/updatePwd',
        query: {
          oldPassword: await encryptPassword(app, initialPassword),
          newPassword: await encryptPassword(app, 'Branch1234'),
        },
      });
      return () => login(app, userName, 'Branch1234').then((token) => injectAs(app, token));
    };
    const northClerk = await clerk('north_clerk', north);
    const southClerk = await clerk('south_clerk', south);
    const headClerk = await clerk('head_clerk', head);

    // Each clerk registers a meter and opens an account on it.
    const meterType = (
      await admin({
        method: 'POST',
        url: '/prod-api/business/meterType',
        payload: {
          name: 'Scope DN15',
          billingMode: 'prepaid',
          valveControl: false,
          communication: 'nbiot',
          cardKind: 'ic',
          reportIntervalMinutes: 60,
        },
      })
    ).json().data;
    const customerType = (
      await admin({
        method: 'POST',
        url: '/prod-api/business/customerType',
        payload: { name: 'Scope homes' },
      })
    ).json().data;
    for (const [as, meterNo, name] of [
      [northClerk, '8100001', 'North Holder'],
      [southClerk, '8100002', 'South Holder'],
      [headClerk, '8100003', 'Head Holder'],
    ] as const) {
      const api = await as();
      const meter = await api({
        method: 'POST',
        url: '/prod-api/business/meter',
        payload: { meterNo, meterTypeId: meterType.meterTypeId },
      });
      expect(meter.json().code, JSON.stringify(meter.json())).toBe(200);
      const opened = await api({
        method: 'POST',
        url: '/prod-api/business/customer',
        payload: {
          accountNo: `A${meterNo}`,
          name,
          phone: '13800000009',
          customerTypeId: customerType.customerTypeId,
          meterId: meter.json().data.meterId,
        },
      });
      expect(opened.json().code, JSON.stringify(opened.json())).toBe(200);
    }
    // A meter without an account belongs to whoever registered it.
    await (await northClerk())({
      method: 'POST',
      url: '/prod-api/business/meter',
      payload: { meterNo: '8100004', meterTypeId: meterType.meterTypeId },
    });

    /** What a clerk sees: account holders, meter numbers, user names. */
    const seen = async (as: () => Promise<ReturnType<typeof injectAs>>) => {
      const api = await as();
      const customers = (await api('/prod-api/business/customer/list?pageSize=50&meterNo=8100')).json().rows;
      const meters = (await api('/prod-api/business/meter/list?pageSize=50&meterNo=8100')).json().rows;
      const users = (
        await api({ method: 'POST', url: '/prod-api/system/user/list', payload: { pageSize: 50 } })
      ).json().rows;
      return {
        customers: customers.map((c: { name: string }) => c.name).sort(),
        meters: meters.map((m: { meterNo: string }) => m.meterNo).sort(),
        users: users.map((u: { userName: string }) => u.userName).sort(),
      };
    };
    /** The data scope as RuoYi's dialog sends it: the whole role form with the scope and the ticked departments. */
    const setScope = async (dataScope: string, deptIds: string[] = []) => {
      const form = (await admin(`/prod-api/system/role/${role.roleId}`)).json().data;
      const res = await admin({
        method: 'PUT',
        url: '/prod-api/system/role/dataScope',
        payload: { ...form, dataScope, deptIds },
      });
      expect(res.json().code, JSON.stringify(res.json())).toBe(200);
      return res.json().data;
    };

    // 1, the default: everything.
    expect((await seen(northClerk)).customers).toEqual(['Head Holder', 'North Holder', 'South Holder']);

    // 3: the own department.
    await setScope('3');
    expect(await seen(northClerk)).toEqual({
      customers: ['North Holder'],
      meters: ['8100001', '8100004'],
      users: ['north_clerk'],
    });

    // 4: the own department and those below it.
    await setScope('4');
    expect(await seen(headClerk)).toEqual({
      customers: ['Head Holder', 'North Holder', 'South Holder'],
      meters: ['8100001', '8100002', '8100003', '8100004'],
      users: ['head_clerk', 'north_clerk', 'south_clerk'],
    });
    expect((await seen(southClerk)).customers).toEqual(['South Holder']);

    // 2: chosen departments, ticked in the role's department tree.
    expect((await setScope('2', [south])).deptIds).toEqual([south]);
    const tree = (await admin(`/prod-api/system/role/deptTree/${role.roleId}`)).json();
    expect(tree.checkedKeys).toEqual([south]);
    const headNode = tree.depts.find((d: { id: string }) => d.id === head);
    expect(headNode.children.map((d: { label: string }) => d.label).sort()).toEqual([
      'Scope north',
      'Scope south',
    ]);
    expect(tree.data).toEqual({ depts: tree.depts, checkedKeys: tree.checkedKeys });
    expect((await seen(northClerk)).customers).toEqual(['South Holder']);

    // 5: own records only.
    await setScope('5');
    expect(await seen(northClerk)).toEqual({
      customers: ['North Holder'],
      meters: ['8100001', '8100004'],
      users: ['north_clerk'],
    });

    // Several roles: the union of their scopes.
    const wide = (
      await admin({
        method: 'POST',
        url: '/prod-api/system/role',
        payload: { roleName: 'South desk', roleKey: 'south_desk', menuIds: ['customer', 'customer.account'] },
      })
    ).json().data;
    await admin({
      method: 'PUT',
      url: '/prod-api/system/role/dataScope',
      payload: { roleId: wide.roleId, dataScope: '2', deptIds: [south] },
    });
    const users = (
      await admin({ method: 'POST', url: '/prod-api/system/user/list', payload: { userName: 'north_clerk' } })
    ).json().rows;
    const northUser = users[0];
    await admin({
      method: 'PUT',
      url: '/prod-api/system/user',
      payload: { ...northUser, roleIds: [role.roleId, wide.roleId] },
    });
    expect((await seen(northClerk)).customers).toEqual(['North Holder', 'South Holder']);

    // Refusals: a custom scope needs departments of the tenant; the administrator role keeps seeing all.
    const form = (await admin(`/prod-api/system/role/${role.roleId}`)).json().data;
    const empty = await admin({
      method: 'PUT',
      url: '/prod-api/system/role/dataScope',
      payload: { ...form, dataScope: '2', deptIds: [] },
    });
    expect(empty.json().key).toBe('error.role.dataScopeNoDepts');
    const foreign = await admin({
      method: 'PUT',
      url: '/prod-api/system/role/dataScope',
      payload: { ...form, dataScope: '2', deptIds: ['00000000-0000-7000-8000-00000000dead'] },
    });
    expect(foreign.json().key).toBe('error.dept.notFound');
    const adminRole = (await admin('/prod-api/system/role/list?pageSize=50'))
      .json()
      .rows.find((r: { admin: boolean }) => r.admin);
    const builtIn = await admin({
      method: 'PUT',
      url: '/prod-api/system/role/dataScope',
      payload: { roleId: adminRole.roleId, dataScope: '5' },
    });
    expect(builtIn.json().key).toBe('error.role.builtIn');
    expect((await seen(async () => admin)).customers).toEqual([
      'Head Holder',
      'North Holder',
      'South Holder',
    ]);
    const bad = await admin({
      method: 'PUT',
      url: '/prod-api/system/role/dataScope',
      payload: { ...form, dataScope: '6' },
    });
    expect(bad.statusCode).toBe(400);
  });
});
