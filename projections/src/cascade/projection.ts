import { detectionSettings } from '@hydrolog/domain';
import type { RecordedEvent, Sql } from '@hydrolog/eventstore';
import type { EventData } from '@hydrolog/schemas';
import type { Projection } from '../projection.ts';

const version = (event: RecordedEvent) => Number(event.streamVersion);

/**
 * Cascade partitions, their metering points and sub-meters, and the alarms raised on them (inline: a
 * created point is in the next list). The leakage figures are not stored: leakage.ts computes them at query
 * time from the readings projection's days (meter_daily, and point_daily, the points' running totals it keeps
 * from the membership here), so a late reading shows in the figures as soon as it has caught up.
 */
export const cascadeProjection: Projection = {
  name: 'cascade',
  version: 3,
  mode: 'inline',
  tables: [
    'cascade_partitions',
    'cascade_points',
    'cascade_sub_meters',
    'cascade_meter_positions',
    'cascade_alarms',
    'cascade_holidays',
  ],
  reads: ['customers', 'meter_daily', 'meter_latest', 'point_daily'],
  tenantTables: [
    'cascade_partitions',
    'cascade_points',
    'cascade_sub_meters',
    'cascade_meter_positions',
    'cascade_alarms',
    'cascade_holidays',
  ],
  migrations: [
    `CREATE TABLE cascade_partitions (
      partition_id uuid PRIMARY KEY,
      tenant_id uuid NOT NULL,
      name text NOT NULL,
      root_point_id uuid NOT NULL,
      boundary jsonb,
      created_at timestamptz NOT NULL,
      version bigint NOT NULL
    )`,
    'CREATE UNIQUE INDEX cascade_partitions_name ON cascade_partitions (tenant_id, lower(name))',
    `CREATE TABLE cascade_points (
      point_id uuid PRIMARY KEY,
      tenant_id uuid NOT NULL,
      partition_id uuid NOT NULL,
      parent_id uuid,
      level int NOT NULL,
      name text NOT NULL,
      leader_name text NOT NULL,
      leader_phone text NOT NULL,
      leakage_rate_threshold double precision NOT NULL,
      mnf_threshold double precision NOT NULL,
      kl_threshold double precision NOT NULL,
      leak_sensitivity double precision NOT NULL,
      leak_floor double precision NOT NULL,
      summary_meter_id uuid,
      summary_meter_no text
    )`,
    'CREATE INDEX cascade_points_partition ON cascade_points (partition_id)',
    // The readings projection finds the points whose running totals a meter's new days change.
    'CREATE INDEX cascade_points_summary_meter ON cascade_points (summary_meter_id)',
    `CREATE TABLE cascade_sub_meters (
      point_id uuid NOT NULL,
      meter_id uuid NOT NULL,
      tenant_id uuid NOT NULL,
      meter_no text NOT NULL,
      PRIMARY KEY (point_id, meter_id)
    )`,
    'CREATE INDEX cascade_sub_meters_meter ON cascade_sub_meters (meter_id)',
    `CREATE TABLE cascade_meter_positions (
      partition_id uuid NOT NULL,
      meter_no text NOT NULL,
      tenant_id uuid NOT NULL,
      lng double precision NOT NULL,
      lat double precision NOT NULL,
      PRIMARY KEY (partition_id, meter_no)
    )`,
    `CREATE TABLE cascade_alarms (
      alarm_id uuid PRIMARY KEY,
      tenant_id uuid NOT NULL,
      partition_id uuid NOT NULL,
      point_id uuid NOT NULL,
      kind text NOT NULL,
      day date NOT NULL,
      value double precision NOT NULL,
      threshold double precision NOT NULL,
      trend double precision,
      raised_at timestamptz NOT NULL,
      status text NOT NULL DEFAULT 'open',
      baseline double precision,
      repaired_day date,
      UNIQUE (point_id, kind, day)
    )`,
    'CREATE INDEX cascade_alarms_tenant ON cascade_alarms (tenant_id, raised_at DESC)',
    'CREATE TABLE cascade_holidays (tenant_id uuid NOT NULL, day date NOT NULL, PRIMARY KEY (tenant_id, day))',
  ],
  handlers: {
    async CascadePartitionCreated(sql, event) {
      const d = event.data as EventData<'CascadePartitionCreated'>;
      await sql.query(
        `INSERT INTO cascade_partitions (partition_id, tenant_id, name, root_point_id, boundary, created_at, version)
         VALUES ($1, $2, $3, $4, $5, $6, $7)`,
        [d.partitionId, d.tenantId, d.name, d.pointId, json(d.boundary), d.createdAt, version(event)],
      );
      await insertPoint(sql, d.tenantId, { ...d, parentId: null, level: 1 });
    },
    async CascadePartitionChanged(sql, event) {
      const d = event.data as EventData<'CascadePartitionChanged'>;
      await sql.query(
        'UPDATE cascade_partitions SET name = $2, boundary = $3, version = $4 WHERE partition_id = $1',
        [d.partitionId, d.name, json(d.boundary), version(event)],
      );
      await updatePoint(sql, d);
    },
    async CascadePartitionDeleted(sql, event) {
      const { partitionId } = event.data as EventData<'CascadePartitionDeleted'>;
      await sql.query(
        `DELETE FROM cascade_sub_meters WHERE point_id IN (SELECT point_id FROM cascade_points WHERE partition_id = $1)`,
        [partitionId],
      );
      for (const table of ['cascade_points', 'cascade_meter_positions', 'cascade_partitions']) {
        await sql.query(`DELETE FROM ${table} WHERE partition_id = $1`, [partitionId]);
      }
    },
    async CascadePointAdded(sql, event) {
      const d = event.data as EventData<'CascadePointAdded'>;
      await insertPoint(sql, event.metadata.tenantId, d);
      await bumpVersion(sql, d.partitionId, event);
    },
    async CascadePointChanged(sql, event) {
      const d = event.data as EventData<'CascadePointChanged'>;
      await updatePoint(sql, d);
      await bumpVersion(sql, d.partitionId, event);
    },
    async CascadePointsDeleted(sql, event) {
      const d = event.data as EventData<'CascadePointsDeleted'>;
      await sql.query('DELETE FROM cascade_points WHERE point_id = ANY($1::uuid[])', [d.pointIds]);
      await bumpVersion(sql, d.partitionId, event);
    },
    async CascadeSummaryMeterAssociated(sql, event) {
      const d = event.data as EventData<'CascadeSummaryMeterAssociated'>;
      await sql.query(
        'UPDATE cascade_points SET summary_meter_id = $2, summary_meter_no = $3 WHERE point_id = $1',
        [d.pointId, d.meter.meterId, d.meter.meterNo],
      );
      await bumpVersion(sql, d.partitionId, event);
    },
    async CascadeSubMetersAssociated(sql, event) {
      const d = event.data as EventData<'CascadeSubMetersAssociated'>;
      await sql.query(
        `INSERT INTO cascade_sub_meters (point_id, meter_id, tenant_id, meter_no)
         SELECT $1, m.id, $2, m.no FROM unnest($3::uuid[], $4::text[]) AS m(id, no)
         ON CONFLICT DO NOTHING`,
        [d.pointId, event.metadata.tenantId, d.meters.map((m) => m.meterId), d.meters.map((m) => m.meterNo)],
      );
      await bumpVersion(sql, d.partitionId, event);
    },
    async CascadeSubMetersRemoved(sql, event) {
      const d = event.data as EventData<'CascadeSubMetersRemoved'>;
      await sql.query('DELETE FROM cascade_sub_meters WHERE point_id = $1 AND meter_id = ANY($2::uuid[])', [
        d.pointId,
        d.meterIds,
      ]);
      await bumpVersion(sql, d.partitionId, event);
    },
    async CascadeMeterPositionsSet(sql, event) {
      const d = event.data as EventData<'CascadeMeterPositionsSet'>;
      await sql.query(
        `INSERT INTO cascade_meter_positions (partition_id, meter_no, tenant_id, lng, lat)
         SELECT $1, p.no, $2, p.lng, p.lat FROM unnest($3::text[], $4::float8[], $5::float8[]) AS p(no, lng, lat)
         ON CONFLICT (partition_id, meter_no) DO UPDATE SET lng = excluded.lng, lat = excluded.lat`,
        [
          d.partitionId,
          event.metadata.tenantId,
          d.positions.map((p) => p.meterNo),
          d.positions.map((p) => p.coordinates[0]),
          d.positions.map((p) => p.coordinates[1]),
        ],
      );
      await bumpVersion(sql, d.partitionId, event);
    },
    async CascadeAlarmProcessed(sql, event) {
      const d = event.data as EventData<'CascadeAlarmProcessed'>;
      await sql.query(`UPDATE cascade_alarms SET status = 'processed' WHERE alarm_id = $1`, [d.alarmId]);
    },
    async CascadeAlarmRepaired(sql, event) {
      const d = event.data as EventData<'CascadeAlarmRepaired'>;
      // Repaired closes an open alarm; one a user has processed stays processed, with its repair night.
      await sql.query(
        `UPDATE cascade_alarms SET repaired_day = $2, status = CASE WHEN status = 'open' THEN 'repaired' ELSE status END
         WHERE alarm_id = $1`,
        [d.alarmId, d.repairedDay],
      );
    },
    async CascadeHolidaysSet(sql, event) {
      const d = event.data as EventData<'CascadeHolidaysSet'>;
      const tenantId = event.metadata.tenantId;
      await sql.query('DELETE FROM cascade_holidays WHERE tenant_id = $1', [tenantId]);
      await sql.query('INSERT INTO cascade_holidays SELECT $1, unnest($2::date[])', [tenantId, d.holidays]);
    },
    async CascadeAlarmRaised(sql, event) {
      const d = event.data as EventData<'CascadeAlarmRaised'>;
      await sql.query(
        `INSERT INTO cascade_alarms (alarm_id, tenant_id, partition_id, point_id, kind, day, value, threshold, trend,
           raised_at, baseline) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) ON CONFLICT DO NOTHING`,
        [
          d.alarmId,
          event.metadata.tenantId,
          d.partitionId,
          d.pointId,
          d.kind,
          d.day,
          d.value,
          d.threshold,
          d.trend,
          d.raisedAt,
          d.baseline ?? null,
        ],
      );
    },
  },
};

