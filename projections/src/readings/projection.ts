import {
  type CounterReading,
  HOUR_MS,
  type IntervalVolume,
  inNightWindow,
  intervalVolumes,
  type LocalDay,
  localDays,
  localHourBoundaries,
  localHourStart,
  nightHoursOf,
  readingGaps,
  volumeKnown,
} from '@hydrolog/domain';
import {
  arrayLiteral,
  type ColumnType,
  column,
  type RecordedEvent,
  type Sql,
  settleUnlessUniqueViolation,
  unlessUniqueViolation,
} from '@hydrolog/eventstore';
import type { EventData, StoredReading } from '@hydrolog/schemas';
import { ensureMonthPartitions, monthStart, monthsBetween, nextMonthStart } from '../partitions.ts';
import type { Projection } from '../projection.ts';
import {
  dropRemovedPointTotals,
  POINT_TOTALS_MIGRATIONS,
  pointTotalsFrom,
  pointTotalsOfMeters,
} from './point-totals.ts';

/** A point's totals computed again from its first day. */
const FIRST_DAY = '-infinity';

/**
 * A point's meters changed: its totals from its first day on, with the membership as it is now (the cascade
 * projection is inline, so at least this event's): a rebuild ends with the same rows.
 */
async function pointMetersChanged(sql: Sql, event: RecordedEvent): Promise<void> {
  const { pointId } = event.data as EventData<
    'CascadeSummaryMeterAssociated' | 'CascadeSubMetersAssociated' | 'CascadeSubMetersRemoved'
  >;
  await pointTotalsFrom(sql, [pointId], [FIRST_DAY]);
}

/** Points or a partition deleted: their totals go. */
const pointsDeleted = (sql: Sql, event: RecordedEvent) =>
  dropRemovedPointTotals(sql, event.metadata.tenantId);

/**
 * Readings and what is computed from them (DESIGN principles 3 and 9): every reading once per (meter, ts);
 * each meter's latest state; hourly volumes in the tenant's local hours from the counter at the hour
 * boundaries, with their coverage, by the gap rules of the meter's type (domain/src/readings/volumes.ts);
 * daily volumes with the daily freeze record and the night hours; each metering point's running totals
 * (point-totals.ts). Async: uploads are answered once the log has them, and this catches up behind (the
 * ingest route pushes back when it falls too far behind). Late and out-of-order readings recompute exactly
 * the hours and days whose counters they change; a meter type's new report interval recomputes its meters'
 * history.
 */
