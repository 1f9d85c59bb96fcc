import { describe, expect, it } from 'vitest';
import {
  addBalances,
  alarmFindings,
  averageDailyFlow,
  balanceFromTotals,
  type DailyBalance,
  type FlowInterval,
  infrastructureLeakageIndex,
  inNightWindow,
  klRatio,
  missingDataReason,
  nightFigures,
  nightFlows,
  nightWindowRanges,
} from '../../src/cascade/index.ts';
import { type CounterReading, intervalVolumes, readingGaps } from '../../src/readings/index.ts';
// Seeded, so a failing property prints a reproducible case.
import { seededRandom } from '../../src/testing.ts';
import { addDays, HOUR_MS, localHourBoundaries, localMidnight } from '../../src/time.ts';

/** Hourly intervals of a local day from a list of per-hour flows (m3/h), all known and regular. */
function hours(date: string, timeZone: string, flows: (hourIndex: number) => number): FlowInterval[] {
  const start = localMidnight(date, timeZone);
  const boundaries = localHourBoundaries(start, localMidnight(addDays(date, 1), timeZone), timeZone);
  const out: FlowInterval[] = [];
  for (let i = 0; i + 1 < boundaries.length; i++) {
    const span = (boundaries[i + 1]! - boundaries[i]!) / HOUR_MS;
    out.push({
      start: boundaries[i]!,
      end: boundaries[i + 1]!,
      volume: flows(i) * span,
      known: true,
      regular: true,
    });
  }
  return out;
}

const inlet = (volume: number | null, coverage: number, missing: 'gap' | 'incomplete' = 'gap') => ({
  day: { volume, coverage },
  missing,
});

describe('daily balance', () => {
  it('computes supply, sales, leakage, rate and coverage by hand', () => {
    // Inlet 120 m3 (whole day), three sub-meters: 40 + 50 m3 known, coverage 1 + 0.5 + 0.
    const balance = balanceFromTotals(inlet(120, 1), { sales: 90, coverage: 1.5, count: 3 });
    expect(balance).toEqual({
      supply: 120,
      sales: 90,
      leakage: 30,
      leakageRate: 0.25,
      coverage: 2.5 / 4,
      supplyCoverage: 1,
      unknown: null,
    });
  });

  it('has no supply unless the summary meter covers the whole day, and says why', () => {
    const subs = { sales: 3, coverage: 1, count: 1 };
    expect(balanceFromTotals(inlet(100, 0.54, 'gap'), subs)).toMatchObject({
      supply: null,
      sales: 3,
      leakage: null,
      leakageRate: null,
      supplyCoverage: 0.54,
      unknown: 'gap',
    });
    expect(balanceFromTotals({ day: undefined, missing: 'incomplete' }, subs)).toMatchObject({
      supply: null,
      coverage: 0.5,
      unknown: 'incomplete',
    });
    expect(balanceFromTotals(undefined, subs)).toMatchObject({ supply: null, unknown: 'noSummaryMeter' });
    expect(balanceFromTotals(inlet(0, 1), { sales: 0, coverage: 0, count: 1 }).leakageRate).toBeNull();
  });

  it('gives a point without sub-meters supply but no sales, leakage or rate (never 100%)', () => {
    expect(balanceFromTotals(inlet(80, 1), { sales: 0, coverage: 0, count: 0 })).toEqual({
      supply: 80,
      sales: null,
      leakage: null,
      leakageRate: null,
      coverage: 1,
      supplyCoverage: 1,
      unknown: 'noSubMeters',
    });
  });

  it('always balances: supply = sales + leakage, and the rate is at most 1 (property)', () => {
    const random = seededRandom(7);
    for (let run = 0; run < 500; run++) {
      const supply = random() * 500;
      const count = 1 + Math.floor(random() * 10);
      const sales = random() * supply;
      const b = balanceFromTotals(inlet(supply, 1), { sales, coverage: random() * count, count });
      expect(b.sales! + b.leakage!).toBeCloseTo(supply, 9);
      if (b.leakageRate !== null) expect(b.leakageRate).toBeLessThanOrEqual(1);
      expect(b.coverage).toBeGreaterThanOrEqual(0);
      expect(b.coverage).toBeLessThanOrEqual(1);
    }
  });
});

