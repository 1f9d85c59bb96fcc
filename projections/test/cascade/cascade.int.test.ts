import { testEngines } from '@hydrolog/eventstore/testing';
import { uuidv7 } from '@hydrolog/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cascadeProjection } from '../../src/index.ts';
import { type ProjectionsFixture, projectionsOn } from '../fixtures.ts';

const AT = '2026-03-01T08:00:00.000Z';

describe.each(testEngines())('cascade projection on $engine', (engine) => {
  let fx: ProjectionsFixture;
  const tenantId = uuidv7();
  const metadata = { tenantId, correlationId: uuidv7() };
  beforeAll(async () => {
    fx = await projectionsOn(engine, [cascadeProjection]);
  });
  afterAll(() => fx.db.close());

  it('a partition with its sub-meters and their map positions, an alarm raised and processed, the holidays', async () => {
    const [partitionId, pointId, alarmId, meterId] = [uuidv7(), uuidv7(), uuidv7(), uuidv7()];
    const point = {
      partitionId,
      pointId,
      name: 'North Hill',
      leaderName: 'Wang',
      leaderPhone: '13800000000',
      thresholds: { leakageRate: 0.2, mnf: 5, kl: 3 },
    };
    await fx.append(
      `cascadePartition-${partitionId}`,
      [
        { type: 'CascadePartitionCreated', data: { ...point, tenantId, boundary: null, createdAt: AT } },
        {
          type: 'CascadeSubMetersAssociated',
          data: { partitionId, pointId, meters: [{ meterId, meterNo: '1000000001' }] },
        },
        {
          type: 'CascadeMeterPositionsSet',
          data: {
            partitionId,
            positions: [
              { meterNo: '1000000001', coordinates: [120.1, 30.2] },
              { meterNo: '1000000002', coordinates: [120.2, 30.3] },
            ],
          },
        },
        {
          type: 'CascadeMeterPositionsSet',
          data: { partitionId, positions: [{ meterNo: '1000000001', coordinates: [120.15, 30.25] }] },
        },
      ],
      metadata,
    );
    await fx.append(
      `cascadeAlarm-${alarmId}`,
      [
        {
          type: 'CascadeAlarmRaised',
          data: {
            alarmId,
            partitionId,
            pointId,
            kind: 'mnf',
            day: '2026-02-28',
            value: 7.5,
            threshold: 5,
            trend: null,
            raisedAt: AT,
          },
        },
        { type: 'CascadeAlarmProcessed', data: { alarmId, processedAt: AT } },
      ],
      metadata,
    );
    await fx.append(
      `cascadeCalendar-${tenantId}`,
      [{ type: 'CascadeHolidaysSet', data: { holidays: ['2026-05-01', '2026-10-01'] } }],
      metadata,
    );
    expect(await fx.rows('SELECT name, root_point_id::text, version::int FROM cascade_partitions')).toEqual([
      { name: 'North Hill', root_point_id: pointId, version: 3 },
    ]);
    expect(await fx.rows('SELECT level, leader_name, mnf_threshold FROM cascade_points')).toEqual([
      { level: 1, leader_name: 'Wang', mnf_threshold: 5 },
    ]);
    expect(await fx.rows('SELECT point_id::text, meter_no FROM cascade_sub_meters')).toEqual([
      { point_id: pointId, meter_no: '1000000001' },
    ]);
    expect(await fx.rows('SELECT meter_no, lng, lat FROM cascade_meter_positions ORDER BY meter_no')).toEqual(
      [
        { meter_no: '1000000001', lng: 120.15, lat: 30.25 },
        { meter_no: '1000000002', lng: 120.2, lat: 30.3 },
      ],
    );
    expect(await fx.rows('SELECT kind, value, status FROM cascade_alarms')).toEqual([
      { kind: 'mnf', value: 7.5, status: 'processed' },
    ]);
    expect(await fx.rows('SELECT day::text FROM cascade_holidays ORDER BY day')).toEqual([
      { day: '2026-05-01' },
      { day: '2026-10-01' },
    ]);
  });
});