export const readingsProjection: Projection = {
  name: 'readings',
  version: 10,
  mode: 'async',
  tables: [
    'readings',
    'meter_latest',
    'meter_hourly',
    'meter_daily',
    'reading_zones',
    'reading_meter_types',
    'reading_meters',
    'point_daily',
  ],
  reads: ['meters', 'meter_types', 'cascade_points', 'cascade_sub_meters'],
  tenantTables: ['meter_latest', 'meter_hourly', 'meter_daily', 'point_daily'],
  // TimescaleDB compresses readings, and compressed tables cannot have row-level security.
  tenantViews: ['readings'],
  // The hourly rollup grows as fast as the readings (a row per meter and hour): it is stored by month too.
  timeSeries: [
    { table: 'readings', timeColumn: 'ts', compressSegmentBy: 'meter_id', compressAfterDays: 30 },
    { table: 'meter_hourly', timeColumn: 'hour' },
  ],
  // The leakage and history queries read meter_hourly, meter_daily and point_daily by index alone: the primary
  // keys carry the columns those queries read (tenant_id too, for the row-level security filter), so a
  // meter's year stays a few index pages however hourly arrival scatters its rows in the table.
  // gateway_id is null for readings imported from a file.
  migrations: [
    `CREATE TABLE readings (
      tenant_id uuid NOT NULL,
      meter_id uuid NOT NULL,
      ts timestamptz NOT NULL,
      total double precision NOT NULL,
      reverse_total double precision,
      flow double precision,
      pressure double precision,
      pressure2 double precision,
      battery double precision,
      signal double precision,
      valve text,
      temperature double precision,
      alarms jsonb,
      gateway_id uuid,
      counter_break text,
      PRIMARY KEY (meter_id, ts)
    )`,
    `CREATE TABLE meter_latest (
      meter_id uuid PRIMARY KEY,
      tenant_id uuid NOT NULL,
      ts timestamptz NOT NULL,
      total double precision NOT NULL,
      reverse_total double precision,
      flow double precision,
      pressure double precision,
      pressure2 double precision,
      battery double precision,
      signal double precision,
      valve text,
      gateway_id uuid
    )`,
    'CREATE INDEX meter_latest_gateway ON meter_latest (gateway_id)',
    // volume: null where the counter breaks inside the hour; a figure only when start and end are known.
    `CREATE TABLE meter_hourly (
      tenant_id uuid NOT NULL,
      meter_id uuid NOT NULL,
      hour timestamptz NOT NULL,
      hour_end timestamptz NOT NULL,
      volume double precision,
      reverse_volume double precision,
      start_known boolean NOT NULL,
      end_known boolean NOT NULL,
      coverage double precision NOT NULL,
      regular boolean NOT NULL,
      PRIMARY KEY (meter_id, hour) INCLUDE (tenant_id, hour_end, volume, start_known, end_known, coverage, regular)
    )`,
    `CREATE TABLE meter_daily (
      tenant_id uuid NOT NULL,
      meter_id uuid NOT NULL,
      day date NOT NULL,
      volume double precision,
      reverse_volume double precision,
      measured_volume double precision NOT NULL,
      known boolean NOT NULL,
      coverage double precision NOT NULL,
      readings int NOT NULL,
      report_time timestamptz,
      total double precision,
      battery double precision,
      valve text,
      night_lowest_flow double precision,
      night_counted_seconds double precision NOT NULL DEFAULT 0,
      PRIMARY KEY (meter_id, day) INCLUDE (tenant_id, volume, coverage, known, night_lowest_flow, night_counted_seconds)
    )`,
    `CREATE INDEX meter_daily_tenant_day ON meter_daily (tenant_id, day)
       INCLUDE (meter_id, volume)`,
    'CREATE TABLE reading_zones (tenant_id uuid PRIMARY KEY, time_zone text NOT NULL)',
    // Each meter's report interval (through its type), which sets its gap rules.
    'CREATE TABLE reading_meter_types (meter_type_id uuid PRIMARY KEY, report_interval_minutes int NOT NULL)',
    'CREATE TABLE reading_meters (meter_id uuid PRIMARY KEY, meter_type_id uuid NOT NULL)',
    'CREATE INDEX reading_meters_type ON reading_meters (meter_type_id)',
    ...POINT_TOTALS_MIGRATIONS,
  ],
  handlers: {
    async TenantCreated(sql, event) {
      const d = event.data as EventData<'TenantCreated'>;
      await setZone(sql, d.tenantId, d.settings.timeZone);
    },
    async TenantSettingsChanged(sql, event) {
      const d = event.data as EventData<'TenantSettingsChanged'>;
      await setZone(sql, d.tenantId, d.settings.timeZone);
    },
    async MeterTypeCreated(sql, event) {
      const d = event.data as EventData<'MeterTypeCreated'>;
      await setReportInterval(sql, d.meterTypeId, d.reportIntervalMinutes);
    },
    async MeterTypeChanged(sql, event) {
      const d = event.data as EventData<'MeterTypeChanged'>;
      if (!(await setReportInterval(sql, d.meterTypeId, d.reportIntervalMinutes))) return;
      const { rows } = await sql.query<{ meter_id: string }>(
        'SELECT meter_id::text FROM reading_meters WHERE meter_type_id = $1 ORDER BY meter_id',
        [d.meterTypeId],
      );
      await recomputeHistory(
        sql,
        rows.map((r) => r.meter_id),
      );
    },
    async MeterChanged(sql, event) {
      const d = event.data as EventData<'MeterChanged'>;
      if (await setMeterType(sql, d.meterId, d.meterTypeId)) await recomputeHistory(sql, [d.meterId]);
    },
    async MeterMoved(sql, event) {
      const d = event.data as EventData<'MeterMoved'>;
      await setMeterType(sql, d.meterId, d.meterTypeId);
      await moveMeterHistory(sql, d);
    },
    CascadeSummaryMeterAssociated: pointMetersChanged,
    CascadeSubMetersAssociated: pointMetersChanged,
    CascadeSubMetersRemoved: pointMetersChanged,
    CascadePointsDeleted: pointsDeleted,
    CascadePartitionDeleted: pointsDeleted,
  },
  batchHandlers: {
    ReadingsReported: applyReadings,
    ReadingsImported: applyReadings,
    ManualReadingEntered: applyReadings,
    async MeterRegistered(sql, events) {
      const meters = events.map((e) => e.data as EventData<'MeterRegistered'>);
      await sql.query(
        `INSERT INTO reading_meters (meter_id, meter_type_id) SELECT * FROM unnest($1::uuid[], $2::uuid[])
         ON CONFLICT (meter_id) DO UPDATE SET meter_type_id = excluded.meter_type_id`,
        [meters.map((m) => m.meterId), meters.map((m) => m.meterTypeId)],
      );
    },
  },
};

/** A meter of a type the projection has not seen (readings come only for registered meters) is hourly. */
const DEFAULT_REPORT_INTERVAL_MINUTES = 60;

/** Records a type's report interval; true when it changed an interval already recorded. */
async function setReportInterval(sql: Sql, meterTypeId: string, minutes: number): Promise<boolean> {
  const { rows } = await sql.query<{ previous: number | null }>(
    `WITH previous AS (SELECT report_interval_minutes FROM reading_meter_types WHERE meter_type_id = $1),
     saved AS (INSERT INTO reading_meter_types (meter_type_id, report_interval_minutes) VALUES ($1, $2)
       ON CONFLICT (meter_type_id) DO UPDATE SET report_interval_minutes = excluded.report_interval_minutes)
     SELECT (SELECT report_interval_minutes FROM previous) AS previous`,
    [meterTypeId, minutes],
  );
  const previous = rows[0]?.previous ?? null;
  return previous !== null && previous !== minutes;
}

/** Records a meter's type; true when its report interval is now another one. */
async function setMeterType(sql: Sql, meterId: string, meterTypeId: string): Promise<boolean> {
  const { rows } = await sql.query<{ changed: boolean }>(
    `WITH previous AS (SELECT t.report_interval_minutes FROM reading_meters m
         JOIN reading_meter_types t ON t.meter_type_id = m.meter_type_id WHERE m.meter_id = $1),
     saved AS (INSERT INTO reading_meters (meter_id, meter_type_id) VALUES ($1, $2)
       ON CONFLICT (meter_id) DO UPDATE SET meter_type_id = excluded.meter_type_id)
     SELECT (SELECT report_interval_minutes FROM previous) IS DISTINCT FROM
       (SELECT report_interval_minutes FROM reading_meter_types WHERE meter_type_id = $2) AS changed`,
    [meterId, meterTypeId],
  );
  return rows[0]?.changed === true;
}

