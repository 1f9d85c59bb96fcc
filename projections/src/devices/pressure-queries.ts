import type { Sql } from '@hydrolog/eventstore';
import {
  type PageQuery,
  PRESSURE_ABRUPT_CHANGE,
  type PressureAlarmKind,
  type PressureAlarmListQuery,
  type PressureAlarmView,
  type PressureAnalysis,
  type PressureMeterListQuery,
  type PressureMeterView,
  type PressureTrend,
} from '@hydrolog/schemas';
import { containsPattern, page } from '../sql.ts';

/** The state of spec section 4 from the latest pressure against the limits; unknown without a pressure. */
const STATE = `CASE WHEN l.pressure IS NULL THEN 'unknown'
    WHEN l.pressure > p.upper_limit OR l.pressure < p.lower_limit THEN 'alarm' ELSE 'normal' END`;

/** A pressure meter with its meter's type and its latest pressure (the readings projection's meter_latest). */
const PRESSURE_METER_SELECT = `SELECT p.pressure_meter_id::text, p.device_number, p.monitoring_site, p.rtu_address,
    p.sensor_number, p.data_source, p.communication_mode, p.power_supply_mode, p.upper_limit, p.lower_limit,
    p.longitude, p.latitude, p.address, to_char(p.installation_time, 'YYYY-MM-DD') AS installation_time,
    p.created_at, p.updated_at, p.version::text, m.meter_type_id::text, t.name AS meter_type_name,
    l.ts, l.pressure, ${STATE} AS state
  FROM pressure_meters p
  JOIN meters m ON m.meter_id = p.pressure_meter_id
  JOIN meter_types t ON t.meter_type_id = m.meter_type_id
  LEFT JOIN meter_latest l ON l.meter_id = p.pressure_meter_id`;

export async function listPressureMeters(
  sql: Sql,
  query: PageQuery & PressureMeterListQuery,
): Promise<{ total: number; rows: PressureMeterView[] }> {
  const params: unknown[] = [
    containsPattern(query.deviceNumber),
    containsPattern(query.monitoringSite),
    query.state ?? null,
  ];
  const where = `WHERE ($1::text IS NULL OR p.device_number ILIKE $1 OR p.rtu_address ILIKE $1)
    AND ($2::text IS NULL OR p.monitoring_site ILIKE $2) AND ($3::text IS NULL OR ${STATE} = $3)`;
  const total = await sql.query<{ count: number }>(
    `SELECT count(*)::int AS count FROM pressure_meters p
     LEFT JOIN meter_latest l ON l.meter_id = p.pressure_meter_id ${where}`,
    params,
  );
  const { rows } = await sql.query<Record<string, unknown>>(
    `${PRESSURE_METER_SELECT} ${where} ORDER BY p.created_at DESC, p.pressure_meter_id ${page(params)}`,
    [...params, query.pageSize, (query.pageNum - 1) * query.pageSize],
  );
  return { total: total.rows[0]?.count ?? 0, rows: rows.map(pressureMeterView) };
}

export async function getPressureMeter(sql: Sql, pressureMeterId: string): Promise<PressureMeterView | null> {
  const { rows } = await sql.query<Record<string, unknown>>(
    `${PRESSURE_METER_SELECT} WHERE p.pressure_meter_id = $1`,
    [pressureMeterId],
  );
  return rows[0] ? pressureMeterView(rows[0]) : null;
}

/**
 * Single-point analysis of one local day [start, end): its pressure curve, minimum, maximum and mean, and the
 * minutes during which the last reported pressure was out of the limits (a pressure holds until the next one,
 * the day's end or now).
 */
