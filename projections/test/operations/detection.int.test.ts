import { testEngines } from '@hydrolog/eventstore/testing';
import {
  type DomainEvent,
  type EventData,
  METER_ALARM_KIND,
  tenantSettingsSchema,
  uuidv7,
} from '@hydrolog/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  cascadeProjection,
  customersProjection,
  meterAlarmCandidates,
  meterRegistryProjection,
  operationsProjection,
  readingsProjection,
  tenantsProjection,
  withTenant,
} from '../../src/index.ts';
import { type ProjectionsFixture, projectionsOn } from '../fixtures.ts';

const HOUR = 3_600_000;
const TZ = 'Asia/Shanghai';
const DAY = '2026-11-03';
const midnight = Date.UTC(2026, 10, 2, 16); // 2026-11-03 00:00 in Shanghai
const at = (hours: number) => new Date(midnight + hours * HOUR).toISOString();

describe.each(testEngines())('meter alarm detection on $engine', (engine) => {
  let fx: ProjectionsFixture;
  const tenantId = uuidv7();
  const meterTypeId = uuidv7();
  const groupId = uuidv7();
  const gatewayId = uuidv7();
  const metadata = { tenantId, correlationId: uuidv7(), userId: 'u1' };
  const ids = new Map<string, string>();

  const meter = async (meterNo: string, zeroWaterThreshold?: number) => {
    const meterId = uuidv7();
    ids.set(meterId, meterNo);
    await fx.append(
      `meter-${meterId}`,
      [
        {
          type: 'MeterRegistered',
          data: {
            meterId,
            tenantId,
            meterNo,
            meterTypeId,
            initialReading: 0,
            registeredAt: at(-100),
            ...(zeroWaterThreshold === undefined ? {} : { zeroWaterThreshold }),
          },
        },
      ],
      metadata,
    );
    return meterId;
  };
  /** Hourly readings from hour `from` to `to` of the day (negative: days before), with the flow of each hour. */
  const report = async (meterId: string, from: number, to: number, flows: (hour: number) => boolean) => {
    let total = 10;
    const readings = [];
    for (let h = from; h <= to; h++) {
      readings.push({ ts: at(h), total: Math.round(total * 10) / 10 });
      if (flows(h)) total += 0.1;
    }
    await fx.append(
      `readingBatch-${gatewayId}.${uuidv7()}`,
      [{ type: 'ReadingsReported', data: { batchId: uuidv7(), gatewayId, meters: [{ meterId, readings }] } }],
      metadata,
    );
  };
  const rule = async (data: Partial<EventData<'AlarmRuleSaved'>>) => {
    const ruleId = uuidv7();
    const saved: EventData<'AlarmRuleSaved'> = {
      ruleId,
      kind: METER_ALARM_KIND.continuousFlow,
      enabled: true,
      threshold: 24,
      level: 'high',
      notifyRoles: [],
      notifyCustomer: false,
      scope: 'all',
      scopeId: null,
      savedAt: at(-100),
      ...data,
    };
    await fx.append(`alarmRule-${ruleId}`, [{ type: 'AlarmRuleSaved', data: saved }], metadata);
  };

  beforeAll(async () => {
    fx = await projectionsOn(engine, [
      tenantsProjection,
      meterRegistryProjection,
      readingsProjection,
      cascadeProjection,
      customersProjection,
      operationsProjection,
    ]);
    const settings = tenantSettingsSchema.parse({ timeZone: TZ });
    const events: DomainEvent[] = [
      {
        type: 'TenantCreated',
        data: { tenantId, name: 'Aqua', kind: 'utility', trial: false, createdAt: at(-200), settings },
      },
    ];
    await fx.append(`tenant-${tenantId}`, events, metadata);
    await fx.append(
      `meterType-${meterTypeId}`,
      [
        {
          type: 'MeterTypeCreated',
          data: {
            meterTypeId,
            tenantId,
            name: 'NB-IoT',
            billingMode: 'postpaid',
            valveControl: false,
            communication: 'nbiot',
            cardKind: 'none',
            reportIntervalMinutes: 60,
          },
        },
      ],
      metadata,
    );
    // 90001 flows from the evening before to 05:00 (25 hours), stops for an hour, and flows again until midnight.
    await report(await meter('90001'), -20, 24, (h) => h !== 5);
    // 90002 and 90003 flow every hour since 04:00 the day before (44 hours); 90003's group asks for 48.
    await report(await meter('90002'), -20, 24, () => true);
    const grouped = await meter('90003');
    await report(grouped, -20, 24, () => true);
    // 90004 last used water at noon two days before: no flow for 84 hours, beyond its own threshold of 12.
    await report(await meter('90004', 12), -72, 24, (h) => h < -60);
    await fx.append(
      `meterGroup-${groupId}`,
      [
        { type: 'MeterGroupCreated', data: { groupId, tenantId, name: 'Campus', createdAt: at(-100) } },
        { type: 'MeterGroupMetersAdded', data: { groupId, meterIds: [grouped] } },
      ],
      metadata,
    );
    await rule({});
    await rule({ scope: 'group', scopeId: groupId, threshold: 48 });
    await rule({ kind: METER_ALARM_KIND.zeroConsumption, threshold: null, level: 'low' });
    await fx.runner.catchUp('readings');
  });
  afterAll(() => fx.db.close());

  it("finds every run of flow ending in the day, each meter by its most specific rule, and zero use beyond the day's window", async () => {
    const found = await withTenant(fx.db, tenantId, (sql) =>
      meterAlarmCandidates(sql, DAY, TZ, new Date(midnight + 24 * HOUR)),
    );
    expect(
      found
        .map((c) => [ids.get(c.meterId), c.kind, c.value, c.threshold])
        .sort((a, b) => `${a}`.localeCompare(`${b}`)),
    ).toEqual([
      ['90001', METER_ALARM_KIND.continuousFlow, 25, 24],
      ['90002', METER_ALARM_KIND.continuousFlow, 44, 24],
      ['90004', METER_ALARM_KIND.zeroConsumption, 84, 12],
    ]);
  });
});