/** The report interval of a meter, as a SQL expression on a meter id column. */
const reportIntervalOf = (meterId: string) =>
  `coalesce((SELECT t.report_interval_minutes FROM reading_meters rm
     JOIN reading_meter_types t ON t.meter_type_id = rm.meter_type_id WHERE rm.meter_id = ${meterId}),
     ${DEFAULT_REPORT_INTERVAL_MINUTES})`;

function setZone(sql: Sql, tenantId: string, timeZone: string) {
  return sql.query(
    `INSERT INTO reading_zones (tenant_id, time_zone) VALUES ($1, $2)
     ON CONFLICT (tenant_id) DO UPDATE SET time_zone = excluded.time_zone`,
    [tenantId, timeZone],
  );
}

/** A meter with newly stored readings, epoch ms throughout. */
interface DirtyMeter {
  meterId: string;
  tenantId: string;
  timeZone: string;
  reportIntervalMinutes: number;
  /** earliest and latest newly stored reading */
  lo: number;
  hi: number;
  /** the stored readings just before lo and just after hi, if any */
  prev: number | null;
  next: number | null;
  /** its new readings in log order, when they are not stored yet */
  added?: readonly VolumeReading[];
}

/** A DirtyMeter as the statements that find them answer it. */
interface DirtyRow {
  meter_id: string;
  tenant_id: string;
  time_zone: string;
  report_interval_minutes: number;
  lo: number;
  hi: number;
  prev: number | null;
  next: number | null;
}

const dirtyMeter = (row: DirtyRow): DirtyMeter => ({
  meterId: row.meter_id,
  tenantId: row.tenant_id,
  timeZone: row.time_zone,
  reportIntervalMinutes: row.report_interval_minutes,
  lo: row.lo,
  hi: row.hi,
  prev: row.prev,
  next: row.next,
});

/** Epoch milliseconds of a timestamptz expression, as a float8 Node reads without parsing a date. */
const epochMs = (expression: string) => `(extract(epoch FROM ${expression}) * 1000)::float8`;

/** A channel's values, or null when no reading has it: unnest pads a NULL array with NULLs. */
const numberChannel = (values: readonly (number | undefined)[]) =>
  values.some((v) => v !== undefined) ? column('float8', values) : null;
const textChannel = (values: readonly (string | undefined)[]) =>
  values.some((v) => v !== undefined) ? arrayLiteral(values) : null;

const INSERT_READINGS = `INSERT INTO readings (tenant_id, meter_id, gateway_id, ts, total, reverse_total, flow, pressure,
    pressure2, battery, signal, valve, temperature, alarms, counter_break)
  SELECT e.tenants[r.source], e.meters[r.source], e.gateways[r.source], to_timestamp(r.seconds), r.total,
    r.reverse_total, r.flow, r.pressure, r.pressure2, r.battery, r.signal, r.valve, r.temperature,
    r.alarms::jsonb, r.counter_break
  FROM (SELECT $1::uuid[] AS tenants, $2::uuid[] AS meters, $3::uuid[] AS gateways) e,
    unnest($4::int[], $5::float8[], $6::float8[], $7::float8[], $8::float8[], $9::float8[], $10::float8[],
      $11::float8[], $12::text[], $13::float8[], $14::text[], $15::text[], $16::float8[])
    AS r(source, seconds, total, reverse_total, flow, pressure, battery, signal, valve, temperature, alarms,
      counter_break, pressure2)`;

/** The savepoint the insert of a batch's readings is undone to when one of them is stored already. */
const NEW_READINGS = 'new_readings';

/**
 * A batch's new readings, stored in two steps so that PostgreSQL inserts them while Node computes the hours
 * and days: `prepare` takes the savepoint before the stored readings around them are read, `store` sends
 * the insert at once (the connection is idle then) and settles it. A catch-up of 300,000 readings in batches
 * of 20 events took 9.4 µs a reading so, and 10.0 with the insert awaited before computing
 * (benchmarks/src/ingest-profile.ts --engine postgres --readings 300000 --meters 100 --batch 20).
 */
interface NewReadings {
  prepare(): Promise<unknown>;
  store(): Promise<void>;
}

/** A meter's readings in a batch: their span, and the latest of them (the first of equal times, as stored). */
interface MeterSpan {
  tenantId: string;
  lo: number;
  hi: number;
  /** the latest reading's index in the batch's readings */
  latest: number;
  /** its readings in log order, as they are stored */
  readings: VolumeReading[];
}

/** A readings event's readings by meter, with the gateway they came through (none for an import or a manual reading). */
function meterReadingsOf(
  event: RecordedEvent,
): { meterId: string; gatewayId?: string; readings: StoredReading[] }[] {
  if (event.type === 'ReadingsReported') {
    const { gatewayId, meters } = event.data as EventData<'ReadingsReported'>;
    return meters.map((m) => ({ ...m, gatewayId }));
  }
  const d = event.data as EventData<'ReadingsImported'> | EventData<'ManualReadingEntered'>;
  return [{ meterId: d.meterId, readings: d.readings }];
}

