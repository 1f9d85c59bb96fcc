import { testEngines } from '@hydrolog/eventstore/testing';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_LOGIN_LIMITS, loadConfig } from '../src/config.ts';
import type { Services } from '../src/services.ts';
import { ACCOUNTS, encryptPassword, injectAs, login, loginResponse, startApi } from './support.ts';

/** A login from `address` (the socket's address: the service sits behind no proxy here). */
const from = async (app: FastifyInstance, address: string, username: string, password: string) =>
  app.inject({
    method: 'POST',
    url: '/prod-api/auth/login',
    remoteAddress: address,
    headers: { 'content-language': 'en' },
    payload: { username, password: await encryptPassword(app, password), rememberMe: false },
  });

describe('login limits in the configuration', () => {
  it('are on by default and turned off only on purpose', () => {
    expect(loadConfig({}).loginLimits).toEqual(DEFAULT_LOGIN_LIMITS);
    expect(DEFAULT_LOGIN_LIMITS.perAddress).toBeGreaterThan(0);
    expect(DEFAULT_LOGIN_LIMITS.total).toBeGreaterThan(0);
    expect(
      loadConfig({ HYDROLOG_LOGIN_LIMIT_PER_ADDRESS: '0', HYDROLOG_LOGIN_LIMIT_TOTAL: '5' }).loginLimits,
    ).toEqual({ perAddress: 0, total: 5 });
    expect(() => loadConfig({ HYDROLOG_LOGIN_LIMIT_TOTAL: 'many' })).toThrow(/HYDROLOG_LOGIN_LIMIT_TOTAL/);
  });
});

describe.each(testEngines())('login throttling on $engine', (engine) => {
  let app: FastifyInstance;
  let services: Services;
  beforeEach(async () => {
    ({ app, services } = await startApi(engine, { loginLimits: { perAddress: 5, total: 12 } }));
  });
  afterEach(async () => {
    await app.close();
    await services.close();
  });

  it('answers 429 with Retry-After once one address tries too often, whatever the user names', async () => {
    for (let i = 0; i < 5; i++) {
      const res = await from(app, '203.0.113.7', `guess_${i}`, 'Wrong1234');
      expect(res.json().key).toBe('error.login.badCredentials');
    }
    const refused = await from(app, '203.0.113.7', ...ACCOUNTS.demoAdmin);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json()).toMatchObject({ code: 429, key: 'error.login.tooMany' });
    expect(refused.json().msg).toMatch(/^Too many login attempts: try again in \d+ seconds?$/);
    // Another address is not held back by it.
    expect((await from(app, '198.51.100.2', ...ACCOUNTS.demoAdmin)).json().code).toBe(200);
  });

  it('holds every address back once all of them together try too often', async () => {
    for (let i = 0; i < 12; i++) await from(app, `198.51.100.${10 + i}`, `spread_${i}`, 'Wrong1234');
    const refused = await from(app, '192.0.2.99', ...ACCOUNTS.demoAdmin);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
  });
});

describe.each(testEngines())('what a wrong login tells, on $engine', (engine) => {
  let app: FastifyInstance;
  let services: Services;
  beforeEach(async () => {
    ({ app, services } = await startApi(engine));
  });
  afterEach(async () => {
    await app.close();
    await services.close();
  });

  it('answers an unknown, a locked and a disabled account like a wrong password until the password is right', async () => {
    const answers = async (username: string, password: string) => {
      const keys = [];
      for (let i = 0; i < 7; i++) keys.push((await loginResponse(app, username, password)).json().key);
      return keys;
    };
    const wrong = Array(7).fill('error.login.badCredentials');
    expect(await answers('nobody_here', 'Wrong1234')).toEqual(wrong);
    expect(await answers('demo_viewer', 'Wrong1234')).toEqual(wrong);
    expect((await loginResponse(app, ...ACCOUNTS.demoViewer)).json().key).toBe('error.login.locked');

    const admin = injectAs(app, await login(app, ...ACCOUNTS.demoAdmin));
    const operator = '00000000-0000-7000-8000-000000000203';
    await admin({
      method: 'PUT',
      url: '/prod-api/system/user/changeStatus',
      payload: { userId: operator, status: '1' },
    });
    expect((await loginResponse(app, 'demo_operator', 'Wrong1234')).json().key).toBe(
      'error.login.badCredentials',
    );
    expect((await loginResponse(app, ...ACCOUNTS.demoOperator)).json().key).toBe('error.login.disabled');
  });
});
