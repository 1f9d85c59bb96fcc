/**
 * Volumes from cumulative counters (DESIGN principle 9 and "Leakage definitions"): the volume over an
 * interval is the difference of the counter linearly interpolated at the interval's boundaries, never a
 * sum of reported deltas. Counters that go back are read as a reset (restarted from zero) or a rollover
 * (wrapped at a power of ten); a small step back is noise and counts as nothing.
 */

import { HOUR_MS } from './time.ts';

/**
 * The counter at a boundary is known when readings on both sides are at most this far apart: a day and a
 * bit, so that meters uploading once a day with a single reading still give daily volumes.
 */
export const READING_MAX_GAP_MS = 26 * HOUR_MS;

export interface CounterReading {
  /** epoch milliseconds */
  t: number;
  /** forward counter, m3 */
  total: number;
  /** reverse-flow counter, m3, when the meter reports one */
  reverse?: number | null | undefined;
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

export interface IntervalVolume {
  /** epoch ms of the interval's start */
  start: number;
  end: number;
  /** m3: the counter's interpolated rise over the interval */
  volume: number;
  reverseVolume: number;
  /** The counter at the start (end) is known: a reading there, or readings around it at most maxGap apart. */
  startKnown: boolean;
  endKnown: boolean;
}

/**
 * The volume of each interval between successive boundaries that overlaps the readings' time span.
 * Readings must be sorted by time with distinct times. Each pair of successive readings spreads its
 * consumption linearly over its span, so an interval's volume is exactly counter(end) - counter(start)
 * under linear interpolation, and intervals add up.
 */
export function intervalVolumes(
  readings: readonly CounterReading[],
  boundaries: readonly number[],
  maxGapMs: number,
): IntervalVolume[] {
  const first = readings[0];
  const last = readings.at(-1);
  if (!first || !last || boundaries.length < 2) return [];
  const out: IntervalVolume[] = [];
  const index = new Map<number, number>();
  for (let k = 0; k + 1 < boundaries.length; k++) {
    const start = boundaries[k]!;
    const end = boundaries[k + 1]!;
    if (end <= first.t || start >= last.t) continue;
    index.set(k, out.length);
    out.push({
      start,
      end,
      volume: 0,
      reverseVolume: 0,
      startKnown: counterKnown(readings, start, maxGapMs),
      endKnown: counterKnown(readings, end, maxGapMs),
    });
  }
  for (let i = 0; i + 1 < readings.length; i++) {
    const a = readings[i]!;
    const b = readings[i + 1]!;
    const span = b.t - a.t;
    const forward = counterStep(a.total, b.total);
    const reverse = a.reverse != null && b.reverse != null ? counterStep(a.reverse, b.reverse) : 0;
    if (forward === 0 && reverse === 0) continue;
    for (let k = Math.max(0, upperBound(boundaries, a.t) - 1); k + 1 < boundaries.length; k++) {
      const start = boundaries[k]!;
      if (start >= b.t) break;
      const overlap = Math.min(b.t, boundaries[k + 1]!) - Math.max(a.t, start);
      const slot = index.get(k);
      if (overlap <= 0 || slot === undefined) continue;
      const share = overlap / span;
      out[slot]!.volume += forward * share;
      out[slot]!.reverseVolume += reverse * share;
    }
  }
  return out;
}

/** Whether the counter at time t can be interpolated: a reading at t, or neighbours at most maxGap apart. */
export function counterKnown(readings: readonly CounterReading[], t: number, maxGapMs: number): boolean {
  const j = lowerBound(readings, t);
  const next = readings[j];
  if (next?.t === t) return true;
  const previous = readings[j - 1];
  return previous !== undefined && next !== undefined && next.t - previous.t <= maxGapMs;
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