describe('balances added up', () => {
  const day = (supply: number | null, sales: number | null, coverage: number): DailyBalance =>
    balanceFromTotals(supply === null ? { day: undefined, missing: 'gap' } : inlet(supply, 1), {
      sales: sales ?? 0,
      coverage: coverage * (sales === null ? 0 : 1),
      count: sales === null ? 0 : 1,
    });

  it('leaves out the sales of a day without supply, by hand', () => {
    // Day 1: 100 in, 70 sold. Day 2: the inlet has a gap, 60 sold. Day 3: 80 in, 50 sold.
    const period = addBalances([day(100, 70, 1), day(null, 60, 0), day(80, 50, 0.5)]);
    expect(period).toMatchObject({
      supply: 180,
      sales: 120,
      leakage: 60,
      leakageRate: 60 / 180,
      unknown: null,
    });
  });

  it('compares only parts with sub-meters: a point without them adds supply, never leakage', () => {
    const total = addBalances([day(100, 70, 1), day(50, null, 1)]);
    expect(total).toMatchObject({ supply: 150, sales: 70, leakage: 30, leakageRate: 0.3, unknown: null });
    expect(addBalances([day(50, null, 1), day(20, null, 1)])).toMatchObject({
      supply: 70,
      sales: null,
      leakage: null,
      leakageRate: null,
      unknown: 'noSubMeters',
    });
  });

  it('keeps every sale when no part has a supply, and weights coverage when told', () => {
    expect(addBalances([day(null, 5, 0), day(null, 7, 0)])).toMatchObject({
      supply: null,
      sales: 12,
      leakage: null,
      leakageRate: null,
      unknown: 'gap',
    });
    expect(addBalances([day(10, 4, 1), day(10, 4, 0)], [3, 1]).coverage).toBe((3 * 1 + 1 * 0.5) / 4);
    expect(addBalances([])).toMatchObject({ supply: null, sales: null, leakage: null, coverage: 0 });
  });
});

describe('volumes from counters (property)', () => {
  it('hourly volumes add up to the counter rise, and late readings give what an in-order arrival gives', () => {
    const random = seededRandom(42);
    const gaps = readingGaps(3 * 60);
    for (let run = 0; run < 200; run++) {
      const t0 = Date.UTC(2026, 2, 28, 0, 0, 0);
      let total = random() * 1000;
      const readings: CounterReading[] = [];
      let t = t0;
      for (let i = 0; i < 30; i++) {
        t += Math.floor(random() * 3 * HOUR_MS) + 60_000;
        total += random() < 0.1 ? 0 : random() * 2;
        readings.push({ t, total });
      }
      const boundaries = localHourBoundaries(readings[0]!.t, readings.at(-1)!.t, 'Europe/Paris');
      const all = intervalVolumes(readings, boundaries, gaps);
      const rise = readings.at(-1)!.total - readings[0]!.total;
      expect(all.reduce((s, v) => s + v.volume!, 0)).toBeCloseTo(rise, 9);
      // A late reading inside the span lands between its neighbours: the sum is unchanged and only the
      // hours around it change.
      const late = Math.floor(random() * (readings.length - 2)) + 1;
      const before = readings.filter((_, i) => i !== late);
      const partial = intervalVolumes(before, boundaries, gaps);
      expect(partial.reduce((s, v) => s + v.volume!, 0)).toBeCloseTo(rise, 9);
      const withLate = [...before, readings[late]!].sort((a, b) => a.t - b.t);
      expect(intervalVolumes(withLate, boundaries, gaps)).toEqual(all);
    }
  });

  it('counts through a reset without losing the volume before it', () => {
    const random = seededRandom(3);
    for (let run = 0; run < 100; run++) {
      // Away from a power of ten, where a fall to a small value reads as a rollover instead.
      const a = 100 + random() * 700;
      const beforeReset = random() * 5;
      const afterReset = random() * 5;
      const readings: CounterReading[] = [
        { t: 0, total: a },
        { t: HOUR_MS, total: a + beforeReset },
        { t: 2 * HOUR_MS, total: afterReset },
      ];
      const v = intervalVolumes(readings, [0, HOUR_MS, 2 * HOUR_MS], readingGaps(60));
      expect(v.map((x) => x.volume)).toEqual([beforeReset, afterReset]);
    }
  });
});

