import { testEngines } from '@hydrolog/eventstore/testing';
import { uuidv7 } from '@hydrolog/schemas';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerMeters, registerMeterType } from '../src/meters/index.ts';
import { evaluateMeterAlarms } from '../src/operations/index.ts';
import type { Services } from '../src/services.ts';
import type { OutgoingMessage } from '../src/sms.ts';
import { ACCOUNTS, addGateway, injectAs, login, startApi, uploadReadings } from './support.ts';

const DEMO_TENANT = '00000000-0000-7000-8000-000000000002';
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
type As = ReturnType<typeof injectAs>;

describe.each(testEngines())('meter alarms, rules and the bell on $engine', (engine) => {
  let app: FastifyInstance;
  let services: Services;
  let admin: As;
  let operator: As;
  let viewer: As;
  let trial: As;
  let gatewayKey: string;
  // The last 22:00 of the tenant's zone (Asia/Shanghai, UTC+8: 14:00 UTC) at least a quarter of an hour ago:
  // every reading is in the past, and the 26 hours before it leave the day before too few hours for alarms
  // of its own, whatever the time the test runs at.
  const base = Math.floor((Date.now() - 15 * 60_000 - 14 * HOUR) / DAY) * DAY + 14 * HOUR;
  const at = (t: number) => new Date(t).toISOString();

  const upload = async (readings: unknown[]) => {
    const res = await uploadReadings(app, gatewayKey, readings);
    expect(res.statusCode).toBeLessThan(300);
    await services.runner.catchUp('readings');
  };
  const alarms = async (query = '') =>
    (await operator(`/prod-api/report/alarm/processed/list?${query}`)).json();

  beforeAll(async () => {
    ({ app, services } = await startApi(engine));
    admin = injectAs(app, await login(app, ...ACCOUNTS.demoAdmin));
    operator = injectAs(app, await login(app, ...ACCOUNTS.demoOperator));
    viewer = injectAs(app, await login(app, ...ACCOUNTS.demoViewer));
    trial = injectAs(app, await login(app, ...ACCOUNTS.trialAdmin));
    const metadata = { tenantId: DEMO_TENANT, correlationId: uuidv7() };
    const meterTypeId = await registerMeterType(services.store, metadata, {
      name: 'Alarm test',
      billingMode: 'postpaid',
      valveControl: false,
      communication: 'nbiot',
      cardKind: 'none',
      reportIntervalMinutes: 60,
    });
    const quietTypeId = await registerMeterType(services.store, metadata, {
      name: 'Alarm test, bursts expected',
      billingMode: 'postpaid',
      valveControl: false,
      communication: 'nbiot',
      cardKind: 'none',
      reportIntervalMinutes: 60,
    });
    const [leakId] = await registerMeters(services.store, metadata, [
      { meterNo: '77001', meterTypeId },
      { meterNo: '77002', meterTypeId },
      { meterNo: '77003', meterTypeId },
      { meterNo: '77004', meterTypeId },
      { meterNo: '77005', meterTypeId },
      { meterNo: '77006', meterTypeId, zeroWaterThreshold: 6 },
      { meterNo: '77007', meterTypeId: quietTypeId },
    ]);
    // The meters of the second type may burst: a rule of their type switches the burst alarm off for them.
    const quiet = await admin({
      method: 'POST',
      url: '/prod-api/alarm/rule',
      payload: {
        kind: '7',
        enabled: false,
        threshold: null,
        level: 'low',
        notifyRoles: [],
        notifyCustomer: false,
        scope: 'meterType',
        scopeId: quietTypeId,
      },
    });
    expect(quiet.json().code).toBe(200);
    const type = await admin({
      method: 'POST',
      url: '/prod-api/business/customerType',
      payload: { name: 'Alarms' },
    });
    const opened = await admin({
      method: 'POST',
      url: '/prod-api/business/customer',
      payload: {
        accountNo: 'K77001',
        name: 'Wang Fang',
        phone: '13800000042',
        customerTypeId: type.json().data.customerTypeId,
        meterId: leakId,
      },
    });
    expect(opened.json().code).toBe(200);
    gatewayKey = await addGateway(admin, 'Alarm concentrator');
    const readings = [];
    // 77001 leaks: flow in each of 26 hours, and reports a magnetic tamper code once.
    for (let i = 26; i >= 0; i--)
      readings.push({
        meterNo: '77001',
        ts: at(base - i * HOUR),
        total: 100 + (26 - i) * 0.02,
        ...(i === 3 ? { alarms: ['2'] } : {}),
      });
    // 77002's battery is dying; 77003 went silent five hours ago.
    for (let i = 3; i >= 0; i--)
      readings.push({ meterNo: '77002', ts: at(base - i * HOUR), total: 5, battery: 3.0 });
    for (let i = 10; i >= 5; i--) readings.push({ meterNo: '77003', ts: at(base - i * HOUR), total: 7 });
    // 77004 and 77007 burst (8 m³ in an hour), 77005 runs backwards, 77006 uses nothing for 10 hours.
    for (let i = 3; i >= 0; i--) {
      const total = i >= 2 ? 50 : 58;
      readings.push({ meterNo: '77004', ts: at(base - i * HOUR), total });
      readings.push({ meterNo: '77007', ts: at(base - i * HOUR), total });
      readings.push({
        meterNo: '77005',
        ts: at(base - i * HOUR),
        total: 20,
        reverseTotal: 1 + (3 - i) * 0.1,
      });
    }
    for (let i = 10; i >= 0; i--) readings.push({ meterNo: '77006', ts: at(base - i * HOUR), total: 3 });
    await upload(readings);
  });
  afterAll(async () => {
    await app.close();
    await services.close();
  });

  it('raises each alarm the readings call for once, set-based over the rollups; a rerun raises nothing new', async () => {
    // The continuous flow rule notifies the account holder by SMS, through the message port.
    const sent: OutgoingMessage[] = [];
    const messages = { name: 'test', send: async (message: OutgoingMessage) => void sent.push(message) };
    const first = await evaluateMeterAlarms(services, DEMO_TENANT, new Date(base + 5 * 60_000), {
      messages,
      log: app.log,
    });
    expect(sent.map((m) => [m.channel, m.to])).toEqual([['sms', '13800000042']]);
    expect(sent[0]?.text).toContain('77001');
    const kinds = (run: typeof first) => [...new Set(run.raised.map((a) => `${a.kind}:${a.source}`))].sort();
    expect(kinds(first)).toEqual([
      '1:detected',
      '2:reported',
      '4:detected',
      '5:detected',
      '6:detected',
      '7:detected',
      '8:detected',
    ]);
    // The burst alarm is off for the second type's meter, on for the other.
    const bursts = (await alarms('eventType=7')).rows.map((a: { meterNo: string }) => a.meterNo);
    expect(bursts).toEqual(['77004']);
    const zero = (await alarms('eventType=6')).rows[0];
    expect(zero).toMatchObject({ meterNo: '77006', value: 10, threshold: 6 });
    const second = await evaluateMeterAlarms(services, DEMO_TENANT, new Date(base + 6 * 60_000));
    expect(second).toEqual({ raised: [], cleared: [] });
    const list = await alarms('meterNo=7700');
    expect(list.total).toBe(first.raised.length);
  });

  it('lists alarm records by status, type and meter; the detail has the meter record and the account', async () => {
    const leak = await alarms('eventType=5&status=0&meterNo=77001');
    expect(leak.rows[0]).toMatchObject({
      eventType: '5',
      status: 0,
      alarmType: 0,
      meterNo: '77001',
      accountName: 'Wang Fang',
      customerTel: '13800000042',
      value: expect.any(Number),
      threshold: 24,
    });
    const detail = (await viewer(`/prod-api/report/alarm/processed/${leak.rows[0].alarmProcessedId}`)).json();
    expect(detail.data).toMatchObject({ meterNo: '77001', accountName: 'Wang Fang' });
    expect(detail.data.meterFrozen).toMatchObject({
      recordDate: expect.any(String),
      totalVolume: expect.any(Number),
    });
    // Another tenant's alarm is not found; its list is empty.
    const other = (await trial(`/prod-api/report/alarm/processed/${leak.rows[0].alarmProcessedId}`)).json();
    expect(other.code).toBe(500);
    expect((await trial('/prod-api/report/alarm/processed/list')).json().total).toBe(0);
    const exported = await viewer({
      method: 'POST',
      url: '/prod-api/report/alarm/processed/export',
      payload: { meterNo: '77001' },
    });
    expect(exported.headers['content-type']).toContain('spreadsheetml');
    const selected = await viewer({
      method: 'POST',
      url: '/prod-api/report/alarm/processed/getSelectedAlarmInfo',
      payload: { alarmProcessedIds: [leak.rows[0].alarmProcessedId] },
    });
    expect(selected.json().data).toHaveLength(1);
  });

  it('processes with a remark and ignores, one or a batch, all or none; a closed alarm refuses', async () => {
    const open = (await alarms('status=0&meterNo=7700')).rows as {
      alarmProcessedId: string;
      eventType: string;
    }[];
    const leak = open.find((a) => a.eventType === '5')!.alarmProcessedId;
    const tamper = open.find((a) => a.eventType === '2')!.alarmProcessedId;
    const battery = open.find((a) => a.eventType === '1')!.alarmProcessedId;

    const denied = await viewer({
      method: 'POST',
      url: '/prod-api/report/alarm/processed/process',
      payload: { alarmProcessedIds: [leak], remark: 'x' },
    });
    expect(denied.statusCode).toBe(403);
    const bad = await operator({
      method: 'POST',
      url: '/prod-api/report/alarm/processed/process',
      payload: { alarmProcessedIds: [leak], remark: '' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors?.[0]?.field ?? bad.json().data?.[0]?.field).toBe('remark');
    expect((await alarms('status=0&meterNo=7700')).total).toBe(open.length);

    const processed = await operator({
      method: 'POST',
      url: '/prod-api/report/alarm/processed/process',
      payload: { alarmProcessedIds: [leak], remark: 'Leak under the sink repaired' },
    });
    expect(processed.json().code).toBe(200);
    expect((await alarms('status=2&meterNo=77001')).rows[0]).toMatchObject({
      remark: 'Leak under the sink repaired',
    });

    // A batch with a closed alarm changes nothing.
    const mixed = await operator({
      method: 'POST',
      url: '/prod-api/report/alarm/processed/ignore',
      payload: { alarmProcessedIds: [tamper, leak] },
      headers: { 'accept-language': 'en' },
    });
    expect(mixed.json()).toMatchObject({ code: 500, msg: 'The alarm is already processed or ignored' });
    expect((await alarms('status=3')).total).toBe(0);

    const ignored = await operator({
      method: 'PUT',
      url: `/prod-api/report/alarm/processed/ignore/${battery}`,
    });
    expect(ignored.json().code).toBe(200);
    expect(
      (await alarms('status=3')).rows.map((a: { alarmProcessedId: string }) => a.alarmProcessedId),
    ).toEqual([battery]);
  });

  it('the bell lists the open alarms by type with counts, dims the viewed and clears a tab for the caller only', async () => {
    const bell = async (as: As) => (await as('/prod-api/report/alarm/processed/listNotice')).json();
    const notices = await bell(operator);
    expect(Object.keys(notices.data).sort()).toEqual([
      'allAlarmCount',
      'allAlarmList',
      'meterAlarmCount',
      'meterAlarmList',
      'systemAlarmCount',
      'systemAlarmList',
    ]);
    const open = (await alarms('status=0')).total;
    expect(open).toBeGreaterThan(0);
    expect(notices.data).toMatchObject({
      allAlarmCount: open,
      meterAlarmCount: open,
      systemAlarmCount: 0,
      systemAlarmList: [],
    });
    const first = notices.data.allAlarmList[0];
    expect(first).toMatchObject({ alarmType: 0, noticeStatus: 0, meterNo: expect.stringMatching(/^7700/) });
    await operator({
      method: 'POST',
      url: '/prod-api/report/alarm/processed/viewNotice',
      payload: { alarmProcessedId: first.alarmProcessedId },
    });
    expect((await bell(operator)).data.allAlarmList[0].noticeStatus).toBe(1);
    const clean = await operator({
      method: 'POST',
      url: '/prod-api/report/alarm/processed/cleanNotice',
      payload: { alarmTypes: [0, 1] },
    });
    expect(clean.json().code).toBe(200);
    expect((await bell(operator)).data).toMatchObject({ allAlarmCount: 0, allAlarmList: [] });
    // The administrator's bell is theirs: still full.
    expect((await bell(admin)).data.allAlarmCount).toBe(open);
    const badClean = await operator({
      method: 'POST',
      url: '/prod-api/report/alarm/processed/cleanNotice',
      payload: { alarmTypes: [2] },
    });
    expect(badClean.statusCode).toBe(400);
  });

  it('an alarm clears by itself when the meter reports normally again, and stays open', async () => {
    await upload([{ meterNo: '77003', ts: at(base + 10 * 60_000), total: 7 }]);
    const run = await evaluateMeterAlarms(services, DEMO_TENANT, new Date(base + 11 * 60_000));
    expect(run.raised).toEqual([]);
    expect(run.cleared).toHaveLength(1);
    const offline = (await alarms('eventType=8&meterNo=77003')).rows[0];
    expect(offline).toMatchObject({ status: 0, clearedTime: expect.any(String) });
  });

  it('keeps alarm rules per tenant: defaults, create, change, delete; bad input changes nothing', async () => {
    // The nine defaults, and the rule of the second meter type.
    const list = (await admin('/prod-api/alarm/rule/list?pageSize=50')).json();
    expect(list.total).toBe(10);
    const bad = await admin({
      method: 'POST',
      url: '/prod-api/alarm/rule',
      payload: {
        kind: '7',
        enabled: true,
        threshold: -1,
        level: 'high',
        notifyRoles: [],
        notifyCustomer: false,
        scope: 'group',
        scopeId: null,
      },
    });
    expect(bad.statusCode).toBe(400);
    const unknownScope = await admin({
      method: 'POST',
      url: '/prod-api/alarm/rule',
      payload: {
        kind: '7',
        enabled: true,
        threshold: 2,
        level: 'high',
        notifyRoles: [],
        notifyCustomer: false,
        scope: 'group',
        scopeId: uuidv7(),
      },
      headers: { 'accept-language': 'en' },
    });
    expect(unknownScope.json()).toMatchObject({
      code: 500,
      msg: 'The meter type or group of the rule does not exist',
    });
    expect((await admin('/prod-api/alarm/rule/list?pageSize=50')).json().total).toBe(10);
    const created = await admin({
      method: 'POST',
      url: '/prod-api/alarm/rule',
      payload: {
        kind: '7',
        enabled: true,
        threshold: 2,
        level: 'high',
        notifyRoles: ['operator'],
        notifyCustomer: false,
        scope: 'all',
        scopeId: null,
      },
    });
    const rule = created.json().data;
    expect(rule).toMatchObject({ kind: '7', threshold: 2, notifyRoles: ['operator'] });
    const changed = await admin({
      method: 'PUT',
      url: '/prod-api/alarm/rule',
      payload: { ...rule, enabled: false },
    });
    expect(changed.json().data.enabled).toBe(false);
    expect((await trial(`/prod-api/alarm/rule/${rule.ruleId}`)).json().code).toBe(500);
    expect((await viewer({ method: 'DELETE', url: `/prod-api/alarm/rule/${rule.ruleId}` })).statusCode).toBe(
      403,
    );
    expect((await admin({ method: 'DELETE', url: `/prod-api/alarm/rule/${rule.ruleId}` })).json().code).toBe(
      200,
    );
    expect((await admin(`/prod-api/alarm/rule/${rule.ruleId}`)).json().code).toBe(500);
  });
});
