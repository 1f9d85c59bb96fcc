import { describe, expect, it } from 'vitest';
import {
  type CounterReading,
  counterKnown,
  counterStep,
  countersFromVolumes,
  intervalVolumes,
  MAX_READING_GAP_MS,
  readingGaps,
  volumeKnown,
} from '../../src/readings/index.ts';
import {
  addDays,
  HOUR_MS,
  localDate,
  localHourBoundaries,
  localHourStart,
  localMidnight,
  wallClockInstant,
} from '../../src/time.ts';

const T0 = Date.UTC(2026, 10, 1, 0, 0, 0);
const at = (hours: number) => T0 + hours * HOUR_MS;
const hours = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => at(from + i));
/** Gap rules with the gap and report interval given in hours. */
const gaps = (gapHours: number, intervalHours = gapHours / 2) => ({
  gapMs: gapHours * HOUR_MS,
  intervalMs: intervalHours * HOUR_MS,
});

describe('counterStep', () => {
  it('is the difference of a rising counter', () => {
    expect(counterStep(10.5, 12)).toBe(1.5);
    expect(counterStep(3, 3)).toBe(0);
  });
  it('reads a wrap near a power of ten as a rollover', () => {
    expect(counterStep(99_998, 3)).toBe(5);
    expect(counterStep(9_999.5, 0.5)).toBe(1);
  });
  it('reads a fall to a small value as a reset from zero', () => {
    expect(counterStep(5_000, 2)).toBe(2);
  });
  it('counts a small step back as nothing', () => {
    expect(counterStep(100, 99.999)).toBe(0);
  });
});

