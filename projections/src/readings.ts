import {
  HOUR_MS,
  intervalVolumes,
  localDate,
  localHourBoundaries,
  localHourStart,
  READING_MAX_GAP_MS,
} from '@hydrolog/domain';
import { arrayLiteral, type RecordedEvent, type Sql } from '@hydrolog/eventstore';
import type {
  EventData,
  MeterFrozen,
  MeterReading,
  ReadingRateDay,
  ValveState,
  VolumeRow,
} from '@hydrolog/schemas';
import type { Projection } from './projection.ts';

/**
 * Readings and what is computed from them (DESIGN principles 3 and 9): every reading once per (meter, ts);
 * each meter's latest state; hourly volumes in the tenant's local hours from the counter interpolated at
 * the hour boundaries; daily volumes with the daily freeze record. Async: uploads are answered once the
 * log has them, and this catches up behind (the ingest route pushes back when it falls too far behind).
 * Late and out-of-order readings recompute exactly the hours and days whose counters they change.
 */
export const readingsProjection: Projection = {
  name: 'readings',
  version: 2,
  mode: 'async',
  tables: ['readings', 'meter_latest', 'meter_hourly', 'meter_daily', 'reading_zones'],
  tenantTables: ['meter_latest', 'meter_hourly', 'meter_daily'],
  // TimescaleDB compresses readings, and compressed tables cannot have row-level security.
  tenantViews: ['readings'],
  hypertables: [
    { table: 'readings', timeColumn: 'ts', compressSegmentBy: 'meter_id', compressAfterDays: 30 },
  ],
  // The leakage queries read meter_hourly and meter_daily by index alone: the primary keys and the tenant's
  // day index carry the columns those queries read (tenant_id too, for the row-level security filter), so a
  // meter's year stays a few index pages however hourly arrival scatters its rows in the table.
  migrations: [
    `CREATE TABLE readings (
      tenant_id uuid NOT NULL,
      meter_id uuid NOT NULL,
      ts timestamptz NOT NULL,
      total double precision NOT NULL,
      reverse_total double precision,
      flow double precision,
      pressure double precision,
      battery double precision,
      signal double precision,
      valve text,
      temperature double precision,
      alarms jsonb,
      gateway_id uuid NOT NULL,
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
      battery double precision,
      signal double precision,
      valve text,
      gateway_id uuid NOT NULL
    )`,
    'CREATE INDEX meter_latest_gateway ON meter_latest (gateway_id)',
    `CREATE TABLE meter_hourly (
      tenant_id uuid NOT NULL,
      meter_id uuid NOT NULL,
      hour timestamptz NOT NULL,
      hour_end timestamptz NOT NULL,
      volume double precision NOT NULL,
      reverse_volume double precision NOT NULL,
      start_known boolean NOT NULL,
      end_known boolean NOT NULL,
      PRIMARY KEY (meter_id, hour) INCLUDE (tenant_id, hour_end, volume, start_known, end_known)
    )`,
    `CREATE TABLE meter_daily (
      tenant_id uuid NOT NULL,
      meter_id uuid NOT NULL,
      day date NOT NULL,
      volume double precision,
      reverse_volume double precision,
      known boolean NOT NULL,
      coverage double precision NOT NULL,
      readings int NOT NULL,
      report_time timestamptz,
      total double precision,
      battery double precision,
      valve text,
      PRIMARY KEY (meter_id, day) INCLUDE (tenant_id, volume, coverage)
    )`,
    'CREATE INDEX meter_daily_tenant_day ON meter_daily (tenant_id, day) INCLUDE (meter_id, volume)',
    'CREATE TABLE reading_zones (tenant_id uuid PRIMARY KEY, time_zone text NOT NULL)',
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
    async MeterMoved(sql, event) {
      await moveMeterHistory(sql, event.data as EventData<'MeterMoved'>);
    },
  },
  batchHandlers: { ReadingsReported: applyReadings },
};

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
  /** earliest and latest newly stored reading */
  lo: number;
  hi: number;
  /** the stored readings just before lo and just after hi, if any */
  prev: number | null;
  next: number | null;
}

