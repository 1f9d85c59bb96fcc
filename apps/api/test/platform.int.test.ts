import { testEngines } from '@hydrolog/eventstore/testing';
import { COUNTRIES } from '@hydrolog/schemas';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Services } from '../src/services.ts';
import { ACCOUNTS, encryptPassword, injectAs, login, startApi } from './support.ts';

type As = ReturnType<typeof injectAs>;

describe.each(testEngines())('carriers, regions, third parties and agents on $engine', (engine) => {
  let app: FastifyInstance;
  let services: Services;
  let operator: As;
  let demoAdmin: As;
  /** A platform operator whose role grants the carrier list and nothing else. */
  let carrierViewer: As;
  let agentId: string;
  let agentRoleId: string;

  /** A platform user with these menus, past the forced change of the initial password. */
  async function platformUser(userName: string, roleKey: string, menuIds: string[], roleType = 'general') {
    const role = await operator({
      method: 'POST',
      url: '/prod-api/system/role',
      payload: { roleName: roleKey, roleKey, roleType, menuIds },
    });
    const roleId = role.json().data.roleId as string;
    const created = await operator({
      method: 'POST',
      url: '/prod-api/system/user',
      payload: { userName, nickName: userName, roleIds: [roleId] },
    });
    const { userId, initialPassword } = created.json().data;
    const first = injectAs(app, await login(app, userName, initialPassword));
    await first({
      method: 'PUT',
      url: '/prod-api/system/user/profile/updatePwd',
      query: {
        oldPassword: await encryptPassword(app, initialPassword),
        newPassword: await encryptPassword(app, 'Fresh1234'),
      },
    });
    return { roleId, userId: userId as string, as: injectAs(app, await login(app, userName, 'Fresh1234')) };
  }

  beforeAll(async () => {
    ({ app, services } = await startApi(engine));
    operator = injectAs(app, await login(app, ...ACCOUNTS.platformAdmin));
    demoAdmin = injectAs(app, await login(app, ...ACCOUNTS.demoAdmin));
    carrierViewer = (await platformUser('carrier_viewer', 'carrier_viewer', ['tenant', 'tenant.carrier'])).as;
    const seller = await platformUser('agent_li', 'agent_role', [], 'agent');
    agentId = seller.userId;
    agentRoleId = seller.roleId;
  });
  afterAll(async () => {
    await app.close();
    await services.close();
  });

  it('keeps the shared country table whole: unique ISO codes, dial codes with their plus sign', () => {
    expect(COUNTRIES.length).toBeGreaterThan(230);
    expect(new Set(COUNTRIES.map((c) => c.code)).size).toBe(COUNTRIES.length);
    expect(
      COUNTRIES.every((c) => /^[A-Z]{2}$/.test(c.code) && /^\+\d{1,4}(-\d{1,4})?$/.test(c.dialCode)),
    ).toBe(true);
    expect(COUNTRIES.find((c) => c.code === 'CN')?.dialCode).toBe('+86');
    expect(COUNTRIES.find((c) => c.code === 'ID')?.dialCode).toBe('+62');
  });

  it('adds, lists, changes and deletes carriers; name and message length are required', async () => {
    const add = (payload: object) => operator({ method: 'POST', url: '/prod-api/tenant/carrier', payload });
    const mobile = await add({ carrierName: 'China Mobile', country: 'CN', areaCode: '+86', smsLength: 70 });
    expect(mobile.json()).toMatchObject({ code: 200, data: { carrierName: 'China Mobile', smsLength: 70 } });
    await add({ carrierName: 'Telkomsel', country: 'ID', areaCode: '+62', smsLength: 160 });
    const missing = await add({ carrierName: '', country: 'CN', areaCode: '+86' });
    expect(missing.statusCode).toBe(400);
    expect(
      missing
        .json()
        .errors.map((e: { field: string }) => e.field)
        .sort(),
    ).toEqual(['carrierName', 'smsLength']);
    expect((await add({ carrierName: 'X', country: 'ZZ', areaCode: '+86', smsLength: 70 })).json().key).toBe(
      'error.carrier.unknownCountry',
    );
    expect((await add({ carrierName: 'X', country: 'CN', areaCode: '86', smsLength: 70 })).statusCode).toBe(
      400,
    );

    const list = (await operator('/prod-api/tenant/carrier/list?country=ID')).json();
    expect(list).toMatchObject({ total: 1, rows: [{ carrierName: 'Telkomsel' }] });
    const { carrierId } = mobile.json().data;
    const changed = await operator({
      method: 'PUT',
      url: '/prod-api/tenant/carrier',
      payload: { carrierId, carrierName: 'China Mobile', country: 'CN', areaCode: '+86', smsLength: 67 },
    });
    expect(changed.json().data.smsLength).toBe(67);
    const unknownId = '01890000-0000-7000-8000-000000000000';
    const unknownChange = await operator({
      method: 'PUT',
      url: '/prod-api/tenant/carrier',
      payload: { carrierId: unknownId, carrierName: 'X', country: 'CN', areaCode: '+86', smsLength: 70 },
    });
    expect(unknownChange.json().key).toBe('error.carrier.notFound');
    // A batch with an unknown id is refused whole: the known carrier stays.
    const withUnknown = `/prod-api/tenant/carrier/${carrierId},${unknownId}`;
    expect((await operator({ method: 'DELETE', url: withUnknown })).json().key).toBe(
      'error.carrier.notFound',
    );
    expect((await operator(`/prod-api/tenant/carrier/${carrierId}`)).json().code).toBe(200);
    expect(
      (await operator({ method: 'DELETE', url: `/prod-api/tenant/carrier/${carrierId}` })).json().code,
    ).toBe(200);
    expect((await operator(`/prod-api/tenant/carrier/${carrierId}`)).json().key).toBe(
      'error.carrier.notFound',
    );
  });

  it('keeps top regions and sub-regions; a region with sub-regions stays', async () => {
    const add = (payload: object) => operator({ method: 'POST', url: '/prod-api/tenant/region', payload });
    const asia = (await add({ regionName: 'Asia' })).json().data;
    const east = (await add({ regionName: 'East Asia', parentId: asia.regionId })).json().data;
    expect(east.parentId).toBe(asia.regionId);
    expect((await add({ regionName: 'East Asia', parentId: asia.regionId })).json().key).toBe(
      'error.region.exists',
    );
    expect((await add({ regionName: '' })).statusCode).toBe(400);
    expect(
      (await add({ regionName: 'Lost', parentId: '00000000-0000-7000-8000-000000000999' })).json().key,
    ).toBe('error.region.notFound');
    const loop = await operator({
      method: 'PUT',
      url: '/prod-api/tenant/region',
      payload: { regionId: asia.regionId, regionName: 'Asia', parentId: east.regionId },
    });
    expect(loop.json().key).toBe('error.region.parentLoop');
    const remove = (id: string) => operator({ method: 'DELETE', url: `/prod-api/tenant/region/${id}` });
    expect((await remove(asia.regionId)).json().key).toBe('error.region.hasChildren');
    const renamed = await operator({
      method: 'PUT',
      url: '/prod-api/tenant/region',
      payload: { regionId: east.regionId, regionName: 'Eastern Asia', parentId: asia.regionId },
    });
    expect(renamed.json().data.regionName).toBe('Eastern Asia');
    expect((await remove(east.regionId)).json().code).toBe(200);
    expect((await remove(asia.regionId)).json().code).toBe(200);
    expect((await operator('/prod-api/tenant/region/list')).json().data).toEqual([]);
  });

  it('recharges agents, sums every movement into the balance and refuses to go below zero', async () => {
    const agents = (await operator('/prod-api/system/agent/list')).json();
    expect(agents).toMatchObject({
      total: 1,
      rows: [{ userName: 'agent_li', balance: 0, purchaseMethod: null }],
    });

    const recharge = (payload: object) =>
      operator({ method: 'POST', url: '/prod-api/system/user/agentRecharge', payload });
    const withdraw = (payload: object) =>
      operator({ method: 'POST', url: '/prod-api/system/user/agentWithdraw', payload });
    expect((await recharge({ userId: agentId, amount: 100.1 })).json().data).toMatchObject({
      balance: 100.1,
      rechargeTotal: 100.1,
      rechargeCount: 1,
    });
    expect((await recharge({ userId: agentId, amount: 50.25 })).json().data.balance).toBe(150.35);
    expect((await withdraw({ userId: agentId, amount: 200 })).json()).toMatchObject({
      code: 500,
      key: 'error.agent.balanceInsufficient',
      msg: 'Account balance insufficient',
    });
    expect(
      (await withdraw({ userId: agentId, amount: 150.35, remark: 'Paid out' })).json().data,
    ).toMatchObject({
      balance: 0,
      rechargeTotal: 150.35,
    });
    const movements = (await operator(`/prod-api/system/agent/movements?userId=${agentId}`)).json();
    expect(
      movements.rows.map((m: { kind: string; balanceAfter: number }) => [m.kind, m.balanceAfter]),
    ).toEqual([
      ['withdrawal', 0],
      ['recharge', 150.35],
      ['recharge', 100.1],
    ]);
    expect((await services.store.readStream(`agentaccount-${agentId}`)).map((e) => e.type)).toEqual([
      'AgentRecharged',
      'AgentRecharged',
      'AgentWithdrawn',
    ]);

    for (const amount of [0, -5, 1.234, '10']) {
      expect((await recharge({ userId: agentId, amount })).statusCode).toBe(400);
    }
    // Only users with an agent-type role are agents.
    const operatorId = '00000000-0000-7000-8000-000000000201';
    expect((await recharge({ userId: operatorId, amount: 1 })).json().key).toBe('error.agent.notFound');
    expect(agentRoleId).toBeTruthy();
  });

  it('records recharges through a third-party platform as its recharge records', async () => {
    const add = (payload: object) =>
      operator({ method: 'POST', url: '/prod-api/tenant/thirdParty', payload });
    const wallet = (await add({ code: 'WALLET', name: 'Mobile wallet' })).json().data;
    expect((await add({ code: 'wallet', name: 'Again' })).json().key).toBe('error.thirdParty.codeExists');
    expect((await add({ code: 'bad code', name: 'X' })).statusCode).toBe(400);

    const recharge = (payload: object) =>
      operator({ method: 'POST', url: '/prod-api/system/user/agentRecharge', payload });
    // The agent does not buy through a third party yet.
    expect(
      (await recharge({ userId: agentId, amount: 10, thirdPartyId: wallet.thirdPartyId })).json().key,
    ).toBe('error.agent.thirdPartyMismatch');
    const method = await operator({
      method: 'PUT',
      url: '/prod-api/system/agent/purchaseMethod',
      payload: { userId: agentId, purchaseMethod: '2' },
    });
    expect(method.json().data.purchaseMethod).toBe('2');
    expect((await recharge({ userId: agentId, amount: 10 })).json().key).toBe(
      'error.agent.thirdPartyMismatch',
    );
    expect(
      (await recharge({ userId: agentId, amount: 10, thirdPartyId: wallet.thirdPartyId })).json().code,
    ).toBe(200);

    const records = (
      await operator(`/prod-api/tenant/thirdParty/recharge/list?thirdPartyId=${wallet.thirdPartyId}`)
    ).json();
    expect(records).toMatchObject({
      total: 1,
      rows: [{ userName: 'agent_li', amount: 10, kind: 'recharge' }],
    });
    expect((await operator(`/prod-api/tenant/thirdParty/${wallet.thirdPartyId}`)).json().data).toMatchObject({
      rechargeCount: 1,
      rechargeTotal: 10,
    });
    expect(
      (await operator({ method: 'DELETE', url: `/prod-api/tenant/thirdParty/${wallet.thirdPartyId}` })).json()
        .key,
    ).toBe('error.thirdParty.hasRecharges');
    const spare = (await add({ code: 'POSNET', name: 'POS network' })).json().data;
    expect(
      (await operator({ method: 'DELETE', url: `/prod-api/tenant/thirdParty/${spare.thirdPartyId}` })).json()
        .code,
    ).toBe(200);
  });

  it('refuses utilities, operators without the permission, and ids that are not agents of the platform', async () => {
    for (const url of [
      '/prod-api/tenant/carrier/list',
      '/prod-api/tenant/region/list',
      '/prod-api/tenant/thirdParty/list',
      '/prod-api/system/agent/list',
    ]) {
      expect((await demoAdmin(url)).statusCode).toBe(403);
    }
    expect(
      (
        await demoAdmin({
          method: 'POST',
          url: '/prod-api/system/user/agentRecharge',
          payload: { userId: agentId, amount: 1 },
        })
      ).statusCode,
    ).toBe(403);

    expect((await carrierViewer('/prod-api/tenant/carrier/list')).statusCode).toBe(200);
    const refused = await carrierViewer({
      method: 'POST',
      url: '/prod-api/tenant/carrier',
      payload: { carrierName: 'X', country: 'CN', areaCode: '+86', smsLength: 70 },
    });
    expect(refused.statusCode).toBe(403);
    expect((await carrierViewer('/prod-api/system/agent/list')).statusCode).toBe(403);
    expect(
      (
        await carrierViewer({
          method: 'POST',
          url: '/prod-api/system/user/agentRecharge',
          payload: { userId: agentId, amount: 1 },
        })
      ).statusCode,
    ).toBe(403);

    // A user of another tenant is no agent of the platform, whatever its roles.
    const demoUser = '00000000-0000-7000-8000-000000000203';
    expect(
      (
        await operator({
          method: 'POST',
          url: '/prod-api/system/user/agentRecharge',
          payload: { userId: demoUser, amount: 1 },
        })
      ).json().key,
    ).toBe('error.agent.notFound');
    expect((await operator(`/prod-api/system/agent/movements?userId=${demoUser}`)).json().key).toBe(
      'error.agent.notFound',
    );
  });

  it('rebuilds the carriers, regions, third parties and agent accounts from the log with equal checksums', async () => {
    const summary = await services.runner.verify('platform');
    expect(summary.events).toBeGreaterThan(0);
    expect(summary.tables.filter((t) => t.live !== t.shadow)).toEqual([]);
    expect(summary.equal).toBe(true);
  });
});
