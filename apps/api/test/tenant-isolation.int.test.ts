import { testEngines } from '@hydrolog/eventstore/testing';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Services } from '../src/services.ts';
import { ACCOUNTS, injectAs, login, startApi } from './support.ts';

const DEMO_TENANT = '00000000-0000-7000-8000-000000000002';
const demoId = (n: number) => `00000000-0000-7000-8000-${String(n).padStart(12, '0')}`;
const DEMO_USERS = [202, 203, 204, 205].map(demoId);
const DEMO_ROLES = [102, 103, 104].map(demoId);

/** Routes anyone may call: they act on the account they are given, never on the caller's tenant. */
const PUBLIC_ROUTES = [
  'GET /prod-api/health',
  'GET /prod-api/auth/publicKey',
  'GET /prod-api/auth/code',
  'POST /prod-api/auth/login',
  'DELETE /prod-api/auth/logout',
  'POST /prod-api/system/msg/send',
  'PUT /prod-api/system/user/reset/password',
  'POST /prod-api/system/msg/check',
  'POST /prod-api/auth/register',
];

describe.each(testEngines())('tenant isolation on $engine', (engine) => {
  let app: FastifyInstance;
  let services: Services;
  beforeAll(async () => {
    ({ app, services } = await startApi(engine));
  });
  afterAll(async () => {
    await app.close();
    await services.close();
  });

  /** Reading a log: called first, before the walk fills the caller's own operation log with what it sent. */
  const readsLog = (r: { method: string; url: string }) =>
    r.method === 'GET' && /\/monitor\/\w+\/list$/.test(r.url);

  it('declares who may call every route; the public ones are exactly the known few', async () => {
    const open = app.apiRoutes.filter((r) => 'public' in r.access).map((r) => `${r.method} ${r.url}`);
    expect(open.sort()).toEqual([...PUBLIC_ROUTES].sort());
    const bare = await startApi(engine);
    try {
      expect(() => bare.app.get('/prod-api/forgotten', async () => 'x')).not.toThrow(); // outside the guarded scope
    } finally {
      await bare.app.close();
      await bare.services.close();
    }
  });

  it('gives a user of another tenant nothing of the first tenant through any route, called with its real ids', async () => {
    // The first tenant is in use: a live session and its ids.
    const demoToken = await login(app, ...ACCOUNTS.demoAdmin);
    const { rows: sessions } = await services.db.query<{ session_id: string }>(
      'SELECT session_id::text FROM sessions WHERE tenant_id = $1',
      [DEMO_TENANT],
    );
    const secrets = [
      DEMO_TENANT,
      ...DEMO_USERS,
      ...DEMO_ROLES,
      ...sessions.map((s) => s.session_id),
      demoToken,
      'demo_admin',
      'demo_operator',
      'demo_viewer',
      'demo_newcomer',
      'Demo Water Utility',
      'Demo boss',
      '13800000001',
      'viewer@demo.example',
    ];
    const paramValue: Record<string, string> = {
      tenantId: DEMO_TENANT,
      ids: DEMO_USERS.join(','),
      configKey: 'sys.user.initPassword',
      dictType: 'alarm_status',
      userName: 'demo_viewer',
    };
    const eventsOfDemo = async () =>
      (
        await services.db.query<{ count: number }>(
          'SELECT count(*)::int AS count FROM es.events WHERE tenant_id = $1',
          [DEMO_TENANT],
        )
      ).rows[0]!.count;

    // The first tenant has an operation log too (a command of its administrator).
    const demoAdmin = injectAs(app, demoToken);
    await demoAdmin({
      method: 'PUT',
      url: '/prod-api/system/user/profile',
      payload: { nickName: 'Demo boss' },
    });
    const before = await eventsOfDemo();
    // The device screen's live stream never ends, so inject cannot read it: device-screen-live.int.test.ts
    // follows it over a real connection and checks that another tenant is sent nothing of this one.
    const routes = app.apiRoutes
      .filter((r) => !('public' in r.access) && !r.url.endsWith('/device/screen/live'))
      .sort((a, b) => Number(!readsLog(a)) - Number(!readsLog(b)));
    for (const route of routes) {
      // A fresh session each time: a route may end it (logout) or change the caller's password.
      const asTrial = injectAs(app, await login(app, ...ACCOUNTS.trialAdmin));
      const url = route.url.replace(/:(\w+)/g, (_, name: string) => paramValue[name] ?? DEMO_USERS[0]!);
      const res = await asTrial({
        method: route.method as 'GET',
        url,
        query: { userId: DEMO_USERS[0]!, tenantId: DEMO_TENANT, oldPassword: 'x', newPassword: 'y' },
        ...(route.method === 'GET' || route.method === 'DELETE'
          ? {}
          : {
              payload: {
                tenantId: DEMO_TENANT,
                userId: DEMO_USERS[0],
                roleId: DEMO_ROLES[0],
                version: 0,
                name: 'Taken over',
                nickName: 'Taken over',
                language: 'en',
              },
            }),
      });
      for (const secret of secrets) {
        expect(res.body, `${route.method} ${route.url} answered ${secret}`).not.toContain(secret);
      }
    }
    expect(routes.length).toBeGreaterThan(20);
    expect(await eventsOfDemo()).toBe(before);
  });
});
