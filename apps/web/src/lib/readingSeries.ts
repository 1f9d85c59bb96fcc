import type { MeterHistory, ReadingRateDay, VolumeRow } from '@hydrolog/schemas';
import { addDays, datesBetween, HOUR_MS, localMidnight } from './tenantTime.ts';

/**
 * The reading reports' data as their charts and tables take it. Chart x values are unix seconds; a null y
 * is a gap (drawn as nothing), an undefined y is "no point here" (a line joins across it).
 */

type Y = number | null | undefined;

/** The days a meter history shows. */
export interface HistoryRange {
  /** local days YYYY-MM-DD, both included */
  from: string;
  to: string;
}

/** A calendar date as the x of a day chart: its UTC midnight, so that the chart's days are the dates given. */
export const dateSeconds = (date: string): number => Date.parse(`${date}T00:00:00Z`) / 1000;

/**
 * Days of the reading rate chart: x; the rate in percent of the days that are over; today's rate so far,
 * drawn apart (joined to yesterday) since today is not over. Days before any meter was installed are gaps.
 */
export function rateChartData(
  days: readonly ReadingRateDay[],
): [number[], (number | null)[], (number | null)[]] {
  // A day without any meter installed has no rate: a gap, not 0%.
  const percent = (d: ReadingRateDay) => (d.rate === null ? null : Math.round(d.rate * 1000) / 10);
  const last = days.length - 1;
  return [
    days.map((d) => dateSeconds(d.date)),
    days.map((d, i) => (i < last ? percent(d) : null)),
    days.map((d, i) => (i >= last - 1 ? percent(d) : null)),
  ];
}

/** Whether the tenant has any meter in the period: without, there is no rate to show yet. */
export const hasMeters = (days: readonly ReadingRateDay[]): boolean => days.some((d) => d.installed > 0);

/** Once reported, a counter stays drawn as a line up to the next reading unless this far apart (as volumes). */
export const COUNTER_MAX_GAP_MS = 26 * HOUR_MS;

export interface HourlyChart {
  /** x; hourly volume (m3, null when not known); the meter's counter (m3) at its readings */
  data: [number[], Y[], Y[]];
  /** Hours of the range whose volume is not known (missing or not interpolable), merged: [start, end] in seconds. */
  unknown: [number, number][];
  /** Number of those hours. */
  unknownHours: number;
}

/**
 * The hourly chart of a meter over local days [from, to]: every local hour of the range, its volume when
 * known, else a gap; hours already over whose volume is not known are listed to shade them. The counter
 * is drawn from the readings themselves, broken where readings are more than a day apart.
 */
export function hourlyChartData(
  history: Pick<MeterHistory, 'hourly' | 'readings' | 'timeZone'>,
  range: HistoryRange,
  now: number = Date.now(),
): HourlyChart {
  const start = localMidnight(range.from, history.timeZone);
  const end = localMidnight(addDays(range.to, 1), history.timeZone);
  const byHour = new Map<number, VolumeRow>(history.hourly.map((h) => [Date.parse(h.period), h]));
  const hours = new Set<number>();
  for (let t = start; t < end; t += HOUR_MS) hours.add(t);
  for (const t of byHour.keys()) hours.add(t);
  const readings = history.readings.map((r) => ({ t: Date.parse(r.ts), total: r.total }));
  const readingAt = new Map(readings.map((r) => [r.t, r.total]));
  const xs = [...new Set([...hours, ...readingAt.keys()])].sort((a, b) => a - b);

  const volume: Y[] = [];
  const counter: Y[] = [];
  const unknown: [number, number][] = [];
  let unknownHours = 0;
  let next = 0; // index of the first reading after x
  for (const t of xs) {
    if (hours.has(t)) {
      const row = byHour.get(t);
      const known = row?.known === true && row.volume !== null;
      volume.push(known ? row.volume : null);
      if (!known && t + HOUR_MS <= now) {
        unknownHours++;
        const last = unknown.at(-1);
        if (last && last[1] === t / 1000) last[1] = (t + HOUR_MS) / 1000;
        else unknown.push([t / 1000, (t + HOUR_MS) / 1000]);
      }
    } else volume.push(undefined);

    const total = readingAt.get(t);
    while (next < readings.length && readings[next]!.t <= t) next++;
    if (total !== undefined) counter.push(total);
    else {
      const before = readings[next - 1];
      const after = readings[next];
      // Between two readings too far apart the line breaks; elsewhere it joins its readings.
      counter.push(before && after && after.t - before.t > COUNTER_MAX_GAP_MS ? null : undefined);
    }
  }
  return { data: [xs.map((t) => t / 1000), volume, counter], unknown, unknownHours };
}

/** One local day of the daily table: its volume row, or none when the meter sent nothing that day. */
export interface DailyRow {
  date: string;
  volume: number | null;
  reverseVolume: number | null;
  known: boolean;
  coverage: number;
  /** Why the day is not known (a gap, or not yet complete); null when known or without data. */
  unknown: VolumeRow['unknown'];
  /** The day has a volume row at all. */
  hasData: boolean;
}

/** Every day of the range, newest first; days without a row are listed with no volume. */
export function dailyRows(daily: readonly VolumeRow[], range: HistoryRange): DailyRow[] {
  const byDay = new Map(daily.map((d) => [d.period, d]));
  return datesBetween(range.from, range.to)
    .reverse()
    .map((date) => {
      const row = byDay.get(date);
      return row
        ? {
            date,
            volume: row.volume,
            reverseVolume: row.reverseVolume,
            known: row.known,
            coverage: row.coverage,
            unknown: row.unknown,
            hasData: true,
          }
        : {
            date,
            volume: null,
            reverseVolume: null,
            known: false,
            coverage: 0,
            unknown: null,
            hasData: false,
          };
    });
}

/** Volume over the range (null without any day of data) and how many of its days are fully known. */
export function rangeSummary(rows: readonly DailyRow[]): {
  volume: number | null;
  knownDays: number;
  days: number;
} {
  const withVolume = rows.filter((r) => r.volume !== null);
  return {
    volume: withVolume.length > 0 ? withVolume.reduce((sum, r) => sum + (r.volume ?? 0), 0) : null,
    knownDays: rows.filter((r) => r.known).length,
    days: rows.length,
  };
}
