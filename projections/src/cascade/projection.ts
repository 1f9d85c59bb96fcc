import {
  addBalances,
  addDays,
  balanceFromTotals,
  daysBetween,
  detectionSettings,
  detectLeaks,
  leakageRate,
  localMidnight,
  missingDataReason,
  nightFigures as nightFiguresOf,
  nightFlows,
  nightWindowRanges,
} from '@hydrolog/domain';
import type { RecordedEvent, Sql } from '@hydrolog/eventstore';
import type {
  Boundary,
  CascadeAlarmKindName,
  CascadeAlarmView,
  DailyFigure,
  EventData,
  LeakAnalysis,
  NightFigure,
  PageQuery,
  PartitionDetail,
  PartitionView,
  PeriodBalance,
  PointView,
  RankingRow,
  SubMeterCandidate,
  SubMeterCandidateQuery,
  SubMeterQuery,
} from '@hydrolog/schemas';
import type { Projection } from '../projection.ts';
import { latestReadingAt, meterHoursIn } from '../readings/index.ts';
import { containsPattern } from '../sql.ts';

const version = (event: RecordedEvent) => Number(event.streamVersion);

/**
 * Cascade partitions, their metering points and sub-meters, and the alarms raised on them (inline: a
 * created point is in the next list). The leakage figures are not stored: they are computed at query time
 * from meter_daily / meter_hourly joined with the membership here, so a late reading shows in the figures as
 * soon as the readings projection has caught up, with no second copy to keep in step.
 */