/** Epoch milliseconds of a timestamptz expression, as a float8 Node reads without parsing a date. */
const epochMs = (expression: string) => `(extract(epoch FROM ${expression}) * 1000)::float8`;

/** The channel's array literal, or null when no reading has it: unnest pads a NULL array with NULLs. */
function channel(values: readonly (string | number | undefined)[]): string | null {
  return values.some((v) => v !== undefined) ? arrayLiteral(values) : null;
}

/**
 * Stores the events' readings and each meter's latest state in one statement. Parsing its parameters was
 * most of its cost (PostgreSQL reads jsonb, and arrays too, character by character), so the readings go as
 * short arrays: the ids once per event, each reading naming its event by number, times in epoch seconds,
 * channels no reading has as null (measured with benchmarks/src/ingest-profile.ts: 8,000 readings took
 * 95-137 ms as one jsonb parameter and 67 ms so). A line per meter comes back with its new readings' span, its stored neighbours (the statement's
 * snapshot does not see its own inserts) and its tenant's time zone.
 */
async function applyReadings(sql: Sql, events: readonly RecordedEvent[]): Promise<void> {
  const ids = { tenant: [] as string[], meter: [] as string[], gateway: [] as string[] };
  const readings = {
    event: [] as number[],
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
  };
  events.forEach((event, i) => {
    const d = event.data as EventData<'ReadingsReported'>;
    ids.tenant.push(event.metadata.tenantId);
    ids.meter.push(d.meterId);
    ids.gateway.push(d.gatewayId);
    for (const r of d.readings) {
      readings.event.push(i + 1);
      readings.seconds.push(Date.parse(r.ts) / 1000);
      readings.total.push(r.total);
      readings.reverseTotal.push(r.reverseTotal);
      readings.flow.push(r.flow);
      readings.pressure.push(r.pressure);
      readings.battery.push(r.battery);
      readings.signal.push(r.signal);
      readings.valve.push(r.valve);
      readings.temperature.push(r.temperature);
      readings.alarms.push(r.alarms && JSON.stringify(r.alarms));
    }
  });
  // A reading already stored (same meter and time) is kept as it was: the first one wins, in log order,
  // which is the order unnest gives the rows in (the ids come from a one-row subquery, not a join).
  const stored = await sql.query<{
    meter_id: string;
    tenant_id: string;
    time_zone: string;
    lo: number;
    hi: number;
    prev: number | null;
    next: number | null;
  }>(
    `WITH inserted AS (
       INSERT INTO readings (tenant_id, meter_id, gateway_id, ts, total, reverse_total, flow, pressure, battery,
         signal, valve, temperature, alarms)
       SELECT e.tenants[r.event], e.meters[r.event], e.gateways[r.event], to_timestamp(r.seconds), r.total,
         r.reverse_total, r.flow, r.pressure, r.battery, r.signal, r.valve, r.temperature, r.alarms::jsonb
       FROM (SELECT $1::uuid[] AS tenants, $2::uuid[] AS meters, $3::uuid[] AS gateways) e,
         unnest($4::int[], $5::float8[], $6::float8[], $7::float8[], $8::float8[], $9::float8[], $10::float8[],
           $11::float8[], $12::text[], $13::float8[], $14::text[])
         AS r(event, seconds, total, reverse_total, flow, pressure, battery, signal, valve, temperature, alarms)
       ON CONFLICT (meter_id, ts) DO NOTHING
       RETURNING *),
     latest AS (
       INSERT INTO meter_latest (meter_id, tenant_id, ts, total, reverse_total, flow, pressure, battery, signal,
         valve, gateway_id)
       SELECT DISTINCT ON (meter_id) meter_id, tenant_id, ts, total, reverse_total, flow, pressure, battery, signal,
         valve, gateway_id
       FROM inserted ORDER BY meter_id, ts DESC
       ON CONFLICT (meter_id) DO UPDATE SET ts = excluded.ts, total = excluded.total,
         reverse_total = excluded.reverse_total, flow = excluded.flow, pressure = excluded.pressure,
         battery = excluded.battery, signal = excluded.signal, valve = excluded.valve, gateway_id = excluded.gateway_id
       WHERE meter_latest.ts < excluded.ts),
     spans AS (
       SELECT meter_id, (array_agg(tenant_id))[1] AS tenant_id, min(ts) AS lo, max(ts) AS hi
       FROM inserted GROUP BY meter_id)
     SELECT s.meter_id::text, s.tenant_id::text, coalesce(z.time_zone, 'UTC') AS time_zone,
       ${epochMs('s.lo')} AS lo, ${epochMs('s.hi')} AS hi,
       ${epochMs('(SELECT max(ts) FROM readings r WHERE r.meter_id = s.meter_id AND r.ts < s.lo)')} AS prev,
       ${epochMs('(SELECT min(ts) FROM readings r WHERE r.meter_id = s.meter_id AND r.ts > s.hi)')} AS next
     FROM spans s LEFT JOIN reading_zones z ON z.tenant_id = s.tenant_id`,
    [
      arrayLiteral(ids.tenant),
      arrayLiteral(ids.meter),
      arrayLiteral(ids.gateway),
      arrayLiteral(readings.event),
      arrayLiteral(readings.seconds),
      arrayLiteral(readings.total),
      channel(readings.reverseTotal),
      channel(readings.flow),
      channel(readings.pressure),
      channel(readings.battery),
      channel(readings.signal),
      channel(readings.valve),
      channel(readings.temperature),
      channel(readings.alarms),
    ],
  );
  await recomputeVolumes(
    sql,
    stored.rows.map((row) => ({
      meterId: row.meter_id,
      tenantId: row.tenant_id,
      timeZone: row.time_zone,
      lo: row.lo,
      hi: row.hi,
      prev: row.prev,
      next: row.next,
    })),
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
  await sql.query('DELETE FROM meter_hourly WHERE meter_id = $1', [meterId]);
  await sql.query('DELETE FROM meter_daily WHERE meter_id = $1', [meterId]);
  const span = await sql.query<{ lo: number | null; hi: number | null; time_zone: string }>(
    `SELECT ${epochMs('min(ts)')} AS lo, ${epochMs('max(ts)')} AS hi,
       coalesce((SELECT time_zone FROM reading_zones WHERE tenant_id = $2), 'UTC') AS time_zone
     FROM readings WHERE meter_id = $1`,
    [meterId, toTenantId],
  );
  const { lo, hi, time_zone: timeZone } = span.rows[0]!;
  if (lo === null || hi === null) return;
  await recomputeVolumes(sql, [{ meterId, tenantId: toTenantId, timeZone, lo, hi, prev: null, next: null }]);
}

/**
 * A new reading changes the counter interpolated anywhere between its stored neighbours, so the hours from
 * the one holding its previous neighbour to the one holding its next are recomputed, then their days.
 */
async function recomputeVolumes(sql: Sql, meters: readonly DirtyMeter[]): Promise<void> {
  if (meters.length === 0) return;
  const ranges = meters.map((meter) => {
    const { timeZone } = meter;
    const from = localHourStart(meter.prev ?? meter.lo, timeZone);
    const until = meter.next ?? meter.hi;
    const boundaries = localHourBoundaries(from, until, timeZone);
    if (boundaries.length < 2) boundaries.push(localHourStart(from + HOUR_MS, timeZone));
    return { meterId: meter.meterId, tenantId: meter.tenantId, timeZone, boundaries };
  });

  // The readings from the last one at or before the first boundary to the first one at or after the last.
  const window = await sql.query<{ n: number; t: number; total: number; reverse_total: number | null }>(
    `SELECT d.n::int, ${epochMs('r.ts')} AS t, r.total, r.reverse_total
     FROM ROWS FROM (unnest($1::uuid[], $2::timestamptz[], $3::timestamptz[]))
       WITH ORDINALITY AS d(meter_id, lo, hi, n)
     CROSS JOIN LATERAL (SELECT
         coalesce((SELECT max(ts) FROM readings p WHERE p.meter_id = d.meter_id AND p.ts <= d.lo), d.lo) AS lo,
         coalesce((SELECT min(ts) FROM readings n WHERE n.meter_id = d.meter_id AND n.ts >= d.hi), d.hi) AS hi) w
     JOIN readings r ON r.meter_id = d.meter_id AND r.ts >= w.lo AND r.ts <= w.hi
     ORDER BY d.n, r.ts`,
    [
      ranges.map((r) => r.meterId),
      ranges.map((r) => new Date(r.boundaries[0]!).toISOString()),
      ranges.map((r) => new Date(r.boundaries.at(-1)!).toISOString()),
    ],
  );
  const readingsOf = ranges.map(() => [] as { t: number; total: number; reverse: number | null }[]);
  for (const row of window.rows)
    readingsOf[row.n - 1]!.push({ t: row.t, total: row.total, reverse: row.reverse_total });

  const days = {
    tenant: [] as string[],
    meter: [] as string[],
    zone: [] as string[],
    first: [] as string[],
    last: [] as string[],
  };
  // Hours as short arrays too (each names its meter by number), boundaries in epoch seconds (whole seconds
  // in every time zone).
  const hours = {
    range: [] as number[],
    start: [] as number[],
    end: [] as number[],
    volume: [] as number[],
    reverse: [] as number[],
    startKnown: [] as boolean[],
    endKnown: [] as boolean[],
  }; // in the order of the statement's parameters
  ranges.forEach((range, i) => {
    days.tenant.push(range.tenantId);
    days.meter.push(range.meterId);
    days.zone.push(range.timeZone);
    days.first.push(localDate(range.boundaries[0]!, range.timeZone));
    days.last.push(localDate(range.boundaries.at(-1)! - 1, range.timeZone));
    for (const v of intervalVolumes(readingsOf[i]!, range.boundaries, READING_MAX_GAP_MS)) {
      hours.range.push(i + 1);
      hours.start.push(v.start / 1000);
      hours.end.push(v.end / 1000);
      hours.volume.push(v.volume);
      hours.reverse.push(v.reverseVolume);
      hours.startKnown.push(v.startKnown);
      hours.endKnown.push(v.endKnown);
    }
  });
  await sql.query(
    `INSERT INTO meter_hourly (tenant_id, meter_id, hour, hour_end, volume, reverse_volume, start_known, end_known)
     SELECT m.tenants[h.range], m.meters[h.range], to_timestamp(h.s), to_timestamp(h.e), h.v, h.r, h.sk, h.ek
     FROM (SELECT $1::uuid[] AS tenants, $2::uuid[] AS meters) m,
       unnest($3::int[], $4::float8[], $5::float8[], $6::float8[], $7::float8[], $8::boolean[], $9::boolean[])
       AS h(range, s, e, v, r, sk, ek)
     ON CONFLICT (meter_id, hour) DO UPDATE SET hour_end = excluded.hour_end, volume = excluded.volume,
       reverse_volume = excluded.reverse_volume, start_known = excluded.start_known, end_known = excluded.end_known`,
    [arrayLiteral(days.tenant), arrayLiteral(days.meter), ...Object.values(hours).map(arrayLiteral)],
  );
  // A day's volume is the sum of its hours (= the counter's rise from local midnight to midnight); it is
  // known when the counter is known at both midnights and every hour between has a row.
  await sql.query(
    `INSERT INTO meter_daily (tenant_id, meter_id, day, volume, reverse_volume, known, coverage, readings, report_time,
       total, battery, valve)
     SELECT d.tenant_id, d.meter_id, b.day, h.volume, h.reverse_volume,
       h.hours = b.hours AND h.first_known AND h.last_known, h.known_hours::float8 / b.hours, c.readings,
       l.ts, l.total, l.battery, l.valve
     FROM unnest($1::uuid[], $2::uuid[], $3::text[], $4::date[], $5::date[]) AS d(tenant_id, meter_id, tz, first_day, last_day)
     CROSS JOIN LATERAL generate_series(0, d.last_day - d.first_day) AS g(n)
     CROSS JOIN LATERAL (SELECT d.first_day + g.n AS day,
         (d.first_day + g.n)::timestamp AT TIME ZONE d.tz AS day_start,
         (d.first_day + g.n + 1)::timestamp AT TIME ZONE d.tz AS day_end) s
     CROSS JOIN LATERAL (SELECT s.day, s.day_start, s.day_end,
         round(extract(epoch FROM s.day_end - s.day_start) / 3600)::int AS hours) b
     CROSS JOIN LATERAL (SELECT count(*)::int AS hours, sum(volume ORDER BY hour) AS volume,
         sum(reverse_volume ORDER BY hour) AS reverse_volume,
         count(*) FILTER (WHERE start_known AND end_known)::int AS known_hours,
         coalesce(bool_or(hour = b.day_start AND start_known), false) AS first_known,
         coalesce(bool_or(hour_end = b.day_end AND end_known), false) AS last_known
       FROM meter_hourly mh WHERE mh.meter_id = d.meter_id AND mh.hour >= b.day_start AND mh.hour < b.day_end) h
     CROSS JOIN LATERAL (SELECT count(*)::int AS readings FROM readings r
       WHERE r.meter_id = d.meter_id AND r.ts >= b.day_start AND r.ts < b.day_end) c
     LEFT JOIN LATERAL (SELECT r.ts, r.total, r.battery, r.valve FROM readings r
       WHERE r.meter_id = d.meter_id AND r.ts >= b.day_start AND r.ts < b.day_end ORDER BY r.ts DESC LIMIT 1) l ON true
     WHERE h.hours > 0 OR c.readings > 0
     ON CONFLICT (meter_id, day) DO UPDATE SET volume = excluded.volume, reverse_volume = excluded.reverse_volume,
       known = excluded.known, coverage = excluded.coverage, readings = excluded.readings,
       report_time = excluded.report_time, total = excluded.total, battery = excluded.battery, valve = excluded.valve`,
    [days.tenant, days.meter, days.zone, days.first, days.last],
  );
}

// ---- queries (run inside withTenant) ------------------------------------------------------------------

export async function meterReadings(
  sql: Sql,
  meterId: string,
  from: Date,
  to: Date,
  limit: number,
): Promise<MeterReading[]> {
  const { rows } = await sql.query<Record<string, unknown>>(
    `SELECT ts, total, reverse_total, flow, pressure, battery, signal, valve, temperature, alarms
     FROM tenant_readings WHERE meter_id = $1 AND ts >= $2 AND ts < $3 ORDER BY ts LIMIT $4`,
    [meterId, from.toISOString(), to.toISOString(), limit],
  );
  return rows.map((r) => ({
    ts: (r.ts as Date).toISOString(),
    total: r.total as number,
    reverseTotal: r.reverse_total as number | null,
    flow: r.flow as number | null,
    pressure: r.pressure as number | null,
    battery: r.battery as number | null,
    signal: r.signal as number | null,
    valve: r.valve as ValveState | null,
    temperature: r.temperature as number | null,
    alarms: r.alarms as string[] | null,
  }));
}

/** A meter's volumes per local hour starting in [from, to), m3. */
export async function meterHourlyVolumes(
  sql: Sql,
  meterId: string,
  from: Date,
  to: Date,
): Promise<VolumeRow[]> {
  const { rows } = await sql.query<{
    hour: Date;
    volume: number;
    reverse_volume: number;
    start_known: boolean;
    end_known: boolean;
  }>(
    `SELECT hour, volume, reverse_volume, start_known, end_known FROM meter_hourly
     WHERE meter_id = $1 AND hour >= $2 AND hour < $3 ORDER BY hour`,
    [meterId, from.toISOString(), to.toISOString()],
  );
  return rows.map((r) => {
    const known = r.start_known && r.end_known;
    return {
      period: r.hour.toISOString(),
      volume: r.volume,
      reverseVolume: r.reverse_volume,
      known,
      coverage: known ? 1 : 0,
    };
  });
}

/** A meter's volumes per local day from fromDay to toDay (YYYY-MM-DD, inclusive), m3. */
export async function meterDailyVolumes(
  sql: Sql,
  meterId: string,
  fromDay: string,
  toDay: string,
): Promise<VolumeRow[]> {
  const { rows } = await sql.query<{
    day: string;
    volume: number | null;
    reverse_volume: number | null;
    known: boolean;
    coverage: number;
  }>(
    `SELECT to_char(day, 'YYYY-MM-DD') AS day, volume, reverse_volume, known, coverage FROM meter_daily
     WHERE meter_id = $1 AND day >= $2::date AND day <= $3::date ORDER BY day`,
    [meterId, fromDay, toDay],
  );
  return rows.map((r) => ({
    period: r.day,
    volume: r.volume,
    reverseVolume: r.reverse_volume,
    known: r.known,
    coverage: r.coverage,
  }));
}

export async function meterFrozen(
  sql: Sql,
  meterId: string,
  fromDay: string,
  toDay: string,
): Promise<MeterFrozen[]> {
  const { rows } = await sql.query<{
    report_time: Date | null;
    day: string;
    volume: number | null;
    total: number | null;
    battery: number | null;
    valve: ValveState | null;
  }>(
    `SELECT report_time, to_char(day, 'YYYY-MM-DD') AS day, volume, total, battery, valve FROM meter_daily
     WHERE meter_id = $1 AND day >= $2::date AND day <= $3::date ORDER BY day`,
    [meterId, fromDay, toDay],
  );
  return rows.map((r) => ({
    reportTime: r.report_time?.toISOString() ?? null,
    recordDate: r.day,
    usedTotal: r.volume,
    totalVolume: r.total,
    batteryVoltage: r.battery,
    valveState: r.valve,
  }));
}

/** Reading rate per local day over the `days` days up to `lastDay` (inclusive), for the caller's tenant. */
export async function readingRate(
  sql: Sql,
  timeZone: string,
  lastDay: string,
  days: number,
): Promise<ReadingRateDay[]> {
  const { rows } = await sql.query<{ date: string; reported: number; installed: number }>(
    `SELECT to_char(g.day, 'YYYY-MM-DD') AS date,
       (SELECT count(*)::int FROM meter_daily d WHERE d.day = g.day AND d.readings > 0) AS reported,
       (SELECT count(*)::int FROM meters m WHERE m.registered_at < (g.day + 1)::timestamp AT TIME ZONE $1) AS installed
     FROM (SELECT $2::date - n AS day FROM generate_series(0, $3 - 1) AS n) g ORDER BY g.day`,
    [timeZone, lastDay, days],
  );
  // A meter that reported was installed, even if registered later (history loaded after the fact).
  return rows.map((r) => {
    const installed = Math.max(r.installed, r.reported);
    return { ...r, installed, rate: installed > 0 ? r.reported / installed : null };
  });
}

export interface MeterState {
  meterId: string;
  meterNo: string;
  lastReportAt: string | null;
  total: number | null;
  battery: number | null;
  signal: number | null;
  valve: ValveState | null;
  gatewayId: string | null;
  /** reported within its type's expected interval */
  online: boolean;
}

/** Latest state of the tenant's meters (all, or these). */
export async function meterStates(sql: Sql, now: Date, meterIds?: readonly string[]): Promise<MeterState[]> {
  const { rows } = await sql.query<{
    meter_id: string;
    meter_no: string;
    ts: Date | null;
    total: number | null;
    battery: number | null;
    signal: number | null;
    valve: ValveState | null;
    gateway_id: string | null;
    report_interval_minutes: number;
  }>(
    `SELECT m.meter_id::text, m.meter_no, l.ts, l.total, l.battery, l.signal, l.valve, l.gateway_id::text,
       t.report_interval_minutes
     FROM meters m JOIN meter_types t ON t.meter_type_id = m.meter_type_id
     LEFT JOIN meter_latest l ON l.meter_id = m.meter_id
     WHERE $1::uuid[] IS NULL OR m.meter_id = ANY($1::uuid[]) ORDER BY m.meter_no`,
    [meterIds ?? null],
  );
  return rows.map((r) => ({
    meterId: r.meter_id,
    meterNo: r.meter_no,
    lastReportAt: r.ts?.toISOString() ?? null,
    total: r.total,
    battery: r.battery,
    signal: r.signal,
    valve: r.valve,
    gatewayId: r.gateway_id,
    online: r.ts !== null && now.getTime() - r.ts.getTime() <= r.report_interval_minutes * 60_000,
  }));
}
