import { describe, expect, it } from 'vitest';
import {
  addDays,
  HOUR_MS,
  localDate,
  localHourBoundaries,
  localHourStart,
  localMidnight,
} from '../src/time.ts';
import { type CounterReading, counterKnown, counterStep, intervalVolumes } from '../src/volumes.ts';

const T0 = Date.UTC(2026, 10, 1, 0, 0, 0);
const at = (hours: number) => T0 + hours * HOUR_MS;
const hours = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => at(from + i));

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
    const result = intervalVolumes(readings, hours(0, 3), 3 * HOUR_MS);
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
    const result = intervalVolumes(readings, hours(0, 6), 24 * HOUR_MS);
    const sum = result.reduce((s, r) => s + r.volume, 0);
    expect(sum).toBeCloseTo(readings.at(-1)!.total - readings[0]!.total, 12);
  });

  it('marks a boundary inside a gap longer than the maximum as unknown but keeps the volume', () => {
    const readings: CounterReading[] = [
      { t: at(0), total: 0 },
      { t: at(10), total: 10 },
    ];
    const result = intervalVolumes(readings, hours(0, 10), 6 * HOUR_MS);
    expect(result).toHaveLength(10);
    expect(result[0]).toMatchObject({ startKnown: true, endKnown: false, volume: 1 });
    expect(result[9]).toMatchObject({ startKnown: false, endKnown: true, volume: 1 });
  });

  it('counts across a counter reset and a rollover without losing or inventing volume', () => {
    const readings: CounterReading[] = [
      { t: at(0), total: 99_990 },
      { t: at(1), total: 4 }, // rolled over at 100000: 14 m3
      { t: at(2), total: 9 },
      { t: at(3), total: 1 }, // reset: 1 m3 since zero
    ];
    const result = intervalVolumes(readings, hours(0, 3), HOUR_MS * 2);
    expect(result.map((r) => r.volume)).toEqual([14, 5, 1]);
  });

  it('keeps reverse flow apart from forward flow', () => {
    const readings: CounterReading[] = [
      { t: at(0), total: 5, reverse: 1 },
      { t: at(1), total: 6, reverse: 1.25 },
    ];
    expect(intervalVolumes(readings, hours(0, 1), HOUR_MS)).toEqual([
      { start: at(0), end: at(1), volume: 1, reverseVolume: 0.25, startKnown: true, endKnown: true },
    ]);
  });

  it('leaves out intervals outside the readings', () => {
    const readings: CounterReading[] = [
      { t: at(5), total: 1 },
      { t: at(6), total: 2 },
    ];
    expect(intervalVolumes(readings, hours(0, 10), HOUR_MS).map((r) => r.start)).toEqual([at(5)]);
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

describe('local time', () => {
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
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
  });

  it('names the local date of an instant', () => {
    expect(localDate(Date.UTC(2026, 10, 1, 22, 30), 'Asia/Shanghai')).toBe('2026-11-02');
    expect(localDate(Date.UTC(2026, 10, 1, 22, 30), 'UTC')).toBe('2026-11-01');
  });
});
