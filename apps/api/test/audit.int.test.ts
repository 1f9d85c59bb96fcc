import { testEngines } from '@hydrolog/eventstore/testing';
import ExcelJS from 'exceljs';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Services } from '../src/services.ts';
import { ACCOUNTS, encryptPassword, injectAs, login, loginResponse, startApi } from './support.ts';

describe.each(testEngines())('login and operation logs on $engine', (engine) => {
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

  it("lists the tenant's login attempts with their outcome in the caller's language", async () => {
    await loginResponse(app, 'demo_viewer', 'Wrong1234');
    await loginResponse(app, 'trial_admin', 'Wrong1234'); // another tenant
    const list = (
      await admin({
        url: '/prod-api/monitor/logininfor/list?userName=demo_viewer',
        headers: { 'content-language': 'fr' },
      })
    ).json();
    expect(list.rows[0]).toMatchObject({
      userName: 'demo_viewer',
      status: '1',
      msg: "Nom d'utilisateur ou mot de passe incorrect",
      browser: 'Chrome 156',
    });
    const all = (await admin('/prod-api/monitor/logininfor/list?pageSize=50')).json();
    expect(all.rows.map((r: { userName: string }) => r.userName)).not.toContain('trial_admin');
  });

  it('unlocks a locked user', async () => {
    for (let i = 0; i < 5; i++) await loginResponse(app, 'demo_operator', 'Wrong1234');
    const locked = (await loginResponse(app, ...ACCOUNTS.demoOperator)).json();
    expect(locked).toMatchObject({
      key: 'error.login.locked',
      msg: 'Too many wrong passwords: the account is locked for 10 minutes',
    });
    // The log says what happened, without the minutes the answer named.
    const logged = (await admin('/prod-api/monitor/logininfor/list?userName=demo_operator')).json().rows[0];
    expect(logged.msg).toBe('Refused: the account was locked after too many wrong passwords');
    expect((await admin('/prod-api/monitor/logininfor/unlock/demo_operator')).json().code).toBe(200);
    expect((await loginResponse(app, ...ACCOUNTS.demoOperator)).json().code).toBe(200);
    // Another tenant's user cannot be unlocked from here.
    expect((await admin('/prod-api/monitor/logininfor/unlock/trial_admin')).json().key).toBe(
      'error.user.notFound',
    );
  });

  it('records every command with its outcome and masked parameters', async () => {
    await admin({
      method: 'POST',
      url: '/prod-api/system/user',
      payload: { userName: 'logged_user', nickName: 'Logged' },
    });
    await admin({
      method: 'POST',
      url: '/prod-api/system/user',
      payload: { userName: 'admin', nickName: 'Taken' },
    });
    await admin({
      method: 'PUT',
      url: '/prod-api/system/user/profile/updatePwd',
      query: {
        oldPassword: await encryptPassword(app, 'Wrong0000'),
        newPassword: await encryptPassword(app, 'Fresh1234'),
      },
    });
    const rows = (await admin('/prod-api/monitor/operlog/list?pageSize=10')).json().rows;
    const created = rows.find((r: { operParam: string }) => r.operParam.includes('logged_user'));
    expect(created).toMatchObject({
      businessType: '1',
      requestMethod: 'POST',
      operName: 'demo_admin',
      status: '0',
    });
    const refused = rows.find((r: { operParam: string }) => r.operParam.includes('"admin"'));
    expect(refused).toMatchObject({
      status: '1',
      errorMsg: 'The user name, email or phone is already taken',
    });
    const password = rows.find((r: { operUrl: string }) => r.operUrl.endsWith('updatePwd'));
    expect(password.operParam).toBe('{"oldPassword":"******","newPassword":"******"}');
  });

  it("files every command under its module, named in the reader's language and filtered by that name", async () => {
    const moved = await admin({
      method: 'POST',
      url: '/prod-api/system/dept',
      payload: { deptName: 'Logged dept' },
    });
    expect(moved.json().code).toBe(200);
    const modules = async (language: string, query = '') =>
      (
        await admin({
          url: `/prod-api/monitor/operlog/list?pageSize=50${query}`,
          headers: { 'content-language': language },
        })
      )
        .json()
        .rows.map((r: { title: string; operUrl: string }) => [r.operUrl, r.title]);
    expect(await modules('en')).toEqual(
      expect.arrayContaining([
        ['/prod-api/system/dept', 'Departments'],
        ['/prod-api/system/user', 'Staff users'],
        ['/prod-api/system/user/profile/updatePwd', 'Personal center'],
      ]),
    );
    expect(await modules('zh-CN')).toEqual(expect.arrayContaining([['/prod-api/system/dept', '部门管理']]));
    // The module filter reads the names the reader sees, in the reader's language.
    expect(new Set((await modules('en', '&title=depart')).map(([, title]: string[]) => title))).toEqual(
      new Set(['Departments']),
    );
    expect(new Set((await modules('id', '&title=departemen')).map(([, title]: string[]) => title))).toEqual(
      new Set(['Departemen']),
    );
  });

  it('exports the filtered log as a workbook, then cleans it', async () => {
    const res = await admin({
      method: 'POST',
      url: '/prod-api/monitor/logininfor/export',
      payload: 'userName=demo_operator',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'content-language': 'en' },
    });
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.getRow(1).getCell(1).value).toBe('User name');
    const names = new Set<string>();
    sheet.eachRow((row, index) => index > 1 && names.add(String(row.getCell(1).value)));
    expect([...names]).toEqual(['demo_operator']);
    expect(sheet.rowCount).toBeGreaterThan(6);

    expect((await admin({ method: 'DELETE', url: '/prod-api/monitor/logininfor/clean' })).json().code).toBe(
      200,
    );
    const after = (await admin('/prod-api/monitor/logininfor/list')).json();
    expect(after.total).toBe(0);
    // The other tenant's log is untouched.
    const { rows } = await services.db.query("SELECT 1 FROM login_log WHERE user_name = 'trial_admin'");
    expect(rows.length).toBeGreaterThan(0);
  });
});