describe('night minimum flow', () => {
  const night = (date: string, timeZone: string, intervals: FlowInterval[]) =>
    nightFlows(intervals, date, date, timeZone)[0]!;

  it('takes the lowest flow of 02:00-04:00 local time (Asia/Shanghai)', () => {
    const flows = [5, 4, 1.2, 0.9, 1.5, 3, ...Array(18).fill(6)];
    expect(
      night(
        '2026-11-20',
        'Asia/Shanghai',
        hours('2026-11-20', 'Asia/Shanghai', (i) => flows[i]!),
      ),
    ).toEqual({
      date: '2026-11-20',
      mnf: 0.9,
      coverage: 1,
      end: Date.UTC(2026, 10, 19, 20),
    });
  });

  it('is unknown when any hour of the window is unknown, missing or interpolated over a gap', () => {
    const flows = [5, 4, 1.2, 0.9, 1.5, 3, ...Array(18).fill(6)];
    const day = () => hours('2026-11-20', 'Asia/Shanghai', (i) => flows[i]!);
    const unknown = day();
    unknown[3] = { ...unknown[3]!, known: false, volume: null };
    const flattened = day();
    flattened[2] = { ...flattened[2]!, regular: false, volume: 0.3 };
    const missing = day().filter((_, i) => i !== 2);
    for (const intervals of [unknown, flattened, missing]) {
      expect(night('2026-11-20', 'Asia/Shanghai', intervals)).toMatchObject({ mnf: null, coverage: 0.5 });
    }
    expect(night('2026-11-20', 'Asia/Shanghai', [])).toMatchObject({ mnf: null, coverage: 0 });
  });

  it('on the spring-forward night the window has one local hour (Europe/Paris, 29 March 2026)', () => {
    // 02:00 does not exist: 01:00 CET is followed by 03:00 CEST. Hour indexes: 0=00, 1=01, 2=03, 3=04.
    const intervals = hours('2026-03-29', 'Europe/Paris', (i) => [2, 1, 0.8, 0.5][i] ?? 4);
    expect(intervals).toHaveLength(23);
    expect(night('2026-03-29', 'Europe/Paris', intervals)).toMatchObject({ mnf: 0.8, coverage: 1 });
  });

  it('on the fall-back night the window has three local hours (Europe/Paris, 25 October 2026)', () => {
    // 02:00 happens twice (CEST then CET): hour indexes 2 and 3 start at 02:00, 4 at 03:00.
    const intervals = hours('2026-10-25', 'Europe/Paris', (i) => [2, 1, 0.9, 0.7, 0.95, 0.4][i] ?? 4);
    expect(intervals).toHaveLength(25);
    expect(night('2026-10-25', 'Europe/Paris', intervals)).toMatchObject({ mnf: 0.7, coverage: 1 });
  });

  it('divides an interval volume by its length to get a flow', () => {
    const start = Date.UTC(2026, 10, 20, 2, 0, 0); // 02:00 UTC
    const halves = [0, 1, 2, 3].map((i) => ({
      start: start + (i * HOUR_MS) / 2,
      end: start + ((i + 1) * HOUR_MS) / 2,
      volume: 0.4 + i,
      known: true,
      regular: true,
    }));
    expect(night('2026-11-20', 'UTC', halves).mnf).toBeCloseTo(0.8, 12);
  });
});

describe('night figures', () => {
  const flows = (mnf: number | null) => ({
    date: '2026-11-20',
    mnf,
    coverage: mnf === null ? 0 : 1,
    end: 1000,
  });
  const days = (supply: number | null, unknown: DailyBalance['unknown']) =>
    new Map([
      [
        '2026-11-20',
        {
          ...balanceFromTotals(inlet(supply ?? 0, supply === null ? 0.5 : 1), {
            sales: 0,
            coverage: 0,
            count: 1,
          }),
          unknown,
        },
      ],
    ]);

  it("takes ADF from the day's supply and KL from both, with the reason of each null", () => {
    expect(nightFigures([flows(1.2)], days(96, null), 2000, true)).toEqual([
      { date: '2026-11-20', mnf: 1.2, adf: 4, kl: 0.3, coverage: 1, mnfUnknown: null, adfUnknown: null },
    ]);
    expect(nightFigures([flows(null)], days(null, 'gap'), 2000, true)[0]).toMatchObject({
      mnf: null,
      adf: null,
      kl: null,
      mnfUnknown: 'gap',
      adfUnknown: 'gap',
    });
    // The meter has not reported past the window yet: not complete.
    expect(nightFigures([flows(null)], days(null, 'incomplete'), 500, true)[0]).toMatchObject({
      mnfUnknown: 'incomplete',
      adfUnknown: 'incomplete',
    });
    expect(nightFigures([flows(null)], days(null, 'noSummaryMeter'), null, false)[0]).toMatchObject({
      mnfUnknown: 'noSummaryMeter',
      adfUnknown: 'noSummaryMeter',
    });
  });

  it('tells a gap from a period still to come by the latest reading', () => {
    expect(missingDataReason(1000, 1000)).toBe('gap');
    expect(missingDataReason(1000, 999)).toBe('incomplete');
    expect(missingDataReason(1000, null)).toBe('incomplete');
  });
});