describe('intervalVolumes', () => {
  it('interpolates the counter at the boundaries of each interval', () => {
    // Readings at 00:30 (10 m3) and 02:30 (14 m3): 2 m3 per hour spread linearly.
    const readings: CounterReading[] = [
      { t: at(0.5), total: 10 },
      { t: at(2.5), total: 14 },
    ];
    const result = intervalVolumes(readings, hours(0, 3), gaps(3));
    expect(result.map((r) => [r.start, r.volume, r.startKnown, r.endKnown])).toEqual([
      [at(0), 1, false, true],
      [at(1), 2, true, true],
      [at(2), 1, true, false],
    ]);
  });

  it('gives each interval the same total as the counter difference over several intervals', () => {
    const readings: CounterReading[] = [0, 0.2, 1.7, 2.1, 5.9, 6].map((h, i) => ({
      t: at(h),
      total: i * i * 0.3,
    }));
    const result = intervalVolumes(readings, hours(0, 6), gaps(24));
    const sum = result.reduce((s, r) => s + r.volume!, 0);
    expect(sum).toBeCloseTo(readings.at(-1)!.total - readings[0]!.total, 12);
  });

  it('marks a boundary inside a gap longer than the gap unknown and the gap uncovered, keeping the volume', () => {
    const readings: CounterReading[] = [
      { t: at(0), total: 0 },
      { t: at(10), total: 10 },
    ];
    const result = intervalVolumes(readings, hours(0, 10), gaps(6));
    expect(result).toHaveLength(10);
    expect(result[0]).toMatchObject({ startKnown: true, endKnown: false, volume: 1, coverage: 0 });
    expect(result[9]).toMatchObject({ startKnown: false, endKnown: true, volume: 1, coverage: 0 });
    expect(result.some(volumeKnown)).toBe(false);
  });

  it('covers the share of each interval between readings at most the gap apart', () => {
    // 00:00, 00:30, then nothing until 03:15 (a 2 h 45 min gap), then 03:45: a gap of 2 h.
    const readings: CounterReading[] = [
      { t: at(0), total: 0 },
      { t: at(0.5), total: 1 },
      { t: at(3.25), total: 2 },
      { t: at(3.75), total: 3 },
    ];
    const result = intervalVolumes(readings, hours(0, 4), gaps(2, 1));
    expect(result.map((r) => [r.coverage, r.startKnown, r.endKnown, r.regular])).toEqual([
      [0.5, true, false, false],
      [0, false, false, false],
      [0, false, false, false],
      [0.5, false, false, false],
    ]);
  });

  it('tells a regular interval (readings at most the report interval apart) from one interpolated over a gap', () => {
    // Hourly readings with 03:00 missing: 02:00-04:00 is within the 2 h gap (known) but not regular.
    const readings: CounterReading[] = [0, 1, 2, 4, 5].map((h) => ({ t: at(h), total: h * 10 }));
    const result = intervalVolumes(readings, hours(0, 5), readingGaps(60));
    expect(result.map((r) => [r.volume, volumeKnown(r), r.coverage, r.regular])).toEqual([
      [10, true, 1, true],
      [10, true, 1, true],
      [10, true, 1, false],
      [10, true, 1, false],
      [10, true, 1, true],
    ]);
  });

  it("derives the gap from the meter type's report interval: twice it, at most 26 hours", () => {
    expect(readingGaps(60)).toEqual({ gapMs: 2 * HOUR_MS, intervalMs: HOUR_MS });
    expect(readingGaps(15)).toEqual({ gapMs: HOUR_MS / 2, intervalMs: HOUR_MS / 4 });
    expect(readingGaps(24 * 60)).toEqual({ gapMs: MAX_READING_GAP_MS, intervalMs: 24 * HOUR_MS });
  });

  it('covers a 10-hour gap of a meter reporting every 6 hours, not a 14-hour one', () => {
    const sixHourly = readingGaps(6 * 60);
    for (const [gap, covered] of [
      [10, true],
      [14, false],
    ] as const) {
      const readings: CounterReading[] = [0, 6, 6 + gap, 12 + gap].map((h) => ({ t: at(h), total: h }));
      const result = intervalVolumes(readings, hours(0, 12 + gap), sixHourly);
      const inGap = result.filter((r) => r.start >= at(6) && r.end <= at(6 + gap));
      expect(inGap).toHaveLength(gap);
      expect(inGap.every((r) => r.coverage === (covered ? 1 : 0) && volumeKnown(r) === covered)).toBe(true);
      // The gap is longer than the report interval: none of it counts for night minimum flow.
      expect(inGap.some((r) => r.regular)).toBe(false);
    }
  });

  it('knows no volume across a counter break, however close the readings are', () => {
    const readings: CounterReading[] = [
      { t: at(0), total: 0 },
      { t: at(1), total: 5, counterBreak: 'after' },
      { t: at(2), total: 5, counterBreak: 'before' },
      { t: at(3), total: 6 },
    ];
    const result = intervalVolumes(readings, hours(0, 3), gaps(26, 1));
    expect(result.map((r) => [r.volume, volumeKnown(r), r.coverage, r.regular])).toEqual([
      [5, true, 1, true],
      [null, false, 0, false],
      [1, true, 1, true],
    ]);
    expect(counterKnown(readings, at(1.5), MAX_READING_GAP_MS)).toBe(false);
  });

  it('counts across a counter reset and a rollover without losing or inventing volume', () => {
    const readings: CounterReading[] = [
      { t: at(0), total: 99_990 },
      { t: at(1), total: 4 }, // rolled over at 100000: 14 m3
      { t: at(2), total: 9 },
      { t: at(3), total: 1 }, // reset: 1 m3 since zero
    ];
    const result = intervalVolumes(readings, hours(0, 3), gaps(2));
    expect(result.map((r) => r.volume)).toEqual([14, 5, 1]);
  });

  it('keeps reverse flow apart from forward flow', () => {
    const readings: CounterReading[] = [
      { t: at(0), total: 5, reverse: 1 },
      { t: at(1), total: 6, reverse: 1.25 },
    ];
    expect(intervalVolumes(readings, hours(0, 1), gaps(1))).toEqual([
      {
        start: at(0),
        end: at(1),
        volume: 1,
        reverseVolume: 0.25,
        startKnown: true,
        endKnown: true,
        coverage: 1,
        regular: false,
      },
    ]);
  });

  it('leaves out intervals outside the readings', () => {
    const readings: CounterReading[] = [
      { t: at(5), total: 1 },
      { t: at(6), total: 2 },
    ];
    expect(intervalVolumes(readings, hours(0, 10), gaps(1)).map((r) => r.start)).toEqual([at(5)]);
  });

  it('knows the counter only at a reading or between close readings', () => {
    const readings: CounterReading[] = [
      { t: at(0), total: 1 },
      { t: at(3), total: 2 },
    ];
    expect(counterKnown(readings, at(0), HOUR_MS)).toBe(true);
    expect(counterKnown(readings, at(1), HOUR_MS)).toBe(false);
    expect(counterKnown(readings, at(1), 3 * HOUR_MS)).toBe(true);
    expect(counterKnown(readings, at(4), 10 * HOUR_MS)).toBe(false);
  });
});

