import { testEngines } from '@hydrolog/eventstore/testing';
import { withTenant } from '@hydrolog/projections';
import { PLATFORM_TENANT_ID } from '@hydrolog/schemas';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CaptchaStore } from '../src/auth/captcha.ts';
import type { Services } from '../src/services.ts';
import { ACCOUNTS, encryptPassword, injectAs, login, loginResponse, startApi, TINY_PNG } from './support.ts';

const DEMO_TENANT = '00000000-0000-7000-8000-000000000002';

describe.each(testEngines())('identity on $engine', (engine) => {
  let app: FastifyInstance;
  let services: Services;
  let captchas: CaptchaStore;
  beforeAll(async () => {
    ({ app, services, captchas } = await startApi(engine));
  });
  afterAll(async () => {
    await app.close();
    await services.close();
  });

  const asPlatform = async () => injectAs(app, await login(app, ...ACCOUNTS.platformAdmin));
  const setConfig = async (configKey: string, configValue: string, as?: ReturnType<typeof injectAs>) => {
    const api = as ?? (await asPlatform());
    const list = await api(`/prod-api/system/config/list?configKey=${configKey}`);
    const { configId, configName, configType } = list.json().rows[0];
    const res = await api({
      method: 'PUT',
      url: '/prod-api/system/config',
      payload: { configId, configName, configKey, configType, configValue },
    });
    expect(res.json()).toMatchObject({ code: 200 });
  };

  it('refuses every signed-in route without a token (401) and with an unknown one', async () => {
    const none = await app.inject({
      url: '/prod-api/system/user/getInfo',
      headers: { 'content-language': 'fr' },
    });
    expect(none.statusCode).toBe(401);
    expect(none.json()).toMatchObject({
      code: 401,
      msg: "Échec de l'authentification, ressources système inaccessibles",
    });
    const unknown = await injectAs(app, 'not-a-token')('/prod-api/system/user/getInfo');
    expect(unknown.statusCode).toBe(401);
  });

  it('checks the captcha when it is enabled: wrong, reused and right answers', async () => {
    const operator = await asPlatform(); // signed in before the captcha is required
    await setConfig('sys.account.captchaEnabled', 'true', operator);
    const code = async () => (await app.inject('/prod-api/auth/code')).json().data;
    const first = await code();
    expect(first).toMatchObject({
      captchaEnabled: true,
      img: expect.stringMatching(/^data:image\/svg\+xml;base64,/),
    });
    // Drawn as shapes: the answer is not in the image's source.
    const svg = Buffer.from(first.img.split(',')[1], 'base64').toString();
    expect(svg).not.toContain('<text');
    expect(svg).not.toContain(captchas.peek(first.uuid));
    const wrong = await loginResponse(app, ...ACCOUNTS.demoAdmin, { uuid: first.uuid, code: 'XXXX' });
    expect(wrong.json()).toMatchObject({ code: 500, key: 'error.login.captchaWrong' });
    const reused = await loginResponse(app, ...ACCOUNTS.demoAdmin, { uuid: first.uuid, code: 'XXXX' });
    expect(reused.json()).toMatchObject({ code: 500, key: 'error.login.captchaExpired' });
    const second = await code();
    const right = await loginResponse(app, ...ACCOUNTS.demoAdmin, {
      uuid: second.uuid,
      code: captchas.peek(second.uuid),
    });
    expect(right.json()).toMatchObject({
      code: 200,
      data: { access_token: expect.any(String), expires_in: 720 },
    });
    await setConfig('sys.account.captchaEnabled', 'false', operator);
    expect((await code()).captchaEnabled).toBe(false);
  });

  it('logs in by user name, email or phone; refuses a wrong password and an undecryptable one', async () => {
    expect((await loginResponse(app, 'DEMO_ADMIN', 'Demo1234')).json().code).toBe(200);
    expect((await loginResponse(app, '13800000001', 'Demo1234')).json().code).toBe(200);
    expect((await loginResponse(app, 'viewer@demo.example', 'View1234')).json().code).toBe(200);
    const trial = injectAs(app, await login(app, ...ACCOUNTS.trialAdmin));
    expect((await trial('/prod-api/system/user/getInfo')).json().data).toMatchObject({
      userType: '02',
      tenant: { tenantName: 'Trial Water Co.', trial: true, trialDaysLeft: 180 },
    });
    const wrong = await loginResponse(app, 'demo_operator', 'Wrong123');
    expect(wrong.json()).toMatchObject({ code: 500, key: 'error.login.badCredentials' });
    const unknown = await loginResponse(app, 'nobody_here', 'Wrong123');
    expect(unknown.json()).toMatchObject({ code: 500, key: 'error.login.badCredentials' });
    const plain = await app.inject({
      method: 'POST',
      url: '/prod-api/auth/login',
      payload: { username: 'demo_admin', password: 'Demo1234' },
    });
    expect(plain.json()).toMatchObject({ code: 500, key: 'error.login.undecryptable' });
    const empty = await app.inject({
      method: 'POST',
      url: '/prod-api/auth/login',
      payload: { username: '', password: '' },
    });
    expect(empty.statusCode).toBe(400);
  });

  it('locks an account for the configured time after the configured wrong passwords, and logs every attempt', async () => {
    await setConfig('sys.account.maxRetryCount', '3');
    // The wrong passwords, the one that locks and those while locked read alike: a guesser learns nothing.
    for (let i = 0; i < 4; i++) {
      expect((await loginResponse(app, 'trial_admin', 'Wrong123')).json().key).toBe(
        'error.login.badCredentials',
      );
    }
    const right = await loginResponse(app, ...ACCOUNTS.trialAdmin);
    expect(right.json()).toMatchObject({
      code: 500,
      key: 'error.login.locked',
      msg: expect.stringContaining('10'),
    });
    await setConfig('sys.account.maxRetryCount', '5');
    const { rows } = await services.db.query<{
      status: string;
      msg: string;
      browser: string;
      os: string;
      ipaddr: string;
    }>(
      `SELECT status, msg, browser, os, ipaddr FROM login_log WHERE user_name = 'trial_admin' AND status = '1' ORDER BY login_time`,
    );
    expect(rows.map((r) => r.msg)).toEqual([
      'error.login.badCredentials',
      'error.login.badCredentials',
      'error.login.badCredentials',
      'error.login.badCredentials',
      'error.login.locked',
    ]);
    expect(rows[0]).toMatchObject({ status: '1', browser: 'Chrome 156', os: 'Linux', ipaddr: '127.0.0.1' });
  });

  it('answers the session of spec section 3 and the menu tree each role allows', async () => {
    const viewer = injectAs(app, await login(app, ...ACCOUNTS.demoViewer));
    const info = (await viewer('/prod-api/system/user/getInfo')).json().data;
    expect(info).toMatchObject({
      user: { userName: 'demo_viewer', tenantId: DEMO_TENANT },
      tenant: { tenantName: 'Demo Water Utility', kind: 'utility', trial: false },
      roles: ['viewer'],
      userType: '00',
      initPassword: false,
      currencyUnit: 'CNY',
    });
    expect(info.permissions).toContain('business:meter:list');
    expect(info.permissions).toContain('business:meter:query');
    expect(info.permissions).not.toContain('business:meter:add');
    const menus = (
      await viewer({ url: '/prod-api/system/menu/getRouters', headers: { 'content-language': 'fr' } })
    ).json().data;
    const top = menus.map((m: { path: string }) => m.path);
    expect(top).toContain('/meter');
    expect(top).not.toContain('/system');
    expect(top).not.toContain('/tenant');
    const meter = menus.find((m: { path: string }) => m.path === '/meter');
    expect(meter).toMatchObject({ component: 'Layout', meta: { title: 'Compteurs' }, alwaysShow: true });
    expect(meter.children[0]).toMatchObject({
      path: 'list',
      component: 'business/meter/index',
      hidden: false,
    });

    const trial = injectAs(app, await login(app, 'trial_admin', 'Trial123').catch(() => ''));
    const trialInfo = (await trial('/prod-api/system/user/getInfo')).json();
    if (trialInfo.code === 200)
      expect(trialInfo.data).toMatchObject({ userType: '02', tenant: { trialDaysLeft: 180 } });

    const demoAdmin = injectAs(app, await login(app, ...ACCOUNTS.demoAdmin));
    const adminMenus = (await demoAdmin('/prod-api/system/menu/getRouters'))
      .json()
      .data.map((m: { path: string }) => m.path);
    expect(adminMenus).toContain('/system');
    expect(adminMenus).not.toContain('/tenant'); // platform only
    const platform = await asPlatform();
    expect((await platform('/prod-api/system/user/getInfo')).json().data.permissions).toEqual(['*:*:*']);
    const platformMenus = (await platform('/prod-api/system/menu/getRouters'))
      .json()
      .data.map((m: { path: string }) => m.path);
    expect(platformMenus).toEqual(expect.arrayContaining(['/system', '/tenant', '/platform']));
  });

  it('refuses a missing permission with 403 and the section 8 message, changing nothing', async () => {
    const viewer = injectAs(app, await login(app, ...ACCOUNTS.demoViewer));
    const platform = await asPlatform();
    const before = (await platform('/prod-api/system/tenant/list')).json().total;
    for (const token of [viewer, injectAs(app, await login(app, ...ACCOUNTS.demoAdmin))]) {
      const res = await token({
        method: 'POST',
        url: '/prod-api/system/tenant',
        payload: { name: 'Sneaky' },
        headers: { 'content-language': 'zh-CN' },
      });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ code: 403, msg: '当前操作没有权限' });
    }
    expect((await platform('/prod-api/system/tenant/list')).json().total).toBe(before);
  });

  it('ends a session at logout: the token then gets code 100102000002', async () => {
    const token = await login(app, ...ACCOUNTS.demoOperator);
    const api = injectAs(app, token);
    expect((await api({ method: 'POST', url: '/prod-api/auth/refresh' })).json()).toMatchObject({
      code: 200,
      data: { expires_in: 720 },
    });
    expect((await api({ method: 'DELETE', url: '/prod-api/auth/logout' })).json().code).toBe(200);
    expect((await api('/prod-api/system/user/getInfo')).json()).toMatchObject({
      code: 100102000002,
      key: 'error.session.ended',
    });
  });

  it('forces the change of an initial password; the change ends every session of the user', async () => {
    const token = await login(app, ...ACCOUNTS.demoNewcomer);
    const api = injectAs(app, token);
    const other = injectAs(app, await login(app, ...ACCOUNTS.demoNewcomer));
    expect((await api('/prod-api/system/user/getInfo')).json().data.initPassword).toBe(true);
    const blocked = await api('/prod-api/system/dict/data/list');
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json().key).toBe('error.session.mustChangePassword');

    const change = async (oldPassword: string, newPassword: string) =>
      api({
        method: 'PUT',
        url: '/prod-api/system/user/profile/updatePwd',
        query: {
          oldPassword: await encryptPassword(app, oldPassword),
          newPassword: await encryptPassword(app, newPassword),
        },
        headers: { 'content-language': 'en' },
      });
    const weak = await change('Hydrolog123', 'alllower1');
    expect(weak.statusCode).toBe(400);
    expect(weak.json().errors[0]).toEqual({
      field: 'newPassword',
      message: 'The password needs digits, upper-case and lower-case letters',
    });
    expect((await change('Wrong1234', 'Fresh1234')).json().key).toBe('error.password.oldWrong');
    const same = await change('Hydrolog123', 'Hydrolog123');
    expect(same.json().errors[0].message).toBe('The new password must differ from the old one');
    expect((await change('Hydrolog123', 'Fresh1234')).json().code).toBe(200);
    for (const session of [api, other]) {
      expect((await session('/prod-api/system/user/getInfo')).json().code).toBe(100102000002);
    }
    const again = injectAs(app, await login(app, 'demo_newcomer', 'Fresh1234'));
    expect((await again('/prod-api/system/user/getInfo')).json().data.initPassword).toBe(false);
  });

  it('changes the language and answers in it', async () => {
    const api = injectAs(app, await login(app, ...ACCOUNTS.demoOperator));
    const res = await api({
      method: 'PUT',
      url: '/prod-api/system/user/updateLanguage',
      payload: { language: 'id' },
    });
    expect(res.json()).toMatchObject({ code: 200, msg: 'Operasi berhasil' });
    expect((await api('/prod-api/system/user/getInfo')).json().data.user.language).toBe('id');
    const bad = await api({
      method: 'PUT',
      url: '/prod-api/system/user/updateLanguage',
      payload: { language: 'xx' },
    });
    expect(bad.statusCode).toBe(400);
  });

  it('recovers a password with a one-time code from the outbox', async () => {
    const send = () =>
      app.inject({
        method: 'POST',
        url: '/prod-api/system/msg/send',
        payload: { purpose: 'resetPassword', account: 'viewer@demo.example' },
      });
    expect((await send()).json().code).toBe(200);
    // Within the minute no second code goes out, and the answer is the same as for an unknown account.
    const again = (await send()).json();
    const unknown = await app.inject({
      method: 'POST',
      url: '/prod-api/system/msg/send',
      payload: { purpose: 'resetPassword', account: 'nobody@nowhere.example' },
    });
    expect(again).toEqual(unknown.json());
    const sent = await services.db.query(
      "SELECT 1 FROM message_outbox WHERE recipient = 'viewer@demo.example'",
    );
    expect(sent.rows).toHaveLength(1);
    const { rows } = await services.db.query<{ recipient: string; text: string }>(
      'SELECT recipient, text FROM message_outbox ORDER BY queued_at DESC LIMIT 1',
    );
    expect(rows[0]!.recipient).toBe('viewer@demo.example');
    const code = /\b(\d{6})\b/.exec(rows[0]!.text)![1]!;
    const reset = async (withCode: string, password: string) =>
      app.inject({
        method: 'PUT',
        url: '/prod-api/system/user/reset/password',
        payload: { account: 'demo_viewer', code: withCode, password: await encryptPassword(app, password) },
      });
    const wrongCode = code === '000000' ? '111111' : '000000';
    expect((await reset(wrongCode, 'Recover123')).json()).toMatchObject({
      code: 500,
      msg: 'The verification code is incorrect or invalid',
    });
    expect((await reset(code, 'Recover123')).json().code).toBe(200);
    expect((await reset(code, 'Recover456')).json().key).toBe('error.recovery.codeWrong'); // used once
    expect((await loginResponse(app, 'demo_viewer', 'Recover123')).json().code).toBe(200);
  });

  it('keeps system parameters: built-in ones cannot be deleted, keys are unique', async () => {
    const api = await asPlatform();
    const created = await api({
      method: 'POST',
      url: '/prod-api/system/config',
      payload: { configName: 'Demo switch', configKey: 'demo.switch', configValue: 'on' },
    });
    expect(created.json()).toMatchObject({ code: 200, data: { configKey: 'demo.switch', configType: 'N' } });
    const duplicate = await api({
      method: 'POST',
      url: '/prod-api/system/config',
      payload: { configName: 'Again', configKey: 'demo.switch', configValue: 'off' },
    });
    expect(duplicate.json().key).toBe('error.config.keyExists');
    const builtIn = (await api('/prod-api/system/config/list?configKey=sys.user.initPassword')).json()
      .rows[0];
    const refused = await api({
      method: 'DELETE',
      url: `/prod-api/system/config/${builtIn.configId},${created.json().data.configId}`,
    });
    expect(refused.json().key).toBe('error.config.builtIn');
    expect((await api('/prod-api/system/config/configKey/demo.switch')).json().data).toBe('on');
    const removed = await api({
      method: 'DELETE',
      url: `/prod-api/system/config/${created.json().data.configId}`,
    });
    expect(removed.json().code).toBe(200);
    expect((await api('/prod-api/system/config/configKey/demo.switch')).json().key).toBe(
      'error.config.notFound',
    );
  });

  it('serves dictionaries in the caller language and refuses a duplicate value', async () => {
    const viewer = injectAs(app, await login(app, ...ACCOUNTS.demoOperator));
    const status = (
      await viewer({
        url: '/prod-api/system/dict/data/type/alarm_status',
        headers: { 'content-language': 'fr' },
      })
    ).json().data;
    expect(status.map((d: { dictValue: string; dictLabel: string }) => [d.dictValue, d.dictLabel])).toEqual([
      ['0', 'Non traitée'],
      ['1', 'En cours'],
      ['2', 'Traitée'],
      ['3', 'Ignorée'],
    ]);
    const api = await asPlatform();
    const labels = { 'zh-CN': '测试', en: 'Test', fr: 'Test', id: 'Uji' };
    const duplicate = await api({
      method: 'POST',
      url: '/prod-api/system/dict/data',
      payload: { dictType: 'alarm_status', dictValue: '0', labels },
    });
    expect(duplicate.json().key).toBe('error.dict.valueExists');
    const added = await api({
      method: 'POST',
      url: '/prod-api/system/dict/data',
      payload: { dictType: 'alarm_status', dictValue: '9', labels },
    });
    expect(added.json()).toMatchObject({ code: 200, data: { dictLabel: 'Test' } });
    const forbidden = await viewer({
      method: 'DELETE',
      url: `/prod-api/system/dict/data/${added.json().data.dictCode}`,
    });
    expect(forbidden.statusCode).toBe(403);
  });

  it('takes a png or jpg avatar up to 5 MB and refuses other files', async () => {
    const api = injectAs(app, await login(app, ...ACCOUNTS.demoOperator));
    const upload = (content: Buffer, filename: string) => {
      const boundary = '----hydrolog';
      const payload = Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="avatarfile"; filename="${filename}"\r\nContent-Type: image/png\r\n\r\n`,
        ),
        content,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      return api({
        method: 'POST',
        url: '/prod-api/system/user/profile/avatar',
        payload,
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-language': 'en' },
      });
    };
    const png = TINY_PNG;
    const ok = await upload(png, 'me.png');
    expect(ok.json()).toMatchObject({
      code: 200,
      data: { imgUrl: expect.stringMatching(/^\/uploads\/avatar\/.+\.png$/) },
    });
    expect((await api(ok.json().data.imgUrl)).statusCode).toBe(200);
    expect((await app.inject(ok.json().data.imgUrl)).statusCode).toBe(401);
    expect((await upload(Buffer.from('GIF89a....'), 'me.png')).json().msg).toBe(
      'Wrong file type: upload a png or jpg image',
    );
    const big = Buffer.concat([png, Buffer.alloc(5 * 1024 * 1024)]);
    expect((await upload(big, 'big.png')).json().msg).toBe('The file must not exceed 5 MB');
    expect((await api('/prod-api/system/user/getInfo')).json().data.user.avatar).toBe(ok.json().data.imgUrl);
  });

  it('keeps tenant queries to the tenant by row-level security, even without a WHERE clause', async () => {
    const count = (tenantId: string) =>
      withTenant(services.db, tenantId, async (sql) => {
        const { rows } = await sql.query<{ tenant_id: string }>('SELECT DISTINCT tenant_id::text FROM users');
        return rows.map((r) => r.tenant_id);
      });
    expect(await count(DEMO_TENANT)).toEqual([DEMO_TENANT]);
    expect(await count(PLATFORM_TENANT_ID)).toEqual([PLATFORM_TENANT_ID]);
    await expect(
      withTenant(services.db, DEMO_TENANT, (sql) => sql.query("UPDATE users SET nick_name = 'x'")),
    ).rejects.toThrow(/permission denied/);
  });
  // Last: it leaves demo_viewer locked.
  it('counts parallel wrong passwords one at a time, so a burst cannot get past the lock', async () => {
    const attempts = await Promise.all(
      Array.from({ length: 8 }, () => loginResponse(app, 'demo_viewer', 'Guess1234')),
    );
    expect(attempts.map((r) => r.json().key)).toEqual(Array(8).fill('error.login.badCredentials'));
    const { rows } = await services.db.query<{ count: number }>(
      "SELECT count(*)::int AS count FROM login_log WHERE user_name = 'demo_viewer' AND counts",
    );
    expect(rows[0]!.count).toBe(5);
    // Its password since the recovery above: right, but locked.
    expect((await loginResponse(app, 'demo_viewer', 'Recover123')).json().key).toBe('error.login.locked');
  });
});
