/**
 * Volumes from cumulative counters (DESIGN principle 9 and "Leakage definitions"), the one implementation
 * of the boundary, coverage and gap rules: the volume over an interval is the difference of the counter at
 * its boundaries, never a sum of reported deltas. A boundary counter is measured when a reading lies on it,
 * interpolated (linearly) when the readings on both sides are at most the meter type's gap apart, and
 * unknown otherwise; the interval's coverage is the share of its time spanned by readings at most the gap
 * apart. Counters that go back are read as a reset (restarted from zero) or a rollover (wrapped at a power
 * of ten); a small step back is noise and counts as nothing.
 */

import { HOUR_MS } from '../time.ts';

/** The meter type's gap is twice its report interval, and never more than this. */
export const MAX_READING_GAP_MS = 26 * HOUR_MS;

/** How far apart a meter's readings may be, from its type's report interval. */
export interface ReadingGaps {
  /** Readings at most this far apart: the counter between them is interpolated and the time is covered. */
  gapMs: number;
  /** The report interval: the hours between readings at most this far apart count for night minimum flow. */
  intervalMs: number;
}

export function readingGaps(reportIntervalMinutes: number): ReadingGaps {
  const intervalMs = reportIntervalMinutes * 60_000;
  return { gapMs: Math.min(2 * intervalMs, MAX_READING_GAP_MS), intervalMs };
}

/**
 * Where the counter does not continue from the reading before ('before') or into the reading after
 * ('after'): the volume between the two is not known, however close they are. A history loaded as volumes
 * per interval has such breaks at its gaps, since the volume that flowed there was never recorded.
 */
export type CounterBreak = 'before' | 'after';

export interface CounterReading {
  /** epoch milliseconds */
  t: number;
  /** forward counter, m3 */
  total: number;
  /** reverse-flow counter, m3, when the meter reports one */
  reverse?: number | null | undefined;
  counterBreak?: CounterBreak | null | undefined;
}

/** A counter within this fraction below a power of ten that comes back small has wrapped around. */
const ROLLOVER_BAND = 0.1;

/** Consumption between two successive values of one counter. */
export function counterStep(previous: number, next: number): number {
  const delta = next - previous;
  if (delta >= 0) return delta;
  const modulus = 10 ** Math.ceil(Math.log10(previous + Number.EPSILON));
  if (previous >= modulus * (1 - ROLLOVER_BAND) && next < modulus * ROLLOVER_BAND) {
    return modulus - previous + next;
  }
  // Fell to less than half: the counter restarted from zero (meter reset or replaced electronics).
  if (next < previous / 2) return next;
  return 0;
}

/** Two successive readings between which the counter is continuous. */
const linked = (a: CounterReading, b: CounterReading) =>
  a.counterBreak !== 'after' && b.counterBreak !== 'before';

export interface IntervalVolume {
  /** epoch ms of the interval's start */
  start: number;
  end: number;
  /**
   * m3: the counter's interpolated rise over the interval; null where the counter breaks inside it. Only
   * a known interval's volume is a figure (see volumeKnown).
   */
  volume: number | null;
  reverseVolume: number | null;
  /** The counter at the start (end) is measured or interpolated. */
  startKnown: boolean;
  endKnown: boolean;
  /** Share of the interval's time spanned by readings at most the gap apart, 0..1 (1 exactly when whole). */
  coverage: number;
  /** Every moment of the interval lies between readings at most the report interval apart. */
  regular: boolean;
}

/** The interval's volume is a figure: the counter is known at both ends and continuous between them. */
export const volumeKnown = (v: Pick<IntervalVolume, 'startKnown' | 'endKnown' | 'volume'>): boolean =>
  v.startKnown && v.endKnown && v.volume !== null;

/**
 * Each interval between successive boundaries that overlaps the readings' time span, with its volume,
 * boundaries, coverage and regularity. Readings must be sorted by time with distinct times. Each pair of
 * successive readings spreads its consumption linearly over its span, so an interval's volume is exactly
 * counter(end) - counter(start) under linear interpolation, and intervals add up.
 */
