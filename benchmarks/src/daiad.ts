// `npm run bench -- daiad`: the DAIAD trial's real meter readings through the real service, daily volumes
// compared with an independent computation from the raw counters.

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { openServices } from '@hydrolog/api';
import { zoneOffsetMs } from '@hydrolog/domain';
import { uuidv7 } from '@hydrolog/schemas';
import { upload } from './gateway-load.ts';
import type { BenchOptions } from './run.ts';
import { listen, readingsCaughtUp, registerFleet } from './service.ts';
import { zipEntryLines } from './zip.ts';

/** The data stays in shared/, beside the repository (DESIGN "Data beside this file"). */
export const DAIAD_ZIP = resolve(import.meta.dirname, '../../../shared/data/daiad/swm_trialA.zip');
const CSV = 'swm_trialA.csv';

/**
 * The trial's local time. The timestamps follow the EU's Central European rules, not Greece's: on
 * 2016-03-27 no meter has a reading stamped 02:xx (the hour CET skips; Athens skips 03:xx, where the data
 * has 81 readings), and on 2016-10-30 every meter has two readings stamped 02:xx (the hour CET repeats),
 * which are all 78 repeated timestamps of the file. DAIAD's smart water meter trial ran in Spain
 * (Alicante), hence Europe/Madrid.
 */
export const DAIAD_TIME_ZONE = 'Europe/Madrid';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
/**
 * The trial's meters read about hourly, a few minutes late now and then: registered with a report interval
 * of 90 minutes, so their gap (DESIGN: twice the interval, at most 26 h) is 3 hours.
 */
const REPORT_INTERVAL_MINUTES = 90;
const GAP_MS = Math.min(2 * REPORT_INTERVAL_MINUTES * 60_000, 26 * HOUR_MS);
const BATCH = 5000;
const QUICK_METERS = 10;
const FIRST_METER_NO = 100_000;
const TOLERANCE_M3 = 1e-6;

interface Row {
  meterNo: string;
  /** UTC, epoch ms */
  t: number;
  /** counter, m3 */
  total: number;
}

// ---- local time (only domain's zoneOffsetMs is used) ----------------------------------------------------

/**
 * The instants whose local time in the zone reads `wall` (a wall-clock time written as if it were UTC):
 * one, none in a spring-forward gap, two in the hour repeated in autumn. Assumes at most one offset change
 * within a day either side, true of every real zone.
 */
function instantsOf(wall: number, zone: string): number[] {
  const out: number[] = [];
  for (const offset of new Set([zoneOffsetMs(zone, wall - DAY_MS), zoneOffsetMs(zone, wall + DAY_MS)])) {
    const t = wall - offset;
    if (zoneOffsetMs(zone, t) === offset) out.push(t);
  }
  return out.sort((a, b) => a - b);
}

/**
 * A reading's local time to UTC. A time the clocks skipped is read with the offset in force before the
 * change (it moves forward by the gap). A time the clocks showed twice is the earlier instant, unless that
 * would not come after the meter's previous reading in the file: then the clock has gone back and it is
 * the later one (the file lists each meter's readings in the order they were taken).
 */
export function readingInstant(wall: number, zone: string, previous: number | undefined): number {
  const instants = instantsOf(wall, zone);
  if (instants.length === 0) return wall - zoneOffsetMs(zone, wall - DAY_MS);
  if (instants.length === 1 || previous === undefined || instants[0]! > previous) return instants[0]!;
  return instants[1]!;
}

/** The instant a local date (YYYY-MM-DD) begins. */
function midnight(date: string, zone: string): number {
  const wall = Date.parse(`${date}T00:00:00Z`);
  return instantsOf(wall, zone)[0] ?? wall - zoneOffsetMs(zone, wall - DAY_MS);
}

function localDateOf(t: number, zone: string): string {
  return new Date(t + zoneOffsetMs(zone, t)).toISOString().slice(0, 10);
}

function dayAfter(date: string): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + DAY_MS).toISOString().slice(0, 10);
}

// ---- the data ----------------------------------------------------------------------------------------------

const DATETIME = /^(\d{2})\/(\d{2})\/(\d{4}) (\d{2}):(\d{2}):(\d{2})$/;

/**
 * The file's readings in file order, with UTC times; meter numbers 100000 + the meter's index in order of
 * first appearance. The first `meters` meters only, when given.
 */
