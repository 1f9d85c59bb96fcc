import { testEngines } from '@hydrolog/eventstore/testing';
import { type EventData, uuidv7 } from '@hydrolog/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  customersProjection,
  getAlarmRule,
  listAlarmNotices,
  listMeterAlarms,
  meterRegistryProjection,
  operationsProjection,
  readingsProjection,
  withTenant,
} from '../../src/index.ts';
import { type ProjectionsFixture, projectionsOn } from '../fixtures.ts';

const raised = (meterId: string, kind: string, raisedAt: string, notifyRoles: string[] = []) => ({
  type: 'MeterAlarmRaised' as const,
  data: {
    alarmId: uuidv7(),
    meterId,
    kind,
    day: raisedAt.slice(0, 10),
    level: 'high',
    value: 30,
    threshold: 24,
    source: 'detected',
    notifyRoles,
    raisedAt,
  } satisfies EventData<'MeterAlarmRaised'>,
});

describe.each(testEngines())('operations projection on $engine', (engine) => {
  let fx: ProjectionsFixture;
  const tenantId = uuidv7();
  const metadata = { tenantId, correlationId: uuidv7(), userId: 'u1' };
  const meterId = uuidv7();
  beforeAll(async () => {
    fx = await projectionsOn(engine, [
      meterRegistryProjection,
      readingsProjection,
      customersProjection,
      operationsProjection,
    ]);
  });
  afterAll(() => fx.db.close());

  it('keeps alarms with their state, each user their bell, and rules; a rebuild gives the same rows', async () => {
    const leak = raised(meterId, '5', '2026-11-20T01:00:00.000Z');
    const battery = raised(meterId, '1', '2026-11-21T01:00:00.000Z', ['operator']);
    await fx.append(`meterAlarm-${meterId}.5.2026-11-20`, [leak], metadata);
    await fx.append(`meterAlarm-${meterId}.1.2026-11-21`, [battery], metadata);
    await fx.append(
      `meterAlarm-${meterId}.5.2026-11-20`,
      [
        {
          type: 'MeterAlarmCleared',
          data: { alarmId: leak.data.alarmId, clearedAt: '2026-11-20T08:00:00.000Z' },
        },
        {
          type: 'MeterAlarmProcessed',
          data: { alarmId: leak.data.alarmId, remark: 'Fixed', processedAt: '2026-11-20T09:00:00.000Z' },
        },
      ],
      metadata,
    );
    const rows = await withTenant(fx.db, tenantId, (sql) =>
      listMeterAlarms(sql, { pageNum: 1, pageSize: 20 }),
    );
    expect(rows.total).toBe(2);
    expect(rows.rows.map((r) => [r.eventType, r.status, r.clearedTime, r.remark])).toEqual([
      ['1', 0, null, null],
      ['5', 2, '2026-11-20T08:00:00.000Z', 'Fixed'],
    ]);
    const open = await withTenant(fx.db, tenantId, (sql) =>
      listMeterAlarms(sql, { pageNum: 1, pageSize: 20, status: 0 }),
    );
    expect(open.rows.map((r) => r.alarmProcessedId)).toEqual([battery.data.alarmId]);

    // The bell lists open alarms for the user's roles; viewing dims one, cleaning empties that type.
    const bell = (roleKeys: string[]) =>
      withTenant(fx.db, tenantId, (sql) =>
        listAlarmNotices(sql, { userId: 'u1', roleKeys, allRoles: false, seesAlarms: false }, 50),
      );
    expect((await bell(['viewer'])).allAlarmCount).toBe(0);
    expect((await bell(['operator'])).meterAlarmList).toMatchObject([
      { alarmProcessedId: battery.data.alarmId, noticeStatus: 0, eventType: '1', alarmType: 0 },
    ]);
    await fx.append(
      'alarmNotices-u1',
      [
        {
          type: 'AlarmNoticeViewed',
          data: { userId: 'u1', alarmId: battery.data.alarmId, viewedAt: '2026-11-21T02:00:00.000Z' },
        },
      ],
      metadata,
    );
    expect((await bell(['operator'])).allAlarmList[0]?.noticeStatus).toBe(1);
    await fx.append(
      'alarmNotices-u1',
      [
        {
          type: 'AlarmNoticesCleaned',
          data: { userId: 'u1', alarmTypes: [0], cleanedAt: '2026-11-21T03:00:00.000Z' },
        },
      ],
      metadata,
    );
    expect(await bell(['operator'])).toMatchObject({
      allAlarmCount: 0,
      meterAlarmCount: 0,
      allAlarmList: [],
    });

    const ruleId = uuidv7();
    const rule: EventData<'AlarmRuleSaved'> = {
      ruleId,
      kind: '7',
      enabled: true,
      threshold: 5,
      level: 'high',
      notifyRoles: [],
      notifyCustomer: false,
      scope: 'all',
      scopeId: null,
      savedAt: '2026-11-21T00:00:00.000Z',
    };
    await fx.append(`alarmRule-${ruleId}`, [{ type: 'AlarmRuleSaved', data: rule }], metadata);
    await fx.append(
      `alarmRule-${ruleId}`,
      [{ type: 'AlarmRuleSaved', data: { ...rule, threshold: 8, savedAt: '2026-11-22T00:00:00.000Z' } }],
      metadata,
    );
    expect(await withTenant(fx.db, tenantId, (sql) => getAlarmRule(sql, ruleId))).toMatchObject({
      threshold: 8,
      createTime: '2026-11-21T00:00:00.000Z',
    });
    expect(await withTenant(fx.db, uuidv7(), (sql) => getAlarmRule(sql, ruleId))).toBeNull();

    // A system alarm: no meter, its subject named; notified to everyone who sees alarms, in its own tab.
    const gatewayId = uuidv7();
    const offline: EventData<'SystemAlarmRaised'> = {
      alarmId: uuidv7(),
      kind: '11',
      subjectId: gatewayId,
      subjectName: 'North concentrator',
      day: '2026-11-21',
      level: 'high',
      value: 180,
      threshold: 120,
      raisedAt: '2026-11-21T04:00:00.000Z',
    };
    await fx.append(
      `meterAlarm-${gatewayId}.11.2026-11-21`,
      [{ type: 'SystemAlarmRaised', data: offline }],
      metadata,
    );
    await fx.append(
      `meterAlarm-${gatewayId}.11.2026-11-21`,
      [
        {
          type: 'MeterAlarmCleared',
          data: { alarmId: offline.alarmId, clearedAt: '2026-11-21T05:00:00.000Z' },
        },
      ],
      metadata,
    );
    const system = await withTenant(fx.db, tenantId, (sql) =>
      listMeterAlarms(sql, { pageNum: 1, pageSize: 20, alarmType: 1 }),
    );
    expect(system.rows).toMatchObject([
      {
        alarmType: 1,
        eventType: '11',
        meterId: null,
        meterNo: 'North concentrator',
        subjectId: gatewayId,
        clearedTime: '2026-11-21T05:00:00.000Z',
      },
    ]);
    const staff = await withTenant(fx.db, tenantId, (sql) =>
      listAlarmNotices(sql, { userId: 'u1', roleKeys: [], allRoles: false, seesAlarms: true }, 50),
    );
    expect(staff).toMatchObject({
      systemAlarmCount: 1,
      meterAlarmCount: 0,
      allAlarmCount: 1,
      systemAlarmList: [{ alarmProcessedId: offline.alarmId, alarmType: 1, meterNo: 'North concentrator' }],
    });

    expect((await fx.runner.verify('operations')).equal).toBe(true);
  });
});