/**
 * Stores the events' readings, then each meter's latest state. Parsing their parameters was most of the cost
 * (PostgreSQL reads jsonb, and array literals too, character by character), so the readings go as short
 * arrays, numbers as binary columns: the ids once per meter of an event, each reading naming that by number,
 * times in epoch seconds, channels no reading has as null (measured with benchmarks/src/ingest-profile.ts:
 * 8,000 readings took 95-137 ms as one jsonb parameter and 67 ms so). The readings are inserted as new,
 * without ON CONFLICT's work or a RETURNING list, and each meter's span and latest reading are found here:
 * 20,000 readings took 119-125 ms so in psql, and 258-269 ms with ON CONFLICT DO NOTHING RETURNING and their
 * meters' latest and spans found from what it returned. Binary COPY (fields stored as sent, nothing parsed)
 * took 60-70 ms per batch of 18,750 readings against this INSERT's 73-81 in the profile, yet the ingest bench
 * ran slower end to end with it (25,710-31,242 readings/s in four runs against 31,926-33,694 in three,
 * alternating): the INSERT stays. A reading already stored (same meter and time) is kept as it was: the first
 * one wins, in log order, so when one is, the insert is undone and made again leaving out those stored. Its
 * meter's hours are then recomputed all the same, to the same figures.
 */
async function applyReadings(sql: Sql, events: readonly RecordedEvent[]): Promise<void> {
  const ids = { tenant: [] as string[], meter: [] as string[], gateway: [] as (string | undefined)[] };
  const readings = {
    source: [] as number[],
    seconds: [] as number[],
    total: [] as number[],
    reverseTotal: [] as (number | undefined)[],
    flow: [] as (number | undefined)[],
    pressure: [] as (number | undefined)[],
    battery: [] as (number | undefined)[],
    signal: [] as (number | undefined)[],
    valve: [] as (string | undefined)[],
    temperature: [] as (number | undefined)[],
    alarms: [] as (string | undefined)[],
    counterBreak: [] as (string | undefined)[],
    pressure2: [] as (number | undefined)[],
  }; // in the order of the insert's parameters
  const meters = new Map<string, MeterSpan>();
  // The months the readings fall in, found without a Date per reading: readings come in runs of one month.
  const months = new Set<number>();
  let month = { start: 0, end: 0 };
  for (const event of events)
    for (const group of meterReadingsOf(event)) {
      ids.tenant.push(event.metadata.tenantId);
      ids.meter.push(group.meterId);
      ids.gateway.push(group.gatewayId);
      const source = ids.meter.length;
      // One entry per meter however its id is written (a uuid is one value in any case).
      const meterKey = group.meterId.toLowerCase();
      let meter = meters.get(meterKey);
      for (const r of group.readings) {
        const ms = Date.parse(r.ts);
        if (ms < month.start || ms >= month.end) {
          const start = monthStart(ms);
          month = { start, end: nextMonthStart(start) };
          months.add(start);
        }
        if (!meter) {
          meter = {
            tenantId: event.metadata.tenantId,
            lo: ms,
            hi: ms,
            latest: readings.source.length,
            readings: [],
          };
          meters.set(meterKey, meter);
        } else if (ms > meter.hi) {
          meter.hi = ms;
          meter.latest = readings.source.length;
        } else if (ms < meter.lo) meter.lo = ms;
        meter.readings.push({
          t: ms,
          total: r.total,
          reverse: r.reverseTotal ?? null,
          counterBreak: r.counterBreak ?? null,
          battery: r.battery ?? null,
          valve: r.valve ?? null,
        });
        readings.source.push(source);
        readings.seconds.push(ms / 1000);
        readings.total.push(r.total);
        readings.reverseTotal.push(r.reverseTotal);
        readings.flow.push(r.flow);
        readings.pressure.push(r.pressure);
        readings.battery.push(r.battery);
        readings.signal.push(r.signal);
        readings.valve.push(r.valve);
        readings.temperature.push(r.temperature);
        readings.alarms.push(r.alarms && JSON.stringify(r.alarms));
        readings.counterBreak.push(r.counterBreak);
        readings.pressure2.push(r.pressure2);
      }
    }
  if (meters.size === 0) return;
  await ensureMonthPartitions(sql, 'readings', months);
  const params = [
    arrayLiteral(ids.tenant),
    arrayLiteral(ids.meter),
    arrayLiteral(ids.gateway),
    column('int4', readings.source),
    column('float8', readings.seconds),
    column('float8', readings.total),
    numberChannel(readings.reverseTotal),
    numberChannel(readings.flow),
    numberChannel(readings.pressure),
    numberChannel(readings.battery),
    numberChannel(readings.signal),
    textChannel(readings.valve),
    numberChannel(readings.temperature),
    textChannel(readings.alarms),
    textChannel(readings.counterBreak),
    numberChannel(readings.pressure2),
  ];
  // The rows go in log order (the ids come from a one-row subquery, not a join), so the first one wins.
  const newReadings: NewReadings = {
    prepare: () => sql.query(`SAVEPOINT ${NEW_READINGS}`),
    async store() {
      const inserted = await settleUnlessUniqueViolation(
        sql,
        NEW_READINGS,
        sql.query(INSERT_READINGS, params),
      );
      if (!inserted) await sql.query(`${INSERT_READINGS} ON CONFLICT (meter_id, ts) DO NOTHING`, params);
    },
  };

  // A reading stored already is not newer than the meter's latest state, which never goes back. An imported
  // or manual reading names no gateway: the meter keeps the one its latest uploads came through. A line per
  // meter comes back with its stored neighbours outside the span of its new readings, and its tenant's time
  // zone.
  const batch = [...meters];
  const latest = batch.map(([, m]) => m.latest);
  const at = <T>(values: readonly T[]) => latest.map((k) => values[k]);
  const stored = await sql.query<
    Pick<DirtyRow, 'time_zone' | 'report_interval_minutes' | 'prev' | 'next'> & { n: number }
  >(
    `WITH latest AS (
       INSERT INTO meter_latest (meter_id, tenant_id, ts, total, reverse_total, flow, pressure, pressure2, battery,
         signal, valve, gateway_id)
       SELECT m.meter_id, m.tenant_id, to_timestamp(m.seconds), m.total, m.reverse_total, m.flow, m.pressure,
         m.pressure2, m.battery, m.signal, m.valve, m.gateway_id
       FROM unnest($1::uuid[], $2::uuid[], $5::float8[], $6::float8[], $7::float8[], $8::float8[], $9::float8[],
           $10::float8[], $11::float8[], $12::float8[], $13::text[], $14::uuid[])
         AS m(meter_id, tenant_id, seconds, total, reverse_total, flow, pressure, pressure2, battery, signal, valve,
           gateway_id)
       ON CONFLICT (meter_id) DO UPDATE SET ts = excluded.ts, total = excluded.total,
         reverse_total = excluded.reverse_total, flow = excluded.flow, pressure = excluded.pressure,
         pressure2 = excluded.pressure2, battery = excluded.battery, signal = excluded.signal, valve = excluded.valve,
         gateway_id = coalesce(excluded.gateway_id, meter_latest.gateway_id)
       WHERE meter_latest.ts < excluded.ts)
     SELECT s.n::int, coalesce(z.time_zone, 'UTC') AS time_zone,
       ${reportIntervalOf('s.meter_id')} AS report_interval_minutes,
       ${epochMs('(SELECT max(ts) FROM readings r WHERE r.meter_id = s.meter_id AND r.ts < to_timestamp(s.lo))')} AS prev,
       ${epochMs('(SELECT min(ts) FROM readings r WHERE r.meter_id = s.meter_id AND r.ts > to_timestamp(s.hi))')} AS next
     FROM unnest($1::uuid[], $2::uuid[], $3::float8[], $4::float8[]) WITH ORDINALITY AS s(meter_id, tenant_id, lo, hi, n)
     LEFT JOIN reading_zones z ON z.tenant_id = s.tenant_id`,
    [
      arrayLiteral(batch.map(([meterId]) => meterId)),
      arrayLiteral(batch.map(([, m]) => m.tenantId)),
      column(
        'float8',
        batch.map(([, m]) => m.lo / 1000),
      ),
      column(
        'float8',
        batch.map(([, m]) => m.hi / 1000),
      ),
      column('float8', at(readings.seconds)),
      column('float8', at(readings.total)),
      column('float8', at(readings.reverseTotal)),
      column('float8', at(readings.flow)),
      column('float8', at(readings.pressure)),
      column('float8', at(readings.pressure2)),
      column('float8', at(readings.battery)),
      column('float8', at(readings.signal)),
      arrayLiteral(at(readings.valve)),
      arrayLiteral(latest.map((k) => ids.gateway[readings.source[k]! - 1])),
    ],
  );
  await recomputeVolumes(
    sql,
    stored.rows.map((row) => {
      const [meterId, meter] = batch[row.n - 1]!;
      const dirty = { ...row, meter_id: meterId, tenant_id: meter.tenantId, lo: meter.lo, hi: meter.hi };
      return { ...dirtyMeter(dirty), added: meter.readings };
    }),
    newReadings,
  );
}