export const cascadeProjection: Projection = {
  name: 'cascade',
  version: 2,
  mode: 'inline',
  tables: [
    'cascade_partitions',
    'cascade_points',
    'cascade_sub_meters',
    'cascade_meter_positions',
    'cascade_alarms',
    'cascade_holidays',
  ],
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
    `CREATE TABLE cascade_sub_meters (
      point_id uuid NOT NULL,
      meter_id uuid NOT NULL,
      tenant_id uuid NOT NULL,
      meter_no text NOT NULL,
      PRIMARY KEY (point_id, meter_id)
    )`,
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

// ---- partitions and points (run inside withTenant) ----------------------------------------------------

interface ThresholdColumns {
  leakage_rate_threshold: number;
  mnf_threshold: number;
  kl_threshold: number;
  leak_sensitivity: number;
  leak_floor: number;
}

interface PartitionRow extends ThresholdColumns {
  partition_id: string;
  name: string;
  root_point_id: string;
  boundary: Boundary | null;
  created_at: Date;
  version: string;
  leader_name: string;
  leader_phone: string;
  point_count: number;
  levels: number;
}

const PARTITION_SELECT = `SELECT c.partition_id::text, c.name, c.root_point_id::text, c.boundary, c.created_at,
    c.version::text, r.leader_name, r.leader_phone, r.leakage_rate_threshold, r.mnf_threshold, r.kl_threshold,
    r.leak_sensitivity, r.leak_floor, (SELECT count(*)::int FROM cascade_points p WHERE p.partition_id = c.partition_id) AS point_count,
    (SELECT max(level)::int FROM cascade_points p WHERE p.partition_id = c.partition_id) AS levels
  FROM cascade_partitions c JOIN cascade_points r ON r.point_id = c.root_point_id`;

const thresholdsOf = (r: ThresholdColumns) => ({
  leakageRate: r.leakage_rate_threshold,
  mnf: r.mnf_threshold,
  kl: r.kl_threshold,
  leakSensitivity: r.leak_sensitivity,
  leakFloor: r.leak_floor,
});

function partitionView(r: PartitionRow): PartitionView {
  return {
    partitionId: r.partition_id,
    name: r.name,
    leaderName: r.leader_name,
    leaderPhone: r.leader_phone,
    rootPointId: r.root_point_id,
    thresholds: thresholdsOf(r),
    boundary: r.boundary,
    pointCount: r.point_count,
    levels: r.levels,
    createTime: r.created_at.toISOString(),
    version: Number(r.version),
  };
}

export async function listPartitions(
  sql: Sql,
  query: PageQuery & { name?: string | undefined },
): Promise<{ total: number; rows: PartitionView[] }> {
  const where = 'WHERE ($1::text IS NULL OR c.name ILIKE $1)';
  const params = [containsPattern(query.name)];
  const total = await sql.query<{ count: number }>(
    `SELECT count(*)::int AS count FROM cascade_partitions c ${where}`,
    params,
  );
  const { rows } = await sql.query<PartitionRow>(
    `${PARTITION_SELECT} ${where} ORDER BY c.created_at DESC, c.partition_id LIMIT $2 OFFSET $3`,
    [...params, query.pageSize, (query.pageNum - 1) * query.pageSize],
  );
  return { total: total.rows[0]?.count ?? 0, rows: rows.map(partitionView) };
}

interface PointRow extends ThresholdColumns {
  point_id: string;
  partition_id: string;
  parent_id: string | null;
  level: number;
  name: string;
  leader_name: string;
  leader_phone: string;
  summary_meter_id: string | null;
  summary_meter_no: string | null;
  sub_meter_count: number;
}

const POINT_SELECT = `SELECT p.point_id::text, p.partition_id::text, p.parent_id::text, p.level, p.name, p.leader_name,
    p.leader_phone, p.leakage_rate_threshold, p.mnf_threshold, p.kl_threshold, p.leak_sensitivity, p.leak_floor,
    p.summary_meter_id::text,
    p.summary_meter_no, (SELECT count(*)::int FROM cascade_sub_meters s WHERE s.point_id = p.point_id) AS sub_meter_count
  FROM cascade_points p`;

function pointView(r: PointRow): PointView {
  return {
    pointId: r.point_id,
    partitionId: r.partition_id,
    parentId: r.parent_id,
    level: r.level,
    name: r.name,
    leaderName: r.leader_name,
    leaderPhone: r.leader_phone,
    thresholds: thresholdsOf(r),
    summaryMeter:
      r.summary_meter_id && r.summary_meter_no
        ? { meterId: r.summary_meter_id, meterNo: r.summary_meter_no }
        : null,
    subMeterCount: r.sub_meter_count,
  };
}

export async function getPartition(sql: Sql, partitionId: string): Promise<PartitionDetail | null> {
  const { rows } = await sql.query<PartitionRow>(`${PARTITION_SELECT} WHERE c.partition_id = $1`, [
    partitionId,
  ]);
  if (!rows[0]) return null;
  const points = await sql.query<PointRow>(
    `${POINT_SELECT} WHERE p.partition_id = $1 ORDER BY p.level, p.name`,
    [partitionId],
  );
  const positions = await sql.query<{ meter_no: string; lng: number; lat: number }>(
    'SELECT meter_no, lng, lat FROM cascade_meter_positions WHERE partition_id = $1 ORDER BY meter_no',
    [partitionId],
  );
  return {
    ...partitionView(rows[0]),
    points: points.rows.map(pointView),
    meterPositions: positions.rows.map((p) => ({ meterNo: p.meter_no, coordinates: [p.lng, p.lat] })),
  };
}

export async function getPoint(sql: Sql, pointId: string): Promise<PointView | null> {
  const { rows } = await sql.query<PointRow>(`${POINT_SELECT} WHERE p.point_id = $1`, [pointId]);
  return rows[0] ? pointView(rows[0]) : null;
}

/** The metering points of the tenant (every partition), for the ranking and the alarm evaluation. */
export async function listPoints(sql: Sql): Promise<PointView[]> {
  const { rows } = await sql.query<PointRow>(`${POINT_SELECT} ORDER BY p.partition_id, p.level, p.name`);
  return rows.map(pointView);
}

/** A point's sub-meters by number, filtered by a part of the number. */
export async function listSubMeters(
  sql: Sql,
  pointId: string,
  query: PageQuery & SubMeterQuery,
): Promise<{ total: number; rows: { meterId: string; meterNo: string }[] }> {
  const where = 'FROM cascade_sub_meters WHERE point_id = $1 AND ($2::text IS NULL OR meter_no LIKE $2)';
  const params = [pointId, containsPattern(query.meterNo)];
  const total = await sql.query<{ count: number }>(`SELECT count(*)::int AS count ${where}`, params);
  const { rows } = await sql.query<{ meter_id: string; meter_no: string }>(
    `SELECT meter_id::text, meter_no ${where} ORDER BY meter_no LIMIT $3 OFFSET $4`,
    [...params, query.pageSize, (query.pageNum - 1) * query.pageSize],
  );
  return {
    total: total.rows[0]?.count ?? 0,
    rows: rows.map((r) => ({ meterId: r.meter_id, meterNo: r.meter_no })),
  };
}

/**
 * The sub-meter picker: the tenant's opened meters (held by an account that is not cancelled) that are
 * neither a sub-meter nor the summary meter of the point, by meter number, filtered by number or name.
 */
export async function listSubMeterCandidates(
  sql: Sql,
  tenantId: string,
  pointId: string,
  query: PageQuery & SubMeterCandidateQuery,
): Promise<{ total: number; rows: SubMeterCandidate[] }> {
  const where = `FROM customers c
    WHERE c.tenant_id = $1 AND c.status <> 'cancelled'
      AND NOT EXISTS (SELECT 1 FROM cascade_sub_meters s WHERE s.point_id = $2 AND s.meter_id = c.meter_id)
      AND NOT EXISTS (SELECT 1 FROM cascade_points p WHERE p.point_id = $2 AND p.summary_meter_id = c.meter_id)
      AND ($3::text IS NULL OR c.meter_no LIKE $3) AND ($4::text IS NULL OR c.name ILIKE $4)`;
  const params = [tenantId, pointId, containsPattern(query.meterNo), containsPattern(query.accountName)];
  const total = await sql.query<{ count: number }>(`SELECT count(*)::int AS count ${where}`, params);
  const { rows } = await sql.query<{ meter_id: string; meter_no: string; account_no: string; name: string }>(
    `SELECT c.meter_id::text, c.meter_no, c.account_no, c.name ${where}
      ORDER BY c.meter_no, c.meter_id LIMIT $5 OFFSET $6`,
    [...params, query.pageSize, (query.pageNum - 1) * query.pageSize],
  );
  return {
    total: total.rows[0]?.count ?? 0,
    rows: rows.map((r) => ({
      meterId: r.meter_id,
      meterNo: r.meter_no,
      accountNo: r.account_no,
      accountName: r.name,
    })),
  };
}

// ---- figures (DESIGN "Leakage definitions"; the rules are the domain's) --------------------------------

interface DayTotalsRow {
  day: string;
  supply: number | null;
  supply_coverage: number | null;
  sales: number | null;
  sales_coverage: number | null;
}

/**
 * Per local day of [fromDay, toDay]: the summary meter's volume and coverage and the sub-meters' summed
 * volume and coverage. Two index range scans on meter_daily's primary key (meter_id, day).
 */
async function dayTotals(
  sql: Sql,
  point: PointView,
  fromDay: string,
  toDay: string,
): Promise<DayTotalsRow[]> {
  const { rows } = await sql.query<DayTotalsRow>(
    `WITH days AS (SELECT d::date AS day FROM generate_series($2::date, $3::date, interval '1 day') AS d),
     subs AS (SELECT md.day, sum(md.volume) AS sales, sum(md.coverage) AS coverage
       FROM cascade_sub_meters s JOIN meter_daily md ON md.meter_id = s.meter_id AND md.day BETWEEN $2::date AND $3::date
       WHERE s.point_id = $1 GROUP BY md.day)
     SELECT to_char(days.day, 'YYYY-MM-DD') AS day, sm.volume AS supply, sm.coverage AS supply_coverage,
       subs.sales, subs.coverage AS sales_coverage
     FROM days LEFT JOIN meter_daily sm ON sm.meter_id = $4 AND sm.day = days.day
     LEFT JOIN subs ON subs.day = days.day ORDER BY days.day`,
    [point.pointId, fromDay, toDay, point.summaryMeter?.meterId ?? null],
  );
  return rows;
}

/**
 * supply, sales, leakage, leakage rate and coverage of a point per local day of [fromDay, toDay], each null
 * with its reason.
 */
export async function dailyFigures(
  sql: Sql,
  point: PointView,
  fromDay: string,
  toDay: string,
  timeZone: string,
): Promise<DailyFigure[]> {
  const latest = point.summaryMeter ? await latestReadingAt(sql, point.summaryMeter.meterId) : null;
  return (await dayTotals(sql, point, fromDay, toDay)).map((row) => ({
    date: row.day,
    ...balanceFromTotals(
      point.summaryMeter
        ? {
            day:
              row.supply_coverage === null
                ? undefined
                : { volume: row.supply, coverage: row.supply_coverage },
            missing: missingDataReason(localMidnight(addDays(row.day, 1), timeZone), latest),
          }
        : undefined,
      { sales: row.sales ?? 0, coverage: row.sales_coverage ?? 0, count: point.subMeterCount },
    ),
  }));
}

/**
 * MNF (m3/h, 02:00-04:00 local), ADF = supply / 24 and KL = MNF / ADF of a point per night of
 * [fromDay, toDay]: only the hours starting in the night window are read (2 of 24); ADF from the same
 * day's supply as the daily figures.
 */
export async function nightFigures(
  sql: Sql,
  point: PointView,
  fromDay: string,
  toDay: string,
  timeZone: string,
): Promise<NightFigure[]> {
  const meterId = point.summaryMeter?.meterId;
  const hours = meterId ? await meterHoursIn(sql, meterId, nightWindowRanges(fromDay, toDay, timeZone)) : [];
  const days = await dailyFigures(sql, point, fromDay, toDay, timeZone);
  return nightFiguresOf(
    nightFlows(hours, fromDay, toDay, timeZone),
    new Map(days.map((d) => [d.date, d])),
    meterId ? await latestReadingAt(sql, meterId) : null,
    meterId !== undefined,
  );
}

/** The tenant's holidays, sorted. */
export async function cascadeHolidays(sql: Sql): Promise<string[]> {
  const { rows } = await sql.query<{ day: string }>(
    `SELECT to_char(day, 'YYYY-MM-DD') AS day FROM cascade_holidays ORDER BY day`,
  );
  return rows.map((r) => r.day);
}

/**
 * The nights the detector learns from before the first night asked for: a baseline needs three weeks of
 * known nights and the weekday profile twelve weeks. The first night read lies on a fixed 28-day grid, so
 * that asked a day later the detector reads the same nights from the same first one, and as it decides each
 * night from the nights before only, it finds the same leaks with the same start nights.
 */
const LEAK_HISTORY_DAYS = 120;
const LEAK_HISTORY_GRID_DAYS = 28;

function leakHistoryStart(fromDay: string): string {
  const first = addDays(fromDay, -LEAK_HISTORY_DAYS);
  return addDays(first, -(daysBetween('1970-01-01', first) % LEAK_HISTORY_GRID_DAYS));
}

/**
 * Leak detection on a point's nightly MNF over [fromDay, toDay] with the point's sensitivity and floor and
 * the tenant's holidays: the nights of the period as judged, and every leak under way during it (found
 * before it too) with its volume lost, an estimate: its size times the hours from its start night to its
 * repair night, or to the end of the period.
 */
export async function pointLeaks(
  sql: Sql,
  point: PointView,
  fromDay: string,
  toDay: string,
  timeZone: string,
): Promise<LeakAnalysis> {
  const meterId = point.summaryMeter?.meterId;
  const first = leakHistoryStart(fromDay);
  const hours = meterId ? await meterHoursIn(sql, meterId, nightWindowRanges(first, toDay, timeZone)) : [];
  const holidays = new Set(await cascadeHolidays(sql));
  const { nights, leaks } = detectLeaks(
    nightFlows(hours, first, toDay, timeZone).map((n) => ({
      date: n.date,
      mnf: n.mnf,
      holiday: holidays.has(n.date),
    })),
    detectionSettings(point.thresholds),
  );
  const end = addDays(toDay, 1);
  return {
    nights: nights.filter((n) => n.date >= fromDay),
    leaks: leaks
      .filter((l) => l.start <= toDay && (l.repaired === null || l.repaired >= fromDay))
      .map((l) => ({ ...l, volumeLostM3: l.sizeM3h * 24 * daysBetween(l.start, l.repaired ?? end) })),
  };
}

/** Production versus sales over a period: its days added up (addBalances: days without supply left out). */
export async function periodBalance(
  sql: Sql,
  point: PointView,
  fromDay: string,
  toDay: string,
  timeZone: string,
): Promise<PeriodBalance> {
  return {
    from: fromDay,
    to: toDay,
    ...addBalances(await dailyFigures(sql, point, fromDay, toDay, timeZone)),
  };
}

/**
 * Every point with sub-meters by leakage rate over [fromDay, toDay], highest first (points with no rate
 * last), with the days added up as addBalances does: supply of the wholly covered inlet days, and sales of
 * those days only.
 */
export async function leakageRanking(sql: Sql, fromDay: string, toDay: string): Promise<RankingRow[]> {
  // Set-based: every member meter's volume over the period once (and, for inlets, the known days' volume
  // and count), added up per point by its role there. Only a point whose inlet is not known on some of the
  // days (rare) looks at days: its sales of those days are taken out again.
  const { rows } = await sql.query<{
    point_id: string;
    partition_id: string;
    name: string;
    supply: number | null;
    sales: number | null;
  }>(
    `WITH ranked AS (SELECT p.point_id, p.partition_id, p.name, p.summary_meter_id FROM cascade_points p
       WHERE p.summary_meter_id IS NOT NULL AND EXISTS (SELECT 1 FROM cascade_sub_meters s WHERE s.point_id = p.point_id)),
     members AS (SELECT point_id, summary_meter_id AS meter_id, true AS supply FROM ranked
       UNION ALL SELECT s.point_id, s.meter_id, false FROM cascade_sub_meters s JOIN ranked r USING (point_id)),
     volumes AS (SELECT md.meter_id, sum(md.volume) AS volume, sum(md.volume) FILTER (WHERE md.known) AS known_volume,
         count(*) FILTER (WHERE md.known)::int AS known_days
       FROM meter_daily md
       WHERE md.meter_id IN (SELECT meter_id FROM members) AND md.day BETWEEN $1::date AND $2::date
       GROUP BY md.meter_id),
     totals AS (SELECT m.point_id, sum(v.known_volume) FILTER (WHERE m.supply) AS supply,
         sum(v.known_days) FILTER (WHERE m.supply) AS supply_days, sum(v.volume) FILTER (WHERE NOT m.supply) AS sales
       FROM members m LEFT JOIN volumes v USING (meter_id) GROUP BY m.point_id)
     SELECT r.point_id::text, r.partition_id::text, r.name, t.supply, t.sales - coalesce(u.sales, 0) AS sales
     FROM ranked r JOIN totals t USING (point_id)
     LEFT JOIN LATERAL (SELECT sum(s.volume) AS sales FROM cascade_sub_meters c
         JOIN meter_daily s ON s.meter_id = c.meter_id AND s.day BETWEEN $1::date AND $2::date
         WHERE t.supply_days BETWEEN 1 AND $2::date - $1::date AND c.point_id = r.point_id
           AND NOT EXISTS (SELECT 1 FROM meter_daily x
             WHERE x.meter_id = r.summary_meter_id AND x.day = s.day AND x.known)) u ON true`,
    [fromDay, toDay],
  );
  const ranked = rows.map((r) => {
    const supply = r.supply;
    const leakage = supply === null ? null : supply - (r.sales ?? 0);
    return {
      pointId: r.point_id,
      partitionId: r.partition_id,
      name: r.name,
      supply,
      leakage,
      leakageRate: leakageRate(supply, leakage),
    };
  });
  return ranked.sort(
    (a, b) => (b.leakageRate ?? Number.NEGATIVE_INFINITY) - (a.leakageRate ?? Number.NEGATIVE_INFINITY),
  );
}

// ---- alarms --------------------------------------------------------------------------------------------

interface AlarmRow {
  alarm_id: string;
  partition_id: string;
  point_id: string;
  point_name: string | null;
  kind: CascadeAlarmKindName;
  day: string;
  value: number;
  threshold: number;
  trend: number | null;
  raised_at: Date;
  status: 'open' | 'processed' | 'repaired';
  baseline: number | null;
  repaired_day: string | null;
}

export async function listCascadeAlarms(
  sql: Sql,
  query: PageQuery & {
    partitionId?: string | undefined;
    pointId?: string | undefined;
    kind?: CascadeAlarmKindName | undefined;
    from?: string | undefined;
    to?: string | undefined;
  },
): Promise<{ total: number; rows: CascadeAlarmView[] }> {
  const where = `WHERE ($1::uuid IS NULL OR a.partition_id = $1) AND ($2::uuid IS NULL OR a.point_id = $2)
    AND ($3::text IS NULL OR a.kind = $3) AND ($4::date IS NULL OR a.day >= $4) AND ($5::date IS NULL OR a.day <= $5)`;
  const params = [
    query.partitionId ?? null,
    query.pointId ?? null,
    query.kind ?? null,
    query.from ?? null,
    query.to ?? null,
  ];
  const total = await sql.query<{ count: number }>(
    `SELECT count(*)::int AS count FROM cascade_alarms a ${where}`,
    params,
  );
  const { rows } = await sql.query<AlarmRow>(
    `SELECT a.alarm_id::text, a.partition_id::text, a.point_id::text, p.name AS point_name, a.kind,
       to_char(a.day, 'YYYY-MM-DD') AS day, a.value, a.threshold, a.trend, a.raised_at, a.status,
       a.baseline, to_char(a.repaired_day, 'YYYY-MM-DD') AS repaired_day
     FROM cascade_alarms a LEFT JOIN cascade_points p ON p.point_id = a.point_id ${where}
     ORDER BY a.day DESC, a.raised_at DESC, a.alarm_id LIMIT $6 OFFSET $7`,
    [...params, query.pageSize, (query.pageNum - 1) * query.pageSize],
  );
  return {
    total: total.rows[0]?.count ?? 0,
    rows: rows.map((r) => ({
      alarmId: r.alarm_id,
      partitionId: r.partition_id,
      pointId: r.point_id,
      pointName: r.point_name ?? '',
      kind: r.kind,
      day: r.day,
      value: r.value,
      threshold: r.threshold,
      trend: r.trend,
      raisedAt: r.raised_at.toISOString(),
      status: r.status,
      baseline: r.baseline,
      repairedDay: r.repaired_day,
    })),
  };
}

/** The caller's alarms among these ids (another tenant's are not seen), with their stream's name parts. */
export async function cascadeAlarmsByIds(
  sql: Sql,
  alarmIds: readonly string[],
): Promise<{ alarmId: string; pointId: string; kind: CascadeAlarmKindName; day: string }[]> {
  const { rows } = await sql.query<{
    alarm_id: string;
    point_id: string;
    kind: CascadeAlarmKindName;
    day: string;
  }>(
    `SELECT alarm_id::text, point_id::text, kind, to_char(day, 'YYYY-MM-DD') AS day
       FROM cascade_alarms WHERE alarm_id = ANY($1::uuid[])`,
    [alarmIds],
  );
  return rows.map((r) => ({ alarmId: r.alarm_id, pointId: r.point_id, kind: r.kind, day: r.day }));
}

/** Alarms per local day of [fromDay, toDay] and kind (the 30-day alarm counts). */
export async function alarmCounts(
  sql: Sql,
  fromDay: string,
  toDay: string,
): Promise<{ kind: CascadeAlarmKindName; count: number }[]> {
  const { rows } = await sql.query<{ kind: CascadeAlarmKindName; count: number }>(
    `SELECT kind, count(*)::int AS count FROM cascade_alarms WHERE day BETWEEN $1::date AND $2::date
     GROUP BY kind ORDER BY kind`,
    [fromDay, toDay],
  );
  return rows;
}

/**
 * Several points' figures per local day of [fromDay, toDay], each point's days read once: by point id, and
 * added up per day (addBalances, a point weighing as many as its meters: summary meter and sub-meters).
 */
export async function pointsDailyFigures(
  sql: Sql,
  points: readonly PointView[],
  fromDay: string,
  toDay: string,
  timeZone: string,
): Promise<{ perPoint: Map<string, DailyFigure[]>; total: DailyFigure[] }> {
  const perPoint = new Map<string, DailyFigure[]>();
  for (const point of points)
    perPoint.set(point.pointId, await dailyFigures(sql, point, fromDay, toDay, timeZone));
  const weights = points.map((p) => 1 + p.subMeterCount);
  const total: DailyFigure[] = [];
  for (let day = fromDay, i = 0; day <= toDay; day = addDays(day, 1), i++) {
    total.push({
      date: day,
      ...addBalances(
        points.map((p) => perPoint.get(p.pointId)![i]!),
        weights,
      ),
    });
  }
  return { perPoint, total };
}
