import { addDays, localMidnight, missingDataReason, type NightHours, volumeKnown } from '@hydrolog/domain';
import type { Sql } from '@hydrolog/eventstore';
import type { MeterFrozen, MeterReading, ReadingRateDay, ValveState, VolumeRow } from '@hydrolog/schemas';

// Every query here runs inside withTenant.

export async function meterReadings(
  sql: Sql,
  meterId: string,
  from: Date,
  to: Date,
  limit: number,
): Promise<MeterReading[]> {
  const { rows } = await sql.query<Record<string, unknown>>(
    `SELECT ts, total, reverse_total, flow, pressure, pressure2, battery, signal, valve, temperature, alarms
     FROM tenant_readings WHERE meter_id = $1 AND ts >= $2 AND ts < $3 ORDER BY ts LIMIT $4`,
    [meterId, from.toISOString(), to.toISOString(), limit],
  );
  return rows.map((r) => ({
    ts: (r.ts as Date).toISOString(),
    total: r.total as number,
    reverseTotal: r.reverse_total as number | null,
    flow: r.flow as number | null,
    pressure: r.pressure as number | null,
    pressure2: r.pressure2 as number | null,
    battery: r.battery as number | null,
    signal: r.signal as number | null,
    valve: r.valve as ValveState | null,
    temperature: r.temperature as number | null,
    alarms: r.alarms as string[] | null,
  }));
}

/** One local hour of a meter as the read model keeps it (domain/src/readings/volumes.ts), epoch ms. */
export interface MeterHour {
  start: number;
  end: number;
  /** m3, null unless known */
  volume: number | null;
  reverseVolume: number | null;
  /** the counter is known at both ends and continuous between them */
  known: boolean;
  coverage: number;
  /** between readings at most the report interval apart: the hour counts for night minimum flow */
  regular: boolean;
}

/** A meter's local hours starting in [from, to). */
export async function meterHours(sql: Sql, meterId: string, from: Date, to: Date): Promise<MeterHour[]> {
  return hoursOf(
    await sql.query<HourRow>(
      `SELECT ${HOUR_COLUMNS} FROM meter_hourly WHERE meter_id = $1 AND hour >= $2 AND hour < $3 ORDER BY hour`,
      [meterId, from.toISOString(), to.toISOString()],
    ),
  );
}

/** A meter's night hours (nightHoursOf) of the local days [fromDay, toDay] it has a day for, in order. */
export async function meterNights(
  sql: Sql,
  meterId: string,
  fromDay: string,
  toDay: string,
): Promise<NightHours[]> {
  const { rows } = await sql.query<{ day: string; lowest_flow: number | null; counted_seconds: number }>(
    `SELECT to_char(day, 'YYYY-MM-DD') AS day, night_lowest_flow AS lowest_flow,
       night_counted_seconds AS counted_seconds
     FROM meter_daily WHERE meter_id = $1 AND day BETWEEN $2::date AND $3::date ORDER BY day`,
    [meterId, fromDay, toDay],
  );
  return rows.map((r) => ({ date: r.day, lowestFlow: r.lowest_flow, countedMs: r.counted_seconds * 1000 }));
}

interface HourRow {
  hour: Date;
  hour_end: Date;
  volume: number | null;
  reverse_volume: number | null;
  start_known: boolean;
  end_known: boolean;
  coverage: number;
  regular: boolean;
}
const HOUR_COLUMNS = 'hour, hour_end, volume, reverse_volume, start_known, end_known, coverage, regular';

function hoursOf({ rows }: { rows: HourRow[] }): MeterHour[] {
  return rows.map((r) => {
    const known = volumeKnown({ startKnown: r.start_known, endKnown: r.end_known, volume: r.volume });
    return {
      start: r.hour.getTime(),
      end: r.hour_end.getTime(),
      volume: known ? r.volume : null,
      reverseVolume: known ? r.reverse_volume : null,
      known,
      coverage: r.coverage,
      regular: r.regular,
    };
  });
}

/** The time of a meter's latest reading (epoch ms), or null: what tells a gap from a period still to come. */
export async function latestReadingAt(sql: Sql, meterId: string): Promise<number | null> {
  const { rows } = await sql.query<{ ts: Date }>('SELECT ts FROM meter_latest WHERE meter_id = $1', [
    meterId,
  ]);
  return rows[0]?.ts.getTime() ?? null;
}

/** A meter's volumes per local hour starting in [from, to), m3. */
export async function meterHourlyVolumes(
  sql: Sql,
  meterId: string,
  from: Date,
  to: Date,
): Promise<VolumeRow[]> {
  const latest = await latestReadingAt(sql, meterId);
  return (await meterHours(sql, meterId, from, to)).map((h) => ({
    period: new Date(h.start).toISOString(),
    volume: h.volume,
    reverseVolume: h.reverseVolume,
    known: h.known,
    coverage: h.coverage,
    unknown: h.known ? null : missingDataReason(h.end, latest),
  }));
}

/** A meter's volumes per local day from fromDay to toDay (YYYY-MM-DD, inclusive), m3. */
export async function meterDailyVolumes(
  sql: Sql,
  meterId: string,
  fromDay: string,
  toDay: string,
  timeZone: string,
): Promise<VolumeRow[]> {
  const latest = await latestReadingAt(sql, meterId);
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
    unknown: r.known ? null : missingDataReason(localMidnight(addDays(r.day, 1), timeZone), latest),
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