/**
 * A meter moved to another tenant takes its readings along; its hours and days are those of the new
 * tenant's time zone, so they are computed again over the whole history.
 */
async function moveMeterHistory(sql: Sql, moved: EventData<'MeterMoved'>): Promise<void> {
  const { meterId, toTenantId } = moved;
  await sql.query('UPDATE readings SET tenant_id = $2 WHERE meter_id = $1', [meterId, toTenantId]);
  await sql.query('UPDATE meter_latest SET tenant_id = $2 WHERE meter_id = $1', [meterId, toTenantId]);
  await recomputeHistory(sql, [meterId]);
}

/** Meters whose whole history is recomputed in one statement round (bounded: a meter holds years). */
const HISTORY_METERS_PER_ROUND = 20;

/**
 * Recomputes the hours and days of these meters' whole history from their readings, in their tenant's zone
 * and by their type's gap rules (after a move to another tenant, or a new report interval).
 */
async function recomputeHistory(sql: Sql, meterIds: readonly string[]): Promise<void> {
  for (let i = 0; i < meterIds.length; i += HISTORY_METERS_PER_ROUND) {
    const round = meterIds.slice(i, i + HISTORY_METERS_PER_ROUND);
    await sql.query('DELETE FROM meter_hourly WHERE meter_id = ANY($1::uuid[])', [round]);
    await sql.query('DELETE FROM meter_daily WHERE meter_id = ANY($1::uuid[])', [round]);
    // Every reading of the meter is new: no neighbours outside.
    const spans = await sql.query<DirtyRow>(
      `SELECT r.meter_id::text, (array_agg(r.tenant_id))[1]::text AS tenant_id,
         coalesce((SELECT time_zone FROM reading_zones z WHERE z.tenant_id = (array_agg(r.tenant_id))[1]), 'UTC')
           AS time_zone,
         ${reportIntervalOf('r.meter_id')} AS report_interval_minutes,
         ${epochMs('min(r.ts)')} AS lo, ${epochMs('max(r.ts)')} AS hi, NULL::float8 AS prev, NULL::float8 AS next
       FROM readings r WHERE r.meter_id = ANY($1::uuid[]) GROUP BY r.meter_id ORDER BY r.meter_id`,
      [round],
    );
    await recomputeVolumes(sql, spans.rows.map(dirtyMeter));
  }
}