export async function pressureAnalysis(
  sql: Sql,
  meter: Pick<PressureMeterView, 'pressureMeterId' | 'upperLimit' | 'lowerLimit'>,
  day: string,
  timeZone: string,
  start: Date,
  end: Date,
): Promise<PressureAnalysis> {
  const { rows } = await sql.query<{
    ts: Date;
    pressure: number;
    min: number;
    max: number;
    mean: number;
    out_minutes: number;
  }>(
    `WITH points AS (
       SELECT ts, pressure, lead(ts) OVER (ORDER BY ts) AS next_ts FROM tenant_readings
       WHERE meter_id = $1 AND ts >= $2 AND ts < $3 AND pressure IS NOT NULL
     )
     SELECT ts, pressure, min(pressure) OVER () AS min, max(pressure) OVER () AS max,
       avg(pressure) OVER () AS mean,
       coalesce(sum(CASE WHEN pressure > $4 OR pressure < $5
         THEN extract(epoch FROM greatest(coalesce(next_ts, least($3::timestamptz, now())) - ts, interval '0'))
         ELSE 0 END) OVER () / 60, 0)::float8 AS out_minutes
     FROM points ORDER BY ts`,
    [meter.pressureMeterId, start, end, meter.upperLimit, meter.lowerLimit],
  );
  const first = rows[0];
  return {
    day,
    timeZone,
    upperLimit: meter.upperLimit,
    lowerLimit: meter.lowerLimit,
    points: rows.map((r) => ({ ts: r.ts.toISOString(), pressure: r.pressure })),
    min: first?.min ?? null,
    max: first?.max ?? null,
    mean: first ? Math.round(first.mean * 1000) / 1000 : null,
    minutesOutOfRange: first ? Math.round(first.out_minutes) : 0,
  };
}

/** The pressure trend: per local day of the `days` ending on lastDay, the minimum, maximum and mean pressure. */
export async function pressureTrend(
  sql: Sql,
  meter: Pick<PressureMeterView, 'pressureMeterId' | 'upperLimit' | 'lowerLimit'>,
  lastDay: string,
  days: number,
  timeZone: string,
): Promise<PressureTrend> {
  const { rows } = await sql.query<{
    day: string;
    min: number | null;
    max: number | null;
    mean: number | null;
  }>(
    `SELECT to_char(g.day, 'YYYY-MM-DD') AS day, min(r.pressure) AS min, max(r.pressure) AS max,
       round(avg(r.pressure)::numeric, 3)::float8 AS mean
     FROM generate_series($2::date - ($3::int - 1), $2::date, interval '1 day') AS g(day)
     LEFT JOIN tenant_readings r ON r.meter_id = $1 AND r.pressure IS NOT NULL
       AND r.ts >= g.day::timestamp AT TIME ZONE $4 AND r.ts < (g.day + interval '1 day')::timestamp AT TIME ZONE $4
     GROUP BY g.day ORDER BY g.day`,
    [meter.pressureMeterId, lastDay, days, timeZone],
  );
  return { upperLimit: meter.upperLimit, lowerLimit: meter.lowerLimit, days: rows };
}

/** What the alarm check finds in [start, end): per meter and kind, the first reading past a limit or abrupt. */
export interface PressureFinding {
  pressureMeterId: string;
  kind: PressureAlarmKind;
  at: string;
  value: number;
  limit: number;
}

/**
 * The pressure alarm findings of every pressure meter of the tenant over [start, end), in one query: the first
 * reading above the upper limit, the first below the lower one, and the first change from the previous reading
 * of at least PRESSURE_ABRUPT_CHANGE.
 */
export async function pressureFindings(sql: Sql, start: Date, end: Date): Promise<PressureFinding[]> {
  const { rows } = await sql.query<{
    pressure_meter_id: string;
    kind: PressureAlarmKind;
    at: Date;
    value: number;
    lim: number;
  }>(
    `WITH r AS (
       SELECT p.pressure_meter_id, p.upper_limit, p.lower_limit, r.ts, r.pressure,
         r.pressure - lag(r.pressure) OVER (PARTITION BY r.meter_id ORDER BY r.ts) AS change
       FROM pressure_meters p JOIN tenant_readings r ON r.meter_id = p.pressure_meter_id
       WHERE r.ts >= $1 AND r.ts < $2 AND r.pressure IS NOT NULL
     ), found AS (
       SELECT pressure_meter_id, 'high' AS kind, ts, pressure AS value, upper_limit AS lim FROM r
       WHERE pressure > upper_limit
       UNION ALL
       SELECT pressure_meter_id, 'low', ts, pressure, lower_limit FROM r WHERE pressure < lower_limit
       UNION ALL
       SELECT pressure_meter_id, 'abrupt', ts, change, $3 FROM r WHERE abs(change) >= $3
     )
     SELECT DISTINCT ON (pressure_meter_id, kind) pressure_meter_id::text, kind, ts AS at, value, lim
     FROM found ORDER BY pressure_meter_id, kind, ts`,
    [start, end, PRESSURE_ABRUPT_CHANGE],
  );
  return rows.map((r) => ({
    pressureMeterId: r.pressure_meter_id,
    kind: r.kind,
    at: r.at.toISOString(),
    value: Math.round(r.value * 1000) / 1000,
    limit: r.lim,
  }));
}