describe('volumes per interval as a counter', () => {
  it('builds a counter from 0 with a break before and after each run of following intervals', () => {
    // Hourly volumes ending 01:00, 02:00, 03:00, then 06:00 and 07:00 (04:00-05:00 never recorded).
    const rows = [
      { t: at(1), volume: 2 },
      { t: at(2), volume: 3 },
      { t: at(3), volume: 1 },
      { t: at(6), volume: 4 },
      { t: at(7), volume: 5 },
    ];
    const readings = countersFromVolumes(rows, HOUR_MS);
    expect(readings).toEqual([
      { t: at(0), total: 0, counterBreak: 'before', row: 0 },
      { t: at(1), total: 2, row: 0 },
      { t: at(2), total: 5, row: 1 },
      { t: at(3), total: 6, counterBreak: 'after', row: 2 },
      { t: at(5), total: 6, counterBreak: 'before', row: 3 },
      { t: at(6), total: 10, row: 3 },
      { t: at(7), total: 15, counterBreak: 'after', row: 4 },
    ]);
    // The volumes come back hour by hour; the hours never recorded are not known, however short the gap.
    const hourly = intervalVolumes(readings, hours(0, 7), readingGaps(60));
    expect(hourly.map((h) => (volumeKnown(h) ? h.volume : null))).toEqual([2, 3, 1, null, null, 4, 5]);
  });
});

describe('local time', () => {
  it('reads a wall-clock time in the zone, unless the clocks skip it or show it twice', () => {
    const wall = (iso: string) => Date.parse(`${iso}Z`);
    expect(wallClockInstant(wall('2026-11-01T08:00:00'), 'Asia/Shanghai')).toBe(Date.UTC(2026, 10, 1, 0));
    expect(wallClockInstant(wall('2026-03-29T03:30:00'), 'Europe/Paris')).toBe(Date.UTC(2026, 2, 29, 1, 30));
    expect(wallClockInstant(wall('2026-03-29T02:30:00'), 'Europe/Paris')).toBeNull();
    expect(wallClockInstant(wall('2026-10-25T02:30:00'), 'Europe/Paris')).toBeNull();
  });

  it('aligns hours to the zone, including half-hour zones', () => {
    const t = Date.UTC(2026, 10, 1, 10, 10);
    expect(localHourStart(t, 'Europe/Athens')).toBe(Date.UTC(2026, 10, 1, 10, 0));
    expect(localHourStart(t, 'Asia/Kolkata')).toBe(Date.UTC(2026, 10, 1, 9, 30));
  });

  it('has 23 local hours on the day clocks go forward', () => {
    const from = Date.UTC(2026, 2, 28, 22, 0); // 00:00 in Athens on 29 March 2026
    const to = Date.UTC(2026, 2, 29, 21, 0); // 00:00 in Athens on 30 March 2026
    expect(localHourBoundaries(from, to, 'Europe/Athens')).toHaveLength(24); // 23 intervals
  });

  it('finds the instant a local date begins, across a clock change', () => {
    expect(localMidnight('2026-11-02', 'Asia/Shanghai')).toBe(Date.UTC(2026, 10, 1, 16));
    expect(localMidnight('2026-03-29', 'Europe/Athens')).toBe(Date.UTC(2026, 2, 28, 22));
    expect(localMidnight('2026-03-30', 'Europe/Athens')).toBe(Date.UTC(2026, 2, 29, 21));
    // As PostgreSQL reads it: a midnight the clocks skip begins the day when they jump (Santiago goes from
    // 00:00 to 01:00), one they show twice at the later (Havana goes back from 01:00 to 00:00).
    expect(localMidnight('2024-09-08', 'America/Santiago')).toBe(Date.UTC(2024, 8, 8, 4));
    expect(localMidnight('2026-11-01', 'America/Havana')).toBe(Date.UTC(2026, 10, 1, 5));
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
  });

  it('names the local date of an instant', () => {
    expect(localDate(Date.UTC(2026, 10, 1, 22, 30), 'Asia/Shanghai')).toBe('2026-11-02');
    expect(localDate(Date.UTC(2026, 10, 1, 22, 30), 'UTC')).toBe('2026-11-01');
  });
});