const json = (value: unknown) => (value === null || value === undefined ? null : JSON.stringify(value));

function insertPoint(
  sql: Sql,
  tenantId: string,
  d: Omit<EventData<'CascadePointAdded'>, 'parentId'> & { parentId: string | null },
) {
  return sql.query(
    `INSERT INTO cascade_points (point_id, tenant_id, partition_id, parent_id, level, name, leader_name, leader_phone,
       leakage_rate_threshold, mnf_threshold, kl_threshold, leak_sensitivity, leak_floor)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)`,
    [
      d.pointId,
      tenantId,
      d.partitionId,
      d.parentId,
      d.level,
      d.name,
      d.leaderName,
      d.leaderPhone,
      d.thresholds.leakageRate,
      d.thresholds.mnf,
      d.thresholds.kl,
      ...leakThresholds(d.thresholds),
    ],
  );
}

/** The leak detector's settings of a point; events from before they existed take the detector's defaults. */
const leakThresholds = (t: EventData<'CascadePointAdded'>['thresholds']) => {
  const { sensitivity, floorM3h } = detectionSettings(t);
  return [sensitivity, floorM3h];
};

function updatePoint(sql: Sql, d: EventData<'CascadePointChanged'>) {
  return sql.query(
    `UPDATE cascade_points SET name = $2, leader_name = $3, leader_phone = $4, leakage_rate_threshold = $5,
       mnf_threshold = $6, kl_threshold = $7, leak_sensitivity = $8, leak_floor = $9 WHERE point_id = $1`,
    [
      d.pointId,
      d.name,
      d.leaderName,
      d.leaderPhone,
      d.thresholds.leakageRate,
      d.thresholds.mnf,
      d.thresholds.kl,
      ...leakThresholds(d.thresholds),
    ],
  );
}

function bumpVersion(sql: Sql, partitionId: string, event: RecordedEvent) {
  return sql.query('UPDATE cascade_partitions SET version = $2 WHERE partition_id = $1', [
    partitionId,
    version(event),
  ]);
}