export async function listPressureAlarms(
  sql: Sql,
  query: PageQuery & PressureAlarmListQuery,
): Promise<{ total: number; rows: PressureAlarmView[] }> {
  const params: unknown[] = [query.pressureMeterId ?? null, query.kind ?? null];
  const where = 'WHERE ($1::uuid IS NULL OR a.pressure_meter_id = $1) AND ($2::text IS NULL OR a.kind = $2)';
  const total = await sql.query<{ count: number }>(
    `SELECT count(*)::int AS count FROM pressure_alarms a ${where}`,
    params,
  );
  const { rows } = await sql.query<Record<string, unknown>>(
    `SELECT a.alarm_id::text, a.pressure_meter_id::text, p.device_number, p.monitoring_site, a.kind,
       to_char(a.day, 'YYYY-MM-DD') AS day, a.at, a.value, a."limit", a.raised_at
     FROM pressure_alarms a JOIN pressure_meters p ON p.pressure_meter_id = a.pressure_meter_id
     ${where} ORDER BY a.at DESC, a.alarm_id ${page(params)}`,
    [...params, query.pageSize, (query.pageNum - 1) * query.pageSize],
  );
  return {
    total: total.rows[0]?.count ?? 0,
    rows: rows.map((r) => ({
      alarmId: r.alarm_id as string,
      pressureMeterId: r.pressure_meter_id as string,
      deviceNumber: r.device_number as string,
      monitoringSite: r.monitoring_site as string,
      kind: r.kind as PressureAlarmKind,
      day: r.day as string,
      at: (r.at as Date).toISOString(),
      value: r.value as number,
      limit: r.limit as number,
      raisedAt: (r.raised_at as Date).toISOString(),
    })),
  };
}

/** The tenants with pressure meters (the alarm check's round; read as the owner, across tenants). */
export async function tenantsWithPressureMeters(sql: Sql): Promise<string[]> {
  const { rows } = await sql.query<{ tenant_id: string }>(
    'SELECT DISTINCT tenant_id::text FROM pressure_meters',
  );
  return rows.map((r) => r.tenant_id);
}

const orNull = <T>(value: unknown) => (value ?? null) as T | null;

function pressureMeterView(row: Record<string, unknown>): PressureMeterView {
  return {
    pressureMeterId: row.pressure_meter_id as string,
    deviceNumber: row.device_number as string,
    monitoringSite: row.monitoring_site as string,
    rtuAddress: row.rtu_address as string,
    sensorNumber: row.sensor_number as string,
    dataSource: row.data_source as PressureMeterView['dataSource'],
    communicationMode: row.communication_mode as PressureMeterView['communicationMode'],
    powerSupplyMode: row.power_supply_mode as PressureMeterView['powerSupplyMode'],
    upperLimit: row.upper_limit as number,
    lowerLimit: row.lower_limit as number,
    longitude: row.longitude as number,
    latitude: row.latitude as number,
    address: row.address as string,
    installationTime: orNull<string>(row.installation_time),
    meterTypeId: row.meter_type_id as string,
    meterTypeName: row.meter_type_name as string,
    pressure: orNull<number>(row.pressure),
    collectionTime: row.ts ? (row.ts as Date).toISOString() : null,
    state: row.state as PressureMeterView['state'],
    createTime: (row.created_at as Date).toISOString(),
    updateTime: row.updated_at ? (row.updated_at as Date).toISOString() : null,
    version: Number(row.version),
  };
}
