import { testEngines } from '@hydrolog/eventstore/testing';
import { ReadingIngest } from '@hydrolog/ingest';
import { uuidv7 } from '@hydrolog/schemas';
import ExcelJS from 'exceljs';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readingsBacklog } from '../src/ingest/receive-readings.ts';
import { registerMeters, registerMeterType } from '../src/meters/index.ts';
import { evaluateMeterAlarms, evaluateSystemAlarms } from '../src/operations/index.ts';
import { startTenantJob } from '../src/periodic-job.ts';
import type { Services } from '../src/services.ts';
import { ACCOUNTS, addGateway, injectAs, login, startApi } from './support.ts';

const DEMO_TENANT = '00000000-0000-7000-8000-000000000002';
const HOUR = 3_600_000;
const FR = { 'content-language': 'fr' };
const MAX_BACKLOG = 20_000;
type As = ReturnType<typeof injectAs>;

interface Row {
  alarmProcessedId: string;
  alarmType: number;
  eventType: string;
  meterNo: string;
  meterId: string | null;
  subjectName: string | null;
  status: number;
  clearedTime: string | null;
}

describe.each(testEngines())('system alarms on $engine', (engine) => {
  let app: FastifyInstance;
  let services: Services;
  let admin: As;
  let operator: As;
  let busyKey: string;
  let silentKey: string;

  const upload = async (readings: unknown[], { catchUp = true, key = busyKey } = {}) => {
    const res = await app.inject({
      method: 'POST',
      url: '/ingest/v1/readings',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      payload: JSON.stringify({ batchId: uuidv7(), readings }),
    });
    expect(res.statusCode).toBeLessThan(300);
    if (catchUp) await services.runner.catchUp('readings');
  };
  const alarms = async (query = ''): Promise<{ total: number; rows: Row[] }> =>
    (await operator(`/prod-api/report/alarm/processed/list?pageSize=50&${query}`)).json();
  const bell = async (as: As) => (await as('/prod-api/report/alarm/processed/listNotice')).json().data;

  beforeAll(async () => {
    ({ app, services } = await startApi(engine));
    admin = injectAs(app, await login(app, ...ACCOUNTS.demoAdmin));
    operator = injectAs(app, await login(app, ...ACCOUNTS.demoOperator));
    const metadata = { tenantId: DEMO_TENANT, correlationId: uuidv7() };
    const meterTypeId = await registerMeterType(services.store, metadata, {
      name: 'System alarm test',
      billingMode: 'postpaid',
      valveControl: false,
      communication: 'nbiot',
      cardKind: 'none',
      reportIntervalMinutes: 60,
    });
    await registerMeters(services.store, metadata, [
      { meterNo: '88001', meterTypeId },
      { meterNo: '88002', meterTypeId },
    ]);
    // One gateway reports now (a tampered meter: a meter alarm), the other reported three hours ago, then
    // went silent (as the ingest records an upload received then).
    busyKey = await addGateway(admin, 'Busy gateway');
    silentKey = await addGateway(admin, 'Silent concentrator');
    const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000).toISOString();
    await upload([{ meterNo: '88001', ts: minutesAgo(10), total: 1, alarms: ['2'] }]);
    const { rows } = await services.db.query<{ gateway_id: string }>(
      `SELECT gateway_id::text FROM gateways WHERE name = 'Silent concentrator'`,
    );
    const ingest = new ReadingIngest(services.db, services.store, { horizonDays: 400 });
    await ingest.receive(
      { gatewayId: rows[0]!.gateway_id, tenantId: DEMO_TENANT },
      { batchId: uuidv7(), readings: [{ meterNo: '88002', ts: minutesAgo(185), total: 2 }] },
      new Date(Date.now() - 3 * HOUR),
    );
    await services.runner.catchUp('readings');
    const meterRun = await evaluateMeterAlarms(services, DEMO_TENANT, new Date());
    expect(meterRun.raised.length).toBeGreaterThan(0);
  });
  afterAll(async () => {
    await app.close();
    await services.close();
  });

  it('a gateway that reported and then went silent raises a system alarm once; a rerun raises nothing', async () => {
    // The busy gateway is within its online window; a gateway that never reported is not offline.
    await addGateway(admin, 'Never connected');
    const first = await evaluateSystemAlarms(
      services,
      DEMO_TENANT,
      await readingsBacklog(services, MAX_BACKLOG),
    );
    expect(first.raised.map((a) => [a.kind, a.subjectName, a.threshold])).toEqual([
      ['11', 'Silent concentrator', 120],
    ]);
    expect(first.raised[0]?.value).toBeGreaterThanOrEqual(180);
    const again = await evaluateSystemAlarms(
      services,
      DEMO_TENANT,
      await readingsBacklog(services, MAX_BACKLOG),
    );
    expect(again).toEqual({ raised: [], cleared: [] });
  });

  it('lists system alarms by alarm type, with their subject where a meter alarm has its meter number', async () => {
    const system = await alarms('alarmType=1');
    expect(system.rows).toEqual([
      expect.objectContaining({
        alarmType: 1,
        eventType: '11',
        meterNo: 'Silent concentrator',
        subjectName: 'Silent concentrator',
        meterId: null,
        status: 0,
      }),
    ]);
    const meter = await alarms('alarmType=0');
    expect(meter.total).toBeGreaterThan(0);
    expect(meter.rows.every((r) => r.alarmType === 0 && r.meterId !== null)).toBe(true);
    expect((await alarms()).total).toBe(meter.total + system.total);
    // The subject is searched as a meter number is.
    expect((await alarms('meterNo=silent')).rows.map((r) => r.eventType)).toEqual(['11']);
    // The export names the category and the subject.
    const exported = await operator({
      method: 'POST',
      url: '/prod-api/report/alarm/processed/export',
      payload: { alarmType: 1 },
      headers: { 'content-language': 'en' },
    });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(exported.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    const cells = (row: number) => (sheet.getRow(row).values as unknown[]).slice(1, 6);
    expect(cells(1)).toEqual(['Category', 'Status', 'Alarm type', 'Level', 'Meter number or subject']);
    expect(cells(2)).toEqual([
      'System alarm',
      'Unprocessed',
      'Gateway or concentrator offline',
      'High',
      'Silent concentrator',
    ]);
    expect(sheet.rowCount).toBe(2);
    const detail = (
      await operator(`/prod-api/report/alarm/processed/${system.rows[0]!.alarmProcessedId}`)
    ).json();
    expect(detail.data).toMatchObject({ alarmType: 1, meterNo: 'Silent concentrator', meterFrozen: null });
  });

  it('a work order from alarms refuses a system alarm, in the caller’s language', async () => {
    const [gatewayAlarm] = (await alarms('alarmType=1')).rows;
    const refused = await admin({
      method: 'POST',
      url: '/prod-api/workOrder/maintenance',
      payload: { title: 'Gateway down', alarmIds: [gatewayAlarm!.alarmProcessedId] },
      headers: FR,
    });
    expect(refused.json()).toMatchObject({ code: 500, key: 'error.workOrder.systemAlarm' });
    expect(refused.json().msg).toContain('alarme système');
    expect((await alarms('alarmType=1')).rows[0]?.status).toBe(0);
  });

  it('the bell lists system alarms in their tab and in all, newest first; cleaning [1] empties that tab only', async () => {
    const notices = await bell(operator);
    expect(notices.systemAlarmCount).toBe(1);
    expect(notices.systemAlarmList).toEqual([
      expect.objectContaining({
        alarmType: 1,
        eventType: '11',
        meterNo: 'Silent concentrator',
        noticeStatus: 0,
      }),
    ]);
    expect(notices.meterAlarmCount).toBeGreaterThan(0);
    expect(notices.allAlarmCount).toBe(notices.meterAlarmCount + 1);
    // Raised last, the system alarm heads the list of all.
    expect(notices.allAlarmList[0]).toMatchObject({ alarmType: 1 });
    const times = notices.allAlarmList.map((n: { createTime: string }) => n.createTime);
    expect(times).toEqual([...times].sort().reverse());
    const clean = await operator({
      method: 'POST',
      url: '/prod-api/report/alarm/processed/cleanNotice',
      payload: { alarmTypes: [1] },
    });
    expect(clean.json().code).toBe(200);
    const after = await bell(operator);
    expect(after).toMatchObject({
      systemAlarmCount: 0,
      systemAlarmList: [],
      meterAlarmCount: notices.meterAlarmCount,
      allAlarmCount: notices.meterAlarmCount,
    });
    expect(after.allAlarmList.every((n: { alarmType: number }) => n.alarmType === 0)).toBe(true);
    // Another user's bell still has it.
    expect((await bell(admin)).systemAlarmCount).toBe(1);
  });

  it('clears by itself when the gateway reports again, stays open, and is processed like a meter alarm', async () => {
    await upload([{ meterNo: '88002', ts: new Date().toISOString(), total: 2.1 }], { key: silentKey });
    const run = await evaluateSystemAlarms(
      services,
      DEMO_TENANT,
      await readingsBacklog(services, MAX_BACKLOG),
    );
    const [gatewayAlarm] = (await alarms('alarmType=1')).rows;
    expect(run).toEqual({ raised: [], cleared: [gatewayAlarm!.alarmProcessedId] });
    expect(gatewayAlarm).toMatchObject({ status: 0, clearedTime: expect.any(String) });
    const processed = await operator({
      method: 'POST',
      url: '/prod-api/report/alarm/processed/process',
      payload: { alarmProcessedIds: [gatewayAlarm!.alarmProcessedId], remark: 'Power restored' },
    });
    expect(processed.json().code).toBe(200);
    expect((await alarms('alarmType=1')).rows[0]).toMatchObject({ status: 2 });
  });

  it('a readings backlog over its bound raises an alarm, which clears when the backlog is worked off', async () => {
    await upload([{ meterNo: '88001', ts: new Date().toISOString(), total: 1.2 }], { catchUp: false });
    const over = await evaluateSystemAlarms(services, DEMO_TENANT, await readingsBacklog(services, 1));
    expect(over.raised.map((a) => [a.kind, a.subjectName, a.threshold])).toEqual([['12', 'readings', 1]]);
    expect(
      (await evaluateSystemAlarms(services, DEMO_TENANT, await readingsBacklog(services, 1))).raised,
    ).toEqual([]);
    await services.runner.catchUp('readings');
    const under = await evaluateSystemAlarms(services, DEMO_TENANT, await readingsBacklog(services, 1));
    expect(under.cleared).toEqual([over.raised[0]?.alarmId]);
  });

  it('a round of a scheduled job that throws for a tenant raises a "job failed" alarm, goes on, and clears once a round succeeds', async () => {
    const ran: string[] = [];
    let failing = true;
    const stop = startTenantJob(services, {
      name: 'nightly test job',
      everyMs: 100,
      tenants: async () => [DEMO_TENANT, uuidv7()],
      async run(tenantId) {
        if (tenantId === DEMO_TENANT && failing) throw new Error('the test job fails');
        ran.push(tenantId);
      },
    });
    const failedAlarms = () => alarms('alarmType=1&eventType=13');
    const until = async (done: (rows: Row[]) => boolean) => {
      const deadline = Date.now() + 10_000;
      let rows = (await failedAlarms()).rows;
      while (!done(rows) && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        rows = (await failedAlarms()).rows;
      }
      return rows;
    };
    try {
      const failed = await until((rows) => rows.length > 0);
      expect(failed).toEqual([
        expect.objectContaining({ alarmType: 1, eventType: '13', meterNo: 'nightly test job', status: 0 }),
      ]);
      // The other tenant's round ran although the first failed; failing rounds raise it once a day.
      expect(ran.length).toBeGreaterThan(0);
      expect(ran.includes(DEMO_TENANT)).toBe(false);
      failing = false;
      const cleared = await until((rows) => rows[0]?.clearedTime !== null);
      expect(cleared).toEqual([expect.objectContaining({ status: 0, clearedTime: expect.any(String) })]);
      expect(ran).toContain(DEMO_TENANT);
    } finally {
      stop();
    }
  });
});