export function intervalVolumes(
  readings: readonly CounterReading[],
  boundaries: readonly number[],
  gaps: ReadingGaps,
): IntervalVolume[] {
  const first = readings[0];
  const last = readings.at(-1);
  if (!first || !last || boundaries.length < 2) return [];
  const out: IntervalVolume[] = [];
  // Per output interval: milliseconds spanned by readings at most the gap (the report interval) apart.
  const covered: number[] = [];
  const regular: number[] = [];
  const index = new Map<number, number>();
  for (let k = 0; k + 1 < boundaries.length; k++) {
    const start = boundaries[k]!;
    const end = boundaries[k + 1]!;
    if (end <= first.t || start >= last.t) continue;
    index.set(k, out.length);
    covered.push(0);
    regular.push(0);
    out.push({
      start,
      end,
      volume: 0,
      reverseVolume: 0,
      startKnown: counterKnown(readings, start, gaps.gapMs),
      endKnown: counterKnown(readings, end, gaps.gapMs),
      coverage: 0,
      regular: false,
    });
  }
  for (let i = 0; i + 1 < readings.length; i++) {
    const a = readings[i]!;
    const b = readings[i + 1]!;
    const span = b.t - a.t;
    const continuous = linked(a, b);
    const forward = continuous ? counterStep(a.total, b.total) : 0;
    const reverse =
      continuous && a.reverse != null && b.reverse != null ? counterStep(a.reverse, b.reverse) : 0;
    for (let k = Math.max(0, upperBound(boundaries, a.t) - 1); k + 1 < boundaries.length; k++) {
      const start = boundaries[k]!;
      if (start >= b.t) break;
      const overlap = Math.min(b.t, boundaries[k + 1]!) - Math.max(a.t, start);
      const slot = index.get(k);
      if (overlap <= 0 || slot === undefined) continue;
      const interval = out[slot]!;
      if (!continuous) {
        interval.volume = null;
        interval.reverseVolume = null;
        continue;
      }
      if (interval.volume !== null) {
        const share = overlap / span;
        interval.volume += forward * share;
        interval.reverseVolume! += reverse * share;
      }
      if (span <= gaps.gapMs) covered[slot]! += overlap;
      if (span <= gaps.intervalMs) regular[slot]! += overlap;
    }
  }
  out.forEach((interval, slot) => {
    const length = interval.end - interval.start;
    // Milliseconds are integers, so a whole interval compares equal exactly.
    interval.coverage = covered[slot] === length ? 1 : covered[slot]! / length;
    interval.regular = regular[slot] === length;
  });
  return out;
}

/**
 * Whether the counter at time t is known: a reading at t (measured), or neighbours at most maxGap apart
 * with the counter continuous between them (interpolated).
 */
export function counterKnown(readings: readonly CounterReading[], t: number, maxGapMs: number): boolean {
  const j = lowerBound(readings, t);
  const next = readings[j];
  if (next?.t === t) return true;
  const previous = readings[j - 1];
  return (
    previous !== undefined && next !== undefined && next.t - previous.t <= maxGapMs && linked(previous, next)
  );
}

/** First index whose reading is at or after t. */
function lowerBound(readings: readonly CounterReading[], t: number): number {
  let lo = 0;
  let hi = readings.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (readings[mid]!.t < t) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** First index whose value is after t. */
function upperBound(values: readonly number[], t: number): number {
  let lo = 0;
  let hi = values.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (values[mid]! <= t) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** A volume given for the interval that ends at `t` (epoch ms). */
export interface IntervalVolumeRow {
  t: number;
  /** m3 */
  volume: number;
}

/**
 * A history given as volumes per interval, as counter readings: a counter that starts at 0 and rises by
 * each volume. A run of intervals that follow one another gives a reading at the start of its first
 * interval and at the end of each; since nothing was recorded outside the run, its first reading breaks
 * from whatever comes before it and its last from whatever comes after. `rows` are sorted by time, at least
 * `intervalMs` apart; each reading names the index of the row it ends (the run's start names its first).
 */
export function countersFromVolumes(
  rows: readonly IntervalVolumeRow[],
  intervalMs: number,
): (CounterReading & { row: number })[] {
  const out: (CounterReading & { row: number })[] = [];
  let total = 0;
  rows.forEach((row, i) => {
    const previous = out.at(-1);
    if (!previous || previous.t !== row.t - intervalMs) {
      if (previous) previous.counterBreak = 'after';
      out.push({ t: row.t - intervalMs, total, counterBreak: 'before', row: i });
    }
    total += row.volume;
    out.push({ t: row.t, total, row: i });
  });
  const last = out.at(-1);
  if (last) last.counterBreak = 'after';
  return out;
}
