import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { testEngines } from '@hydrolog/eventstore/testing';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Services } from '../src/services.ts';
import { HttpSmsProvider, OutboxProvider } from '../src/sms.ts';
import { ACCOUNTS, encryptPassword, injectAs, login, loginResponse, startApi } from './support.ts';

/** A clock the test moves forward: codes expire and cooldowns pass without waiting. */
function testClock() {
  // Ahead of the real time: sessions started by it must not look older than the seeded passwords.
  let ahead = 0;
  return { now: () => new Date(Date.now() + ahead), advance: (seconds: number) => (ahead += seconds * 1000) };
}

describe.each(testEngines())('experience-account registration on $engine', (engine) => {
  let app: FastifyInstance;
  let services: Services;
  const clock = testClock();
  beforeAll(async () => {
    ({ app, services } = await startApi(engine, { now: clock.now }));
  });
  afterAll(async () => {
    await app.close();
    await services.close();
  });

  /** Each test asks from its own address: the per-address limit stays out of the way of the others. */
  const from = (ip: string) => (options: InjectOptions) =>
    app.inject({ ...options, remoteAddress: ip, headers: { 'content-language': 'en', ...options.headers } });
  const sendCode = (ip: string, phone: string, language = 'en') =>
    from(ip)({
      method: 'POST',
      url: '/prod-api/system/msg/send',
      payload: { purpose: 'register', areaCode: '+86', phone },
      headers: { 'content-language': language },
    });
  const checkCode = (ip: string, phone: string, code: string) =>
    from(ip)({
      method: 'POST',
      url: '/prod-api/system/msg/check',
      payload: { purpose: 'register', phone, code },
    });
  const register = (ip: string, body: Record<string, unknown>, language = 'en') =>
    from(ip)({
      method: 'POST',
      url: '/prod-api/auth/register',
      payload: { companyName: 'River Town Water', nickName: 'Li Hua', deptName: 'Operations', ...body },
      headers: { 'content-language': language },
    });

  /** The code of the newest message to this phone, revealed from the outbox as an operator would. */
  async function outboxCode(phone: string): Promise<string> {
    const operator = injectAs(app, await login(app, ...ACCOUNTS.platformAdmin));
    const list = (await operator(`/prod-api/system/msg/outbox/list?recipient=${phone}`)).json();
    expect(list.rows[0]).toMatchObject({ channel: 'sms', recipient: `+86${phone}` });
    const { messageId } = list.rows[0];
    const revealed = await operator({
      method: 'POST',
      url: `/prod-api/system/msg/outbox/reveal/${messageId}`,
    });
    return /\b(\d{6})\b/.exec(revealed.json().data.text)![1]!;
  }
  const otherThan = (code: string) => (code === '000000' ? '111111' : '000000');

  it('registers a trial tenant with the outbox code; its administrator signs in and must change the password', async () => {
    const phone = '13900000001';
    expect((await sendCode('10.0.0.1', phone)).json()).toMatchObject({
      code: 200,
      msg: 'The code has been sent',
    });
    const code = await outboxCode(phone);
    const wrong = (await checkCode('10.0.0.1', phone, otherThan(code))).json();
    expect(wrong).toMatchObject({ code: 500, msg: 'The verification code is incorrect or invalid' });
    expect((await checkCode('10.0.0.1', phone, code)).json()).toMatchObject({
      code: 200,
      msg: 'The verification code is correct',
    });

    const done = (await register('10.0.0.1', { phone, code })).json();
    expect(done).toMatchObject({
      code: 200,
      data: { tenantName: 'River Town Water', userName: `t${phone}`, trialDaysLeft: 180 },
    });
    const { initialPassword, tenantId, userName } = done.data;
    // The code is spent: a second registration with it is refused (the phone is taken anyway).
    const again = (await register('10.0.0.1', { phone, code, companyName: 'Again' })).json();
    expect(again.key).toBe('error.register.phoneTaken');

    // By user name or by phone; the initial password must be changed before anything else.
    const token = await login(app, phone, initialPassword);
    const admin = injectAs(app, token);
    const info = (await admin('/prod-api/system/user/getInfo')).json().data;
    expect(info).toMatchObject({
      userType: '02',
      initPassword: true,
      user: { userName, nickName: 'Li Hua', phonenumber: phone, deptName: 'Operations' },
      tenant: { tenantId, tenantName: 'River Town Water', trial: true, trialDaysLeft: 180 },
      roles: ['admin'],
    });
    expect((await admin('/prod-api/system/user/list')).json().key).toBe('error.session.mustChangePassword');
    const operator = injectAs(app, await login(app, ...ACCOUNTS.platformAdmin));
    const tenants = (await operator('/prod-api/system/tenant/list?name=River')).json().rows;
    expect(tenants).toMatchObject([{ tenantId, trial: true, userType: '02', status: 'active' }]);
  });

  it("refuses a registered phone with the spec's message, in the caller's language", async () => {
    const demoAdminPhone = '13800000001';
    expect((await sendCode('10.0.0.2', demoAdminPhone)).json()).toMatchObject({
      code: 500,
      msg: 'Mobile phone number has been registered, please log in directly',
    });
    expect((await sendCode('10.0.0.2', demoAdminPhone, 'zh-CN')).json().msg).toBe('手机号已注册，请直接登录');
    expect((await register('10.0.0.2', { phone: demoAdminPhone, code: '123456' }, 'fr')).json().msg).toBe(
      'Ce numéro de téléphone est déjà enregistré, veuillez vous connecter directement',
    );
    const { rows } = await services.db.query('SELECT 1 FROM message_outbox WHERE recipient = $1', [
      `+86${demoAdminPhone}`,
    ]);
    expect(rows).toHaveLength(0);
  });

  it('keeps a 60-second cooldown per phone, and a code valid for 5 minutes', async () => {
    const phone = '13900000002';
    expect((await sendCode('10.0.0.3', phone)).json().code).toBe(200);
    const first = await outboxCode(phone);
    clock.advance(45);
    expect((await sendCode('10.0.0.3', phone)).json()).toMatchObject({
      code: 500,
      msg: 'Sent too often, try again in 15 seconds',
    });
    clock.advance(15);
    expect((await sendCode('10.0.0.3', phone)).json().code).toBe(200);
    const second = await outboxCode(phone);
    // Only the newest code counts.
    if (first !== second) expect((await checkCode('10.0.0.3', phone, first)).json().code).toBe(500);
    clock.advance(4 * 60 + 59);
    expect((await checkCode('10.0.0.3', phone, second)).json().code).toBe(200);
    clock.advance(1);
    expect((await checkCode('10.0.0.3', phone, second)).json().key).toBe('error.recovery.codeWrong');
    expect((await register('10.0.0.3', { phone, code: second })).json().key).toBe('error.recovery.codeWrong');
  });

  it('ends a code after five wrong tries', async () => {
    const phone = '13900000003';
    await sendCode('10.0.0.4', phone);
    const code = await outboxCode(phone);
    for (let i = 0; i < 5; i++) {
      expect((await checkCode('10.0.0.4', phone, otherThan(code))).json().code).toBe(500);
    }
    expect((await checkCode('10.0.0.4', phone, code)).json().key).toBe('error.recovery.codeWrong');
    expect((await register('10.0.0.4', { phone, code })).json().key).toBe('error.recovery.codeWrong');
    const { rows } = await services.db.query('SELECT 1 FROM users WHERE phonenumber = $1', [phone]);
    expect(rows).toHaveLength(0);
  });

  it('sends at most ten codes an hour at the request of one address', async () => {
    for (let i = 0; i < 10; i++) {
      expect((await sendCode('10.0.0.5', `1370000000${i}`)).json().code).toBe(200);
    }
    expect((await sendCode('10.0.0.5', '13700000010')).json()).toMatchObject({
      code: 500,
      key: 'error.sms.addressLimit',
    });
    expect((await sendCode('10.0.0.6', '13700000010')).json().code).toBe(200);
    clock.advance(3600);
    expect((await sendCode('10.0.0.5', '13700000011')).json().code).toBe(200);
  });

  it('refuses bad bodies with field errors and sends nothing', async () => {
    const before = (await services.db.query<{ n: number }>('SELECT count(*)::int AS n FROM message_outbox'))
      .rows[0]!.n;
    const bad = async (url: string, payload: unknown) => {
      const res = await from('10.0.0.7')({
        method: 'POST',
        url: `/prod-api${url}`,
        payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
        headers: { 'content-type': 'application/json' },
      });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      return res.json();
    };
    const shortPhone = await bad('/system/msg/send', { purpose: 'register', phone: '1390000' });
    expect(shortPhone.errors).toEqual([{ field: 'phone', message: expect.any(String) }]);
    await bad('/system/msg/send', { purpose: 'spam', phone: '13900000009' });
    await bad('/system/msg/send', { purpose: 'register', phone: '13900000009', areaCode: '86' });
    await bad('/system/msg/check', { purpose: 'register', phone: '13900000009', code: '12ab56' });
    const registerBad = await bad('/auth/register', {
      companyName: '',
      nickName: 'x'.repeat(21),
      deptName: 'Ops',
      phone: '13900000009',
      code: '123456',
    });
    expect(registerBad.errors.map((e: { field: string }) => e.field).sort()).toEqual([
      'companyName',
      'nickName',
    ]);
    await bad('/auth/register', '{"companyName": ');
    const after = (await services.db.query<{ n: number }>('SELECT count(*)::int AS n FROM message_outbox'))
      .rows[0]!.n;
    expect(after).toBe(before);
  });

  it('lets platform operators read the outbox, nobody else', async () => {
    expect((await app.inject('/prod-api/system/msg/outbox/list')).statusCode).toBe(401);
    const tenantAdmin = injectAs(app, await login(app, ...ACCOUNTS.demoAdmin));
    expect((await tenantAdmin('/prod-api/system/msg/outbox/list')).statusCode).toBe(403);
    const trialAdmin = injectAs(app, await login(app, ...ACCOUNTS.trialAdmin));
    expect((await trialAdmin('/prod-api/system/msg/outbox/list')).statusCode).toBe(403);
    const operator = injectAs(app, await login(app, ...ACCOUNTS.platformAdmin));
    const page = (await operator('/prod-api/system/msg/outbox/list?pageSize=10&channel=sms')).json();
    expect(page.total).toBeGreaterThan(10);
    expect(page.rows).toHaveLength(10);
    expect((await operator('/prod-api/system/msg/outbox/list?pageSize=7')).statusCode).toBe(400);
  });

  it('lists codes masked; an operator reveals one message, and the operation log records who did', async () => {
    const phone = '13900000099';
    expect((await sendCode('10.0.0.99', phone)).json().code).toBe(200);
    const operator = injectAs(app, await login(app, ...ACCOUNTS.platformAdmin));
    const [listed] = (await operator(`/prod-api/system/msg/outbox/list?recipient=${phone}`)).json().rows;
    expect(listed.text).not.toMatch(/\d{4,}/);
    expect(listed.text).toContain('******');
    const reveal = (as: typeof operator, messageId: string) =>
      as({ method: 'POST', url: `/prod-api/system/msg/outbox/reveal/${messageId}` });

    const tenantAdmin = injectAs(app, await login(app, ...ACCOUNTS.demoAdmin));
    expect((await reveal(tenantAdmin, listed.messageId)).statusCode).toBe(403);
    expect(
      (await app.inject({ method: 'POST', url: `/prod-api/system/msg/outbox/reveal/${listed.messageId}` }))
        .statusCode,
    ).toBe(401);

    const revealed = (await reveal(operator, listed.messageId)).json();
    expect(revealed.data.messageId).toBe(listed.messageId);
    const code = /\b(\d{6})\b/.exec(revealed.data.text)![1]!;
    expect(revealed.data.text).toBe(listed.text.replace('******', code));
    const missing = (await reveal(operator, '00000000-0000-7000-8000-000000000000')).json();
    expect(missing).toMatchObject({ code: 500, msg: 'Message not found' });

    const log = (await operator('/prod-api/monitor/operlog/list?pageSize=10')).json().rows;
    const logged = log.filter((r: { operUrl: string }) => r.operUrl.endsWith('/outbox/reveal/:messageId'));
    expect(logged[1]).toMatchObject({ operName: 'admin', businessType: '0', status: '0' });
    expect(logged[1].operParam).toContain(listed.messageId);
    // The log holds which message was read, never the code.
    expect(JSON.stringify(log)).not.toContain(code);
  });

  it('still recovers passwords through the same send route, through the provider', async () => {
    const res = await from('10.0.0.8')({
      method: 'POST',
      url: '/prod-api/system/msg/send',
      payload: { purpose: 'resetPassword', account: 'demo_operator' },
    });
    expect(res.json().code).toBe(200);
    const { rows } = await services.db.query<{ text: string }>(
      "SELECT text FROM message_outbox WHERE recipient = '13800000002'",
    );
    const code = /\b(\d{6})\b/.exec(rows[0]!.text)![1]!;
    const reset = await app.inject({
      method: 'PUT',
      url: '/prod-api/system/user/reset/password',
      payload: { account: 'demo_operator', code, password: await encryptPassword(app, 'Newpass123') },
    });
    expect(reset.json().code).toBe(200);
    expect((await loginResponse(app, 'demo_operator', 'Newpass123')).json().code).toBe(200);
  });
});