/** A statement's array parameter: a binary column, or an array literal (dates, text). */
type ParamType = ColumnType | 'literal';
type ValueOf<T extends ParamType> = T extends 'bool'
  ? boolean | null
  : T extends 'literal'
    ? string | null
    : number | null;

/**
 * The columns of the rows a statement unnests, declared once by name and type in the order of its
 * parameters: `empty` makes the arrays the rows are pushed to, `params` turns them into the parameters.
 */
function statementColumns<T extends Record<string, ParamType>>(types: T) {
  type Columns = { [K in keyof T]: ValueOf<T[K]>[] };
  return {
    empty: () => Object.fromEntries(Object.keys(types).map((name) => [name, []])) as unknown as Columns,
    params: (columns: Columns) =>
      Object.entries(types).map(([name, type]) => {
        const values = columns[name]!;
        return type === 'literal'
          ? arrayLiteral(values)
          : column(type, values as (number | boolean | null)[]);
      }),
  };
}

/**
 * Hours as the hourly statements take them: short arrays in the order of their parameters ($3 on, typed as
 * their casts), each hour naming its meter by number, boundaries in epoch seconds (whole seconds in every
 * time zone).
 */
const HOURS = statementColumns({
  range: 'int4',
  start: 'float8',
  end: 'float8',
  volume: 'float8',
  reverse: 'float8',
  startKnown: 'bool',
  endKnown: 'bool',
  coverage: 'float8',
  regular: 'bool',
});
type HourColumns = ReturnType<typeof HOURS.empty>;

const INSERT_HOURS = `INSERT INTO meter_hourly (tenant_id, meter_id, hour, hour_end, volume, reverse_volume, start_known,
    end_known, coverage, regular)
  SELECT m.tenants[h.range], m.meters[h.range], to_timestamp(h.s), to_timestamp(h.e), h.v, h.r, h.sk, h.ek, h.c, h.rg
  FROM (SELECT $1::uuid[] AS tenants, $2::uuid[] AS meters) m,
    unnest($3::int[], $4::float8[], $5::float8[], $6::float8[], $7::float8[], $8::boolean[], $9::boolean[],
      $10::float8[], $11::boolean[])
    AS h(range, s, e, v, r, sk, ek, c, rg)`;

const UPSERT_HOURS = `${INSERT_HOURS}
  ON CONFLICT (meter_id, hour) DO UPDATE SET hour_end = excluded.hour_end, volume = excluded.volume,
    reverse_volume = excluded.reverse_volume, start_known = excluded.start_known, end_known = excluded.end_known,
    coverage = excluded.coverage, regular = excluded.regular`;

/**
 * Stores the hours of the meters ([tenant ids, meter ids] as array literals): those that may be stored
 * already by upsert, the new ones, most of them, by a plain insert, which skips ON CONFLICT's work (20,000
 * new hours took 145-169 ms so and 232-244 ms with ON CONFLICT, in psql). Should an hour taken for new be
 * stored after all, the insert is undone and every hour upserted.
 */
async function writeHours(
  sql: Sql,
  meters: [string, string],
  fresh: HourColumns,
  recomputed: HourColumns,
): Promise<void> {
  const write = async (statement: string, hours: HourColumns) => {
    if (hours.range.length > 0) await sql.query(statement, [...meters, ...HOURS.params(hours)]);
  };
  // The two sets of hours are apart, so they can be written in either order and by separate statements.
  await write(UPSERT_HOURS, recomputed);
  if (fresh.range.length === 0) return;
  if ((await unlessUniqueViolation(sql, 'new_hours', () => write(INSERT_HOURS, fresh))) === null)
    await write(UPSERT_HOURS, fresh);
}

/** A reading as the hours and days are computed from it: its counters and its daily freeze record's channels. */
interface VolumeReading extends CounterReading {
  battery: number | null;
  valve: string | null;
}

/** The hours a meter's new readings change, the days holding them, and the span of readings they are computed from. */
function volumeRange(meter: DirtyMeter) {
  const { timeZone } = meter;
  const from = localHourStart(meter.prev ?? meter.lo, timeZone);
  const until = meter.next ?? meter.hi;
  const boundaries = localHourBoundaries(from, until, timeZone);
  if (boundaries.length < 2) boundaries.push(localHourStart(from + HOUR_MS, timeZone));
  // The days the hours start in: a reading on the last boundary (a midnight) is the first of the next
  // day, so that day is counted too. Their readings are read as a whole.
  const days = localDays(boundaries[0]!, boundaries.at(-1)!, timeZone);
  return {
    meterId: meter.meterId,
    tenantId: meter.tenantId,
    timeZone,
    gaps: readingGaps(meter.reportIntervalMinutes),
    boundaries,
    // No stored hour of the meter starts later than this: the last is the one holding its reading before
    // the new ones, unless a reading after them is stored.
    storedUntil: meter.next !== null ? Number.POSITIVE_INFINITY : (meter.prev ?? Number.NEGATIVE_INFINITY),
    days,
    span: { from: days[0]!.start, until: days.at(-1)!.end },
    added: meter.added ?? [],
  };
}
type VolumeRange = ReturnType<typeof volumeRange>;