describe('night window ranges', () => {
  // Each zone over a year holding its DST nights: whole-hour shifts, a half-hour shift (Lord Howe), a
  // two-hour shift at 01:00 UTC (Troll) and none (Shanghai).
  it.each(['Asia/Shanghai', 'Europe/Paris', 'America/New_York', 'Australia/Lord_Howe', 'Antarctica/Troll'])(
    'holds exactly the local hours starting in 02:00-04:00 (%s, 2026)',
    (zone) => {
      const ranges = nightWindowRanges('2026-01-01', '2026-12-31', zone);
      const hours = localHourBoundaries(
        localMidnight('2026-01-01', zone),
        localMidnight('2027-01-01', zone),
        zone,
      );
      const starts = hours.slice(0, -1);
      let next = 0; // ranges are walked in order with the hours
      const inRanges = (t: number) => {
        while (next < ranges.length && ranges[next]!.end <= t) next++;
        return next < ranges.length && t >= ranges[next]!.start;
      };
      const windowHours = starts.filter((t) => inNightWindow(t, zone));
      expect(windowHours.length).toBeGreaterThan(700);
      expect(starts.filter(inRanges)).toEqual(windowHours);
      // Ranges are ordered, disjoint and end on an hour boundary, so a range scan reads no other hour.
      const boundaries = new Set(hours);
      ranges.forEach((r, i) => {
        expect(r.start).toBeLessThan(r.end);
        if (i > 0) expect(r.start).toBeGreaterThanOrEqual(ranges[i - 1]!.end);
        expect(boundaries.has(r.end)).toBe(true);
      });
    },
  );

  it('has one range a night, one hour long on the spring-forward night (Europe/Paris)', () => {
    const ranges = nightWindowRanges('2026-03-28', '2026-03-30', 'Europe/Paris');
    expect(ranges.map((r) => [new Date(r.start).toISOString(), (r.end - r.start) / HOUR_MS])).toEqual([
      ['2026-03-28T01:00:00.000Z', 2],
      ['2026-03-29T01:00:00.000Z', 1],
      ['2026-03-30T00:00:00.000Z', 2],
    ]);
    expect(nightWindowRanges('2026-10-25', '2026-10-25', 'Europe/Paris')).toEqual([
      { start: Date.parse('2026-10-25T00:00:00Z'), end: Date.parse('2026-10-25T03:00:00Z') },
    ]);
  });
});

describe('ADF and KL', () => {
  it('ADF is supply / 24 and KL is MNF / ADF', () => {
    expect(averageDailyFlow(96)).toBe(4);
    expect(klRatio(1, 4)).toBe(0.25);
    expect(averageDailyFlow(null)).toBeNull();
    expect(klRatio(1, 0)).toBeNull();
    expect(klRatio(null, 4)).toBeNull();
  });
});

describe('alarm findings', () => {
  const thresholds = { leakageRate: 0.2, mnf: 1, kl: 0.3 };
  it('reports each figure over its threshold', () => {
    expect(alarmFindings({ leakageRate: 0.25, coverage: 1, mnf: 1.5, kl: 0.3 }, thresholds, true)).toEqual([
      { kind: 'leakageRate', value: 0.25, threshold: 0.2 },
      { kind: 'mnf', value: 1.5, threshold: 1 },
    ]);
  });
  it('waits for the day to be covered before a leakage alarm', () => {
    expect(alarmFindings({ leakageRate: 0.8, coverage: 0.6, mnf: null, kl: null }, thresholds, true)).toEqual(
      [],
    );
  });
  it('gives a point without sub-meters no leakage alarm', () => {
    expect(alarmFindings({ leakageRate: 0.9, coverage: 1, mnf: 0.5, kl: 0.5 }, thresholds, false)).toEqual([
      { kind: 'kl', value: 0.5, threshold: 0.3 },
    ]);
  });
});

describe('infrastructure leakage index', () => {
  it('computes UARL = (18 Lm + 0.8 Nc + 25 Lp) x P and ILI = CARL / UARL by hand', () => {
    // 10 km of mains, 500 connections, no private pipe, 40 m: (180 + 400) x 40 = 23 200 l/day.
    const result = infrastructureLeakageIndex({
      mainsKm: 10,
      connections: 500,
      privatePipeKm: 0,
      pressureM: 40,
      realLossesM3PerDay: 92.8,
    });
    expect(result.uarlLitresPerDay).toBeCloseTo(23_200, 9);
    expect(result.carlLitresPerDay).toBeCloseTo(92_800, 9);
    expect(result.ili).toBeCloseTo(4, 12);
    expect(
      infrastructureLeakageIndex({
        ...result,
        mainsKm: 0,
        connections: 0,
        privatePipeKm: 0,
        pressureM: 40,
        realLossesM3PerDay: 1,
      }).ili,
    ).toBeNull();
  });
});