export async function readDaiad(
  zone: string,
  meters?: number,
): Promise<{ rows: Row[]; meterNos: string[]; keys: Map<string, string> }> {
  const keys = new Map<string, string>(); // user key -> meter number
  const previous = new Map<string, number>();
  const rows: Row[] = [];
  let header = true;
  let lineNo = 0;
  for await (const line of zipEntryLines(DAIAD_ZIP, CSV)) {
    lineNo++;
    if (header) {
      if (line !== 'user key;datetime;meter reading;diff')
        throw new Error(`${CSV}: unexpected header ${line}`);
      header = false;
      continue;
    }
    if (line === '') continue;
    const [key, datetime, reading] = line.split(';');
    const parts = DATETIME.exec(datetime ?? '');
    // Some counters are written like "4e+05" (exactly 400000): Number reads them.
    const litres = Number(reading);
    if (!key || !parts || !Number.isFinite(litres) || litres < 0)
      throw new Error(`${CSV} line ${lineNo}: cannot read ${line}`);
    let meterNo = keys.get(key);
    if (meterNo === undefined) {
      if (meters !== undefined && keys.size >= meters) continue;
      meterNo = String(FIRST_METER_NO + keys.size);
      keys.set(key, meterNo);
    }
    const [, dd, mm, yyyy, hh, mi, ss] = parts.map(Number) as number[];
    const wall = Date.UTC(yyyy!, mm! - 1, dd!, hh!, mi!, ss!);
    const t = readingInstant(wall, zone, previous.get(meterNo));
    previous.set(meterNo, t);
    rows.push({ meterNo, t, total: litres / 1000 });
  }
  return { rows, meterNos: [...keys.values()], keys };
}

// ---- the independent daily volumes -------------------------------------------------------------------------

/**
 * Consumption between two successive counter values, the rule of DESIGN principle 9 written afresh: a
 * counter that goes back has wrapped when it was within the top tenth below the next power of ten and comes
 * back within the bottom tenth; else it restarted from zero when it fell below half; else the step back is
 * noise and nothing was used.
 */
export function consumed(previous: number, next: number): number {
  if (next >= previous) return next - previous;
  let modulus = 10 ** (Math.floor(Math.log10(previous)) + 1);
  while (modulus <= previous) modulus *= 10;
  while (modulus / 10 > previous) modulus /= 10;
  if (previous >= modulus * 0.9 && next < modulus * 0.1) return modulus - previous + next;
  if (next < previous / 2) return next;
  return 0;
}

interface Series {
  /** distinct UTC times, ascending */
  t: number[];
  /** water used since the first reading, m3 (counter drops resolved) */
  used: number[];
}

/** One meter's readings by time; of two at the same time the first in the file counts (as the service keeps it). */
function seriesOf(rows: readonly Row[]): Series {
  const sorted = rows.map((r, i) => ({ ...r, i })).sort((a, b) => a.t - b.t || a.i - b.i);
  const t: number[] = [];
  const totals: number[] = [];
  for (const r of sorted) {
    if (t.length > 0 && t[t.length - 1] === r.t) continue;
    t.push(r.t);
    totals.push(r.total);
  }
  const used = [0];
  for (let i = 1; i < totals.length; i++) used.push(used[i - 1]! + consumed(totals[i - 1]!, totals[i]!));
  return { t, used };
}