/**
 * A new reading changes the counter interpolated anywhere between its stored neighbours, so the hours from
 * the one holding its previous neighbour to the one holding its next are recomputed, then their days. A
 * day is computed here from all its readings and hours: the hours outside the recomputed ones are computed
 * again from the same readings rather than read back, which the counter at their boundaries makes the same.
 * New readings not stored yet (`added`) are stored by `newReadings` once the stored ones around them are
 * read, and joined to those here as the insert keeps them (the first of a meter and time wins), so that they
 * are not read back.
 * In a catch-up of 300,000 readings of 100 meters (benchmarks/src/ingest-profile.ts), a statement reading
 * each day's hours and readings back took 1,517 ms, writing the days computed here 136-225 ms; reading the
 * new readings back took 605-614 ms, the stored ones around them 8-17 ms; the catch-up took 32.0 µs a
 * reading before and 24.5-25.6 so.
 */
async function recomputeVolumes(
  sql: Sql,
  meters: readonly DirtyMeter[],
  newReadings?: NewReadings,
): Promise<void> {
  if (meters.length === 0) return;
  const ranges = meters.map(volumeRange);

  await newReadings?.prepare();
  // The readings from the last one at or before the span's start to the first one at or after its end.
  const window = await sql.query<{
    n: number;
    t: number;
    total: number;
    reverse_total: number | null;
    counter_break: 'before' | 'after' | null;
    battery: number | null;
    valve: string | null;
  }>(
    `SELECT d.n::int, ${epochMs('r.ts')} AS t, r.total, r.reverse_total, r.counter_break, r.battery, r.valve
     FROM ROWS FROM (unnest($1::uuid[], $2::float8[], $3::float8[])) WITH ORDINALITY AS d(meter_id, lo, hi, n)
     CROSS JOIN LATERAL (SELECT
         coalesce((SELECT max(ts) FROM readings p WHERE p.meter_id = d.meter_id AND p.ts <= to_timestamp(d.lo)),
           to_timestamp(d.lo)) AS lo,
         coalesce((SELECT min(ts) FROM readings n WHERE n.meter_id = d.meter_id AND n.ts >= to_timestamp(d.hi)),
           to_timestamp(d.hi)) AS hi) w
     JOIN readings r ON r.meter_id = d.meter_id AND r.ts >= w.lo AND r.ts <= w.hi
     ORDER BY d.n, r.ts`,
    [
      arrayLiteral(ranges.map((r) => r.meterId)),
      column(
        'float8',
        ranges.map((r) => r.span.from / 1000),
      ),
      column(
        'float8',
        ranges.map((r) => r.span.until / 1000),
      ),
    ],
  );
  const storedOf = ranges.map(() => [] as VolumeReading[]);
  for (const row of window.rows)
    storedOf[row.n - 1]!.push({
      t: row.t,
      total: row.total,
      reverse: row.reverse_total,
      counterBreak: row.counter_break,
      battery: row.battery,
      valve: row.valve,
    });
  // The insert is sent before the rows are computed and settled before they are written; awaited together,
  // so that its failure is handled however the computing ends.
  const [, { fresh, recomputed, daily, hourMonths }] = await Promise.all([
    newReadings?.store(),
    Promise.resolve().then(() => volumeRows(ranges, storedOf)),
  ]);
  const meterIds = arrayLiteral(ranges.map((r) => r.meterId));
  const tenantIds = arrayLiteral(ranges.map((r) => r.tenantId));
  await ensureMonthPartitions(sql, 'meter_hourly', hourMonths);
  await writeHours(sql, [tenantIds, meterIds], fresh, recomputed);
  if (daily.range.length > 0) await sql.query(UPSERT_DAYS, [tenantIds, meterIds, ...DAYS.params(daily)]);
  await pointTotalsOfMeters(
    sql,
    ranges.map((r) => r.meterId),
    ranges.map((r) => r.days[0]!.date),
  );
}

/** The hours (new and recomputed) and days of the ranges, from their stored readings joined to the new ones. */
function volumeRows(ranges: readonly VolumeRange[], storedOf: readonly (readonly VolumeReading[])[]) {
  const fresh = HOURS.empty();
  const recomputed = HOURS.empty();
  const daily = DAYS.empty();
  const hourMonths = new Set<number>();
  ranges.forEach((range, i) => {
    const { boundaries, timeZone, span } = range;
    const first = boundaries[0]!;
    const last = boundaries.at(-1)!;
    // The months the hours start in: the last boundary only ends the last hour.
    for (const month of monthsBetween(first, boundaries.at(-2)!)) hourMonths.add(month);
    const stored = storedOf[i]!;
    const readings = range.added.length > 0 ? joinReadings(stored, range.added) : stored;
    const hours = intervalVolumes(readings, localHourBoundaries(span.from, span.until, timeZone), range.gaps);
    for (const v of hours) {
      if (v.start < first || v.start >= last) continue;
      const columns = v.start > range.storedUntil ? fresh : recomputed;
      columns.range.push(i + 1);
      columns.start.push(v.start / 1000);
      columns.end.push(v.end / 1000);
      columns.volume.push(v.volume);
      columns.reverse.push(v.reverseVolume);
      columns.startKnown.push(v.startKnown);
      columns.endKnown.push(v.endKnown);
      columns.coverage.push(v.coverage);
      columns.regular.push(v.regular);
    }
    let h = 0;
    let r = 0;
    for (const day of range.days) {
      while (h < hours.length && hours[h]!.start < day.start) h++;
      const hoursFrom = h;
      while (h < hours.length && hours[h]!.start < day.end) h++;
      while (r < readings.length && readings[r]!.t < day.start) r++;
      const readingsFrom = r;
      while (r < readings.length && readings[r]!.t < day.end) r++;
      if (h === hoursFrom && r === readingsFrom) continue;
      daily.range.push(i + 1);
      daily.day.push(day.date);
      pushDay(daily, day, hours.slice(hoursFrom, h), readings.slice(readingsFrom, r), timeZone);
    }
  });
  return { fresh, recomputed, daily, hourMonths };
}