describe.each(testEngines())('the HTTP SMS provider on $engine', (engine) => {
  const received: { body: unknown; authorization: string | undefined }[] = [];
  let answer = 200;
  const gateway = createServer((request: IncomingMessage, response) => {
    let body = '';
    request.on('data', (chunk) => {
      body += chunk;
    });
    request.on('end', () => {
      received.push({ body: JSON.parse(body), authorization: request.headers.authorization });
      response.writeHead(answer).end();
    });
  });
  let app: FastifyInstance;
  let services: Services;
  beforeAll(async () => {
    await new Promise<void>((resolve) => gateway.listen(0, '127.0.0.1', resolve));
    const { port } = gateway.address() as AddressInfo;
    const started = await startApi(engine, {
      messages: new HttpSmsProvider(
        { url: `http://127.0.0.1:${port}/sms`, token: 'gateway-secret' },
        { name: 'none', send: async () => {} },
      ),
    });
    ({ app, services } = started);
  });
  afterAll(async () => {
    await app.close();
    await services.close();
    gateway.close();
  });

  const send = (phone: string) =>
    app.inject({
      method: 'POST',
      url: '/prod-api/system/msg/send',
      payload: { purpose: 'register', areaCode: '+62', phone },
    });

  it('posts the message with the token, and keeps nothing in the outbox', async () => {
    expect((await send('81200000001')).json().code).toBe(200);
    expect(received).toEqual([
      {
        body: {
          messageId: expect.any(String),
          to: '+6281200000001',
          text: expect.stringMatching(/verification code is \d{6}; it is valid for 5 minutes/),
        },
        authorization: 'Bearer gateway-secret',
      },
    ]);
    const { rows } = await services.db.query('SELECT 1 FROM message_outbox');
    expect(rows).toHaveLength(0);
  });

  it('answers that the message could not be sent when the gateway refuses it', async () => {
    answer = 503;
    expect((await send('81200000002')).json()).toMatchObject({
      code: 500,
      msg: 'The text message could not be sent, try again later',
    });
  });

  it('is what SMS_HTTP_URL selects; without it the outbox', async () => {
    const { messageProvider } = await import('../src/sms.ts');
    expect(messageProvider(services.store, { httpUrl: 'http://sms.example/send', httpToken: 't' }).name).toBe(
      'http',
    );
    expect(messageProvider(services.store, { httpUrl: undefined, httpToken: undefined })).toBeInstanceOf(
      OutboxProvider,
    );
  });
});