/** The index of the first reading at or after instant `at`. */
function firstFrom(series: Series, at: number): number {
  let lo = 0;
  let hi = series.t.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (series.t[mid]! < at) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Water used up to instant `at`, interpolated between the readings either side. */
function usedAt(series: Series, at: number): number {
  const i = firstFrom(series, at);
  if (series.t[i] === at) return series.used[i]!;
  const ta = series.t[i - 1]!;
  const tb = series.t[i]!;
  const a = series.used[i - 1]!;
  const b = series.used[i]!;
  return a + ((b - a) * (at - ta)) / (tb - ta);
}

/** Whether every moment of [start, end] lies between successive readings at most the gap apart. */
function wholly(series: Series, start: number, end: number): boolean {
  const i = firstFrom(series, end);
  if (i === series.t.length || series.t[0]! > start) return false;
  // The pairs (k - 1, k) that overlap the day: from the first reading after its start (times are whole ms).
  for (let k = Math.max(1, firstFrom(series, start + 1)); k <= i; k++)
    if (series.t[k]! - series.t[k - 1]! > GAP_MS) return false;
  return true;
}

/**
 * Volume per local day (YYYY-MM-DD -> m3): the counter's rise between the midnights, or null unless the
 * day is wholly spanned by readings at most the gap apart (DESIGN: a day's volume is a figure only then).
 */
export function dailyVolumes(rows: readonly Row[], zone: string): Map<string, number | null> {
  const series = seriesOf(rows);
  const out = new Map<string, number | null>();
  if (series.t.length === 0) return out;
  const last = localDateOf(series.t[series.t.length - 1]!, zone);
  for (let day = localDateOf(series.t[0]!, zone); day <= last; day = dayAfter(day)) {
    const start = midnight(day, zone);
    const end = midnight(dayAfter(day), zone);
    out.set(day, wholly(series, start, end) ? usedAt(series, end) - usedAt(series, start) : null);
  }
  return out;
}

// ---- the benchmark -----------------------------------------------------------------------------------------

export async function daiadBench({ quick }: BenchOptions): Promise<void> {
  const started = performance.now();
  const zone = DAIAD_TIME_ZONE;
  const { rows, meterNos } = await readDaiad(zone, quick ? QUICK_METERS : undefined);

  const dataDir = mkdtempSync(join(tmpdir(), 'hydrolog-bench-daiad-'));
  const services = await openServices(
    { databaseUrl: undefined, dataDir, eventStoreUrl: undefined },
    { follow: true },
  );
  const service = await listen(services, { horizonDays: 5000, maxBacklog: Number.POSITIVE_INFINITY });
  try {
    const fleet = await registerFleet(services, {
      name: 'DAIAD trial A',
      timeZone: zone,
      meterNos,
      reportIntervalMinutes: REPORT_INTERVAL_MINUTES,
    });

    let accepted = 0;
    let duplicates = 0;
    let rejected = 0;
    const ingestStarted = performance.now();
    for (let i = 0; i < rows.length; i += BATCH) {
      const readings = rows.slice(i, i + BATCH).map((r) => ({
        meterNo: r.meterNo,
        ts: new Date(r.t).toISOString(),
        total: r.total,
      }));
      const { answer } = await upload(
        service.url,
        fleet.gatewayKey,
        JSON.stringify({ batchId: uuidv7(), readings }),
      );
      accepted += answer.accepted;
      duplicates += answer.duplicates;
      rejected += answer.rejected.length;
    }
    await readingsCaughtUp(services);
    const ingestSeconds = (performance.now() - ingestStarted) / 1000;

    const { rows: daily } = await services.db.query<{
      meter_no: string;
      day: string;
      volume: number | null;
      known: boolean;
    }>(
      `SELECT m.meter_no, to_char(d.day, 'YYYY-MM-DD') AS day, d.volume, d.known
       FROM meter_daily d JOIN meters m ON m.meter_id = d.meter_id WHERE d.tenant_id = $1`,
      [fleet.tenantId],
    );
    const hydrolog = new Map(daily.filter((d) => d.known).map((d) => [`${d.meter_no} ${d.day}`, d.volume!]));

    const byMeter = new Map<string, Row[]>();
    for (const r of rows) {
      const list = byMeter.get(r.meterNo);
      if (list) list.push(r);
      else byMeter.set(r.meterNo, [r]);
    }
    const expected = new Map<string, number>();
    for (const [meterNo, meterRows] of byMeter) {
      for (const [day, volume] of dailyVolumes(meterRows, zone))
        if (volume !== null) expected.set(`${meterNo} ${day}`, volume);
    }

    let compared = 0;
    let maxDiff = 0;
    let worst = '';
    const mismatches: string[] = [];
    for (const [key, volume] of expected) {
      const theirs = hydrolog.get(key);
      if (theirs === undefined) {
        mismatches.push(`${key}: known here (${volume.toFixed(6)} m3), not in meter_daily`);
        continue;
      }
      compared++;
      const diff = Math.abs(theirs - volume);
      if (diff > maxDiff) {
        maxDiff = diff;
        worst = `${key}: expected ${volume} m3, meter_daily ${theirs} m3`;
      }
    }
    for (const [key, volume] of hydrolog) {
      if (!expected.has(key)) mismatches.push(`${key}: known in meter_daily (${volume} m3), not here`);
    }
    if (mismatches.length > 0)
      console.error(`daiad: days known on one side only:\n  ${mismatches.slice(0, 20).join('\n  ')}`);
    if (maxDiff > TOLERANCE_M3) console.error(`daiad: largest difference ${worst}`);

    console.log(
      JSON.stringify({
        bench: 'daiad',
        time_zone: zone,
        meters: meterNos.length,
        meter_days: compared,
        max_abs_diff_m3: maxDiff,
        unknown_mismatch: mismatches.length,
        readings: rows.length,
        accepted,
        duplicates,
        rejected,
        ingest_seconds: Number(ingestSeconds.toFixed(1)),
        seconds: Number(((performance.now() - started) / 1000).toFixed(1)),
      }),
    );
    if (maxDiff > TOLERANCE_M3 || mismatches.length > 0) process.exitCode = 1;
  } finally {
    await service.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