/** Days as the daily statement takes them, like the hours. */
const DAYS = statementColumns({
  range: 'int4',
  day: 'literal',
  volume: 'float8',
  reverse: 'float8',
  measured: 'float8',
  known: 'bool',
  coverage: 'float8',
  readings: 'int4',
  reportTime: 'float8',
  total: 'float8',
  battery: 'float8',
  valve: 'literal',
  nightLowestFlow: 'float8',
  nightCountedSeconds: 'float8',
});
type DayColumns = ReturnType<typeof DAYS.empty>;

const UPSERT_DAYS = `INSERT INTO meter_daily (tenant_id, meter_id, day, volume, reverse_volume, measured_volume, known,
    coverage, readings, report_time, total, battery, valve, night_lowest_flow, night_counted_seconds)
  SELECT m.tenants[d.range], m.meters[d.range], d.day, d.v, d.r, d.mv, d.k, d.c, d.n, to_timestamp(d.rt), d.t, d.b,
    d.vl, d.nf, d.ns
  FROM (SELECT $1::uuid[] AS tenants, $2::uuid[] AS meters) m,
    unnest($3::int[], $4::date[], $5::float8[], $6::float8[], $7::float8[], $8::boolean[], $9::float8[],
      $10::int[], $11::float8[], $12::float8[], $13::float8[], $14::text[], $15::float8[], $16::float8[])
    AS d(range, day, v, r, mv, k, c, n, rt, t, b, vl, nf, ns)
  ON CONFLICT (meter_id, day) DO UPDATE SET volume = excluded.volume, reverse_volume = excluded.reverse_volume,
    measured_volume = excluded.measured_volume, known = excluded.known, coverage = excluded.coverage,
    readings = excluded.readings, report_time = excluded.report_time, total = excluded.total,
    battery = excluded.battery, valve = excluded.valve, night_lowest_flow = excluded.night_lowest_flow,
    night_counted_seconds = excluded.night_counted_seconds`;

/** Stored readings (in time order) and new ones (in log order) as the insert keeps them, in time order. */
function joinReadings(stored: readonly VolumeReading[], added: readonly VolumeReading[]): VolumeReading[] {
  const times = new Set(stored.map((r) => r.t));
  const joined = [...stored];
  for (const reading of added) {
    if (times.has(reading.t)) continue;
    times.add(reading.t);
    joined.push(reading);
  }
  return joined.sort((a, b) => a.t - b.t);
}

/** A sum as SQL's sum() takes it: null until the first value. */
const plus = (sum: number | null, value: number) => (sum === null ? value : sum + value);

/**
 * A day adds up its hours (volumes.ts gives each its volume and coverage): its volume is the counter's rise
 * from local midnight to midnight, known when the counter is known at both and continuous between them
 * (every hour has a volume); its coverage is the covered share of its time, and it is known (a supply) when
 * that share is whole. Its measured volume is that of its known hours: what the meter measured of the day
 * so far, never spread over a gap (consumption dashboards add these up). Its night hours are nightHoursOf's
 * over the hours starting in the night window, so that a point's nights read a row a day rather than the
 * hours. Hours are added in time order, so that a rebuild adds the same floats in the same order. Its
 * freeze record is its latest reading.
 */
function pushDay(
  days: DayColumns,
  day: LocalDay,
  hours: readonly IntervalVolume[],
  readings: readonly VolumeReading[],
  timeZone: string,
): void {
  const seconds = (day.end - day.start) / 1000;
  const hoursInDay = Math.round(seconds / 3600);
  let volume: number | null = null;
  let reverse: number | null = null;
  let measured: number | null = null;
  let withVolume = 0;
  let covered = 0;
  let allCovered = true;
  let firstKnown = false;
  let lastKnown = false;
  for (const hour of hours) {
    if (hour.volume !== null) {
      withVolume++;
      volume = plus(volume, hour.volume);
      if (hour.startKnown && hour.endKnown) measured = plus(measured, hour.volume);
    }
    if (hour.reverseVolume !== null) reverse = plus(reverse, hour.reverseVolume);
    covered += hour.coverage * ((hour.end - hour.start) / 1000);
    if (hour.coverage !== 1) allCovered = false;
    if (hour.start === day.start && hour.startKnown) firstKnown = true;
    if (hour.end === day.end && hour.endKnown) lastKnown = true;
  }
  const supplied = hours.length === hoursInDay && withVolume === hoursInDay && firstKnown && lastKnown;
  const whole = hours.length === hoursInDay && hours.length > 0 && allCovered;
  const [night] = nightHoursOf(
    hours
      .filter((hour) => inNightWindow(hour.start, timeZone))
      .map((hour) => ({ ...hour, known: volumeKnown(hour) })),
    timeZone,
  );
  const latest = readings.at(-1);
  days.volume.push(supplied ? volume : null);
  days.reverse.push(supplied ? reverse : null);
  days.measured.push(measured ?? 0);
  days.known.push(whole);
  days.coverage.push(whole ? 1 : Math.min(1, covered / seconds));
  days.readings.push(readings.length);
  days.reportTime.push(latest ? latest.t / 1000 : null);
  days.total.push(latest?.total ?? null);
  days.battery.push(latest?.battery ?? null);
  days.valve.push(latest?.valve ?? null);
  days.nightLowestFlow.push(night?.lowestFlow ?? null);
  days.nightCountedSeconds.push((night?.countedMs ?? 0) / 1000);
}
