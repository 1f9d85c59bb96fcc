import type { MeterReading, VolumeRow } from '@hydrolog/schemas';
import { describe, expect, it } from 'vitest';
import { formatNumber, formatPercent } from './numberFormat.ts';
import {
  dailyRows,
  dateSeconds,
  hasMeters,
  hourlyChartData,
  rangeSummary,
  rateChartData,
} from './readingSeries.ts';

const reading = (ts: string, total: number): MeterReading => ({
  ts,
  total,
  reverseTotal: null,
  flow: null,
  pressure: null,
  pressure2: null,
  battery: null,
  signal: null,
  valve: null,
  temperature: null,
  alarms: null,
});

const hour = (period: string, volume: number, known = true): VolumeRow => ({
  period,
  volume,
  reverseVolume: 0,
  known,
  coverage: known ? 1 : 0,
  unknown: known ? null : 'gap',
});

describe('the reading rate chart', () => {
  it('draws the days over as one line and today apart; days without meters are gaps', () => {
    const days = [
      { date: '2026-11-20', reported: 0, installed: 0, rate: null },
      { date: '2026-11-21', reported: 190, installed: 200, rate: 0.95 },
      { date: '2026-11-22', reported: 200, installed: 200, rate: 1 },
      { date: '2026-11-23', reported: 133, installed: 200, rate: 0.665 },
    ];
    expect(rateChartData(days)).toEqual([
      [
        dateSeconds('2026-11-20'),
        dateSeconds('2026-11-21'),
        dateSeconds('2026-11-22'),
        dateSeconds('2026-11-23'),
      ],
      [null, 95, 100, null],
      [null, null, 100, 66.5],
    ]);
    expect(dateSeconds('2026-11-23')).toBe(Date.parse('2026-11-23T00:00:00Z') / 1000);
    expect(hasMeters(days)).toBe(true);
    expect(hasMeters(days.slice(0, 1))).toBe(false);
  });
});

describe('the hourly chart of a meter', () => {
  // Shanghai (UTC+8): the local day 2026-11-23 is 2026-11-22T16:00Z to 2026-11-23T16:00Z.
  const range = { from: '2026-11-23', to: '2026-11-23' };
  const history = {
    timeZone: 'Asia/Shanghai',
    hourly: [
      hour('2026-11-22T16:00:00.000Z', 0.5),
      hour('2026-11-22T17:00:00.000Z', 0.25, false),
      hour('2026-11-22T18:00:00.000Z', 0.75),
    ],
    readings: [reading('2026-11-22T16:00:00.000Z', 100), reading('2026-11-22T18:30:00.000Z', 101)],
  };
  const now = Date.parse('2026-11-22T21:10:00Z');

  it('has every local hour of the range, the known volumes, and gaps for the others', () => {
    const chart = hourlyChartData(history, range, now);
    const [xs, volume, counter] = chart.data;
    // 24 hours, plus the reading at 18:30 between them.
    expect(xs).toHaveLength(25);
    expect(xs[0]).toBe(Date.parse('2026-11-22T16:00:00Z') / 1000);
    expect(xs.at(-1)).toBe(Date.parse('2026-11-23T15:00:00Z') / 1000);
    expect(volume.slice(0, 5)).toEqual([0.5, null, 0.75, undefined, null]);
    // The counter at its readings only; the line joins them.
    expect(counter.slice(0, 4)).toEqual([100, undefined, undefined, 101]);
  });

  it('shades the hours over whose volume is not known: unknown, or without a row', () => {
    const chart = hourlyChartData(history, range, now);
    const s = (iso: string) => Date.parse(iso) / 1000;
    // 17:00 is unknown; 19:00 and 20:00 have no row and are over; 21:00 is still running.
    expect(chart.unknown).toEqual([
      [s('2026-11-22T17:00:00Z'), s('2026-11-22T18:00:00Z')],
      [s('2026-11-22T19:00:00Z'), s('2026-11-22T21:00:00Z')],
    ]);
    expect(chart.unknownHours).toBe(3);
  });

  it('breaks the counter line where readings are more than a day apart', () => {
    const sparse = {
      ...history,
      readings: [reading('2026-11-20T16:00:00.000Z', 90), reading('2026-11-23T10:00:00.000Z', 101)],
    };
    // Local days 21 to 23 November: from 2026-11-20T16:00Z.
    const [xs, , counter] = hourlyChartData(sparse, { from: '2026-11-21', to: '2026-11-23' }, now).data;
    expect(xs).toHaveLength(72);
    expect(counter.slice(0, 3)).toEqual([90, null, null]);
    expect(counter.at(-6)).toBe(101);
  });
});

describe('the daily table of a meter', () => {
  it('lists every day of the range newest first, days without a row as no data', () => {
    const rows = dailyRows(
      [
        { period: '2026-11-21', volume: 1.5, reverseVolume: 0, known: true, coverage: 1, unknown: null },
        { period: '2026-11-23', volume: 0.25, reverseVolume: 0, known: false, coverage: 0.5, unknown: 'gap' },
      ],
      { from: '2026-11-21', to: '2026-11-23' },
    );
    expect(rows.map((r) => [r.date, r.volume, r.known, r.hasData])).toEqual([
      ['2026-11-23', 0.25, false, true],
      ['2026-11-22', null, false, false],
      ['2026-11-21', 1.5, true, true],
    ]);
    expect(rangeSummary(rows)).toEqual({ volume: 1.75, knownDays: 1, days: 3 });
    expect(rangeSummary(rows.slice(1, 2))).toEqual({ volume: null, knownDays: 0, days: 1 });
  });
});

describe('figures in the interface language', () => {
  it('writes volumes with 3 decimals and shares as percentages', () => {
    expect(formatNumber(317549.7551, 'en', 3)).toBe('317,549.755');
    expect(formatNumber(1.5, 'fr', 3)).toBe('1,500');
    expect(formatNumber(null, 'en', 3)).toBe('');
    expect(formatNumber(0.25, 'en', 0, 3)).toBe('0.25');
    expect(formatPercent(0.9875, 'en')).toBe('98.8%');
    expect(formatPercent(1, 'zh-CN')).toBe('100%');
  });
});
