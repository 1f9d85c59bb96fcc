import { roleDecider, streamName, tenantDecider, userDecider } from '@hydrolog/domain';
import { testEngines } from '@hydrolog/eventstore/testing';
import { tenantSettingsSchema, uuidv7 } from '@hydrolog/schemas';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../src/auth/crypto.ts';
import { execute } from '../src/commands.ts';
import { administratorRole, provisionTenant } from '../src/platform/index.ts';
import type { Services } from '../src/services.ts';
import { ACCOUNTS, injectAs, login, loginResponse, startApi, TINY_PNG } from './support.ts';

describe.each(testEngines())('tenant lifecycle on $engine', (engine) => {
  let app: FastifyInstance;
  let services: Services;
  let operator: ReturnType<typeof injectAs>;
  beforeAll(async () => {
    ({ app, services } = await startApi(engine));
    operator = injectAs(app, await login(app, ...ACCOUNTS.platformAdmin));
  });
  afterAll(async () => {
    await app.close();
    await services.close();
  });

  it('creates a tenant with its administrator, who signs in with the initial password answered once', async () => {
    const res = await operator({
      method: 'POST',
      url: '/prod-api/system/tenant',
      payload: { name: 'Lake Water', admin: { userName: 'lake_admin', nickName: 'Lake admin' } },
    });
    expect(res.json()).toMatchObject({
      code: 200,
      data: { name: 'Lake Water', status: 'active', admin: { userName: 'lake_admin' } },
    });
    const lakeAdmin = injectAs(app, await login(app, 'lake_admin', res.json().data.admin.initialPassword));
    expect((await lakeAdmin('/prod-api/system/user/getInfo')).json().data).toMatchObject({
      initPassword: true,
      roles: ['admin'],
      permissions: ['*:*:*'],
      tenant: { tenantName: 'Lake Water' },
    });
    const taken = await operator({
      method: 'POST',
      url: '/prod-api/system/tenant',
      payload: { name: 'Copy Water', admin: { userName: 'lake_admin', nickName: 'Copy' } },
    });
    expect(taken.json().key).toBe('error.user.exists');
    const copies = (await operator('/prod-api/system/tenant/list?name=Copy')).json();
    expect(copies.total).toBe(0);
  });

  it('provisions a tenant whole or not at all: a user name taken at the append leaves no tenant', async () => {
    const tenantId = uuidv7();
    const roleId = uuidv7();
    const createdAt = new Date().toISOString();
    const provision = provisionTenant(
      services.store,
      {
        tenant: {
          tenantId,
          name: 'Half Water',
          kind: 'utility',
          trial: false,
          createdAt,
          settings: tenantSettingsSchema.parse({}),
        },
        roles: [administratorRole(roleId)],
        users: [
          {
            userId: uuidv7(),
            // Past every check before the append: only the users' unique index refuses it.
            userName: ACCOUNTS.demoAdmin[0],
            nickName: 'Half admin',
            email: null,
            phonenumber: null,
            password: 'Half1234',
            initialPassword: true,
            roleIds: [roleId],
            deptId: null,
            createdAt,
          },
        ],
      },
      { metadata: { tenantId, correlationId: uuidv7() }, taken: 'error.user.exists' },
    );
    await expect(provision).rejects.toMatchObject({ key: 'error.user.exists' });
    expect(await services.store.readStream(streamName(tenantDecider, tenantId))).toEqual([]);
    expect(await services.store.readStream(streamName(roleDecider, roleId))).toEqual([]);
  });

  it("suspends a tenant: its users' sessions end and they cannot log in until it is resumed", async () => {
    const demoTenant = '00000000-0000-7000-8000-000000000002';
    const viewer = injectAs(app, await login(app, ...ACCOUNTS.demoViewer));
    const suspended = await operator({ method: 'PUT', url: `/prod-api/system/tenant/suspend/${demoTenant}` });
    expect(suspended.json()).toMatchObject({ code: 200, data: { status: 'suspended' } });
    expect((await viewer('/prod-api/system/user/getInfo')).json()).toMatchObject({
      code: 100102000002,
      key: 'error.tenant.suspended',
    });
    expect((await loginResponse(app, ...ACCOUNTS.demoViewer)).json().key).toBe('error.tenant.suspended');
    await operator({ method: 'PUT', url: `/prod-api/system/tenant/resume/${demoTenant}` });
    expect((await loginResponse(app, ...ACCOUNTS.demoViewer)).json().code).toBe(200);
    const platform = await operator({
      method: 'PUT',
      url: '/prod-api/system/tenant/suspend/00000000-0000-7000-8000-000000000001',
    });
    expect(platform.json().key).toBe('error.tenant.platform');
  });

  it("takes a tenant's logo, which the tenant's users then see", async () => {
    const boundary = '----hydrolog';
    const png = TINY_PNG;
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="logofile"; filename="logo.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      png,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const res = await operator({
      method: 'POST',
      url: '/prod-api/system/tenant/logo/00000000-0000-7000-8000-000000000003',
      payload,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    const logoUrl = res.json().data.logoUrl;
    expect(logoUrl).toMatch(/^\/uploads\/logo\/.+\.png$/);
    const trial = injectAs(app, await login(app, ...ACCOUNTS.trialAdmin));
    expect((await trial('/prod-api/system/user/getTenant')).json().data).toEqual({
      tenantName: 'Trial Water Co.',
      logoUrl,
    });
  });

  it('leaves a tenant whose trial has ended readable but not writable', async () => {
    const tenantId = uuidv7();
    const roleId = uuidv7();
    const userId = uuidv7();
    const metadata = { metadata: { tenantId, correlationId: uuidv7() } };
    const createdAt = new Date(Date.now() - 200 * 86_400_000).toISOString();
    await execute(
      services.store,
      tenantDecider,
      tenantId,
      [
        {
          type: 'CreateTenant',
          tenantId,
          name: 'Old Trial',
          kind: 'utility',
          trial: true,
          createdAt,
          settings: tenantSettingsSchema.parse({}),
        },
      ],
      metadata,
    );
    await execute(
      services.store,
      roleDecider,
      roleId,
      [
        {
          type: 'CreateRole',
          roleId,
          tenantId,
          roleName: 'Administrator',
          roleKey: 'admin',
          roleType: 'general',
          menuIds: [],
          allPermissions: true,
          unknownMenus: 0,
        },
      ],
      metadata,
    );
    await execute(
      services.store,
      userDecider,
      userId,
      [
        {
          type: 'CreateUser',
          userId,
          tenantId,
          userName: 'old_trial',
          nickName: 'Old trial',
          email: null,
          phonenumber: null,
          passwordHash: await hashPassword('Trial999'),
          initialPassword: false,
          roleIds: [roleId],
          deptId: null,
          createdAt,
        },
      ],
      metadata,
    );
    const api = injectAs(app, await login(app, 'old_trial', 'Trial999'));
    expect((await api('/prod-api/system/user/getInfo')).json().data.tenant).toMatchObject({
      trial: true,
      trialDaysLeft: 0,
    });
    expect((await api({ method: 'POST', url: '/prod-api/system/user/list', payload: {} })).json().code).toBe(
      200,
    );
    const write = await api({
      method: 'POST',
      url: '/prod-api/system/dept',
      payload: { deptName: 'New' },
      headers: { 'content-language': 'en' },
    });
    expect(write.statusCode).toBe(403);
    expect(write.json().msg).toBe('The trial has ended: data is read-only');
  });
});
