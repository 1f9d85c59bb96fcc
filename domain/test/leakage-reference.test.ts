import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  balanceFromTotals,
  detectBursts,
  missingDataReason,
  nightFigures,
  nightFlows,
} from '../src/leakage.ts';
import {
  CLOCK_CHANGES_2026,
  districtFlow,
  generateSeries,
  referenceFigures,
  referenceMidnight,
  type Scenario,
  scenarios,
  TEST_METERS,
  type TestMeterKind,
} from '../src/testing.ts';
import { addDays, HOUR_MS, localHourBoundaries, localMidnight } from '../src/time.ts';
import { intervalVolumes, readingGaps, volumeKnown } from '../src/volumes.ts';

/**
 * The domain's gap, coverage and night rules against DESIGN's words (the reference in testing.ts), on random
 * meter series with random outages across the clock changes of a European and an American zone.
 */

const DAYS = 14;
const ZONES = ['Europe/Berlin', 'America/New_York'] as const;

/** The product's figures of a summary meter by the domain's rules: days and hours from volumes.ts. */
function productDays({ zone, kind, fromDay, readings }: Scenario) {
  const toDay = addDays(fromDay, DAYS - 1);
  const gaps = readingGaps(TEST_METERS[kind].reportIntervalMinutes);
  const midnights = Array.from({ length: DAYS + 1 }, (_, i) => localMidnight(addDays(fromDay, i), zone));
  const days = new Map(intervalVolumes(readings, midnights, gaps).map((d) => [d.start, d]));
  const hours = intervalVolumes(readings, localHourBoundaries(midnights[0]!, midnights.at(-1)!, zone), gaps);
  const latest = readings.at(-1)?.t ?? null;
  const balances = new Map(
    midnights.slice(0, -1).map((midnight, i) => {
      const day = days.get(midnight);
      const meterDay = day && { volume: volumeKnown(day) ? day.volume : null, coverage: day.coverage };
      const date = addDays(fromDay, i);
      const balance = balanceFromTotals(
        { day: meterDay, missing: missingDataReason(midnights[i + 1]!, latest) },
        { sales: 0, coverage: 0, count: 0 },
      );
      return [date, balance];
    }),
  );
  const nights = nightFlows(
    hours.map((h) => ({ ...h, known: volumeKnown(h) })),
    fromDay,
    toDay,
    zone,
  );
  return nightFigures(nights, balances, latest, true).map((n) => ({
    ...n,
    supply: balances.get(n.date)!.supply,
    dayCoverage: balances.get(n.date)!.supplyCoverage,
  }));
}

/** Equal as figures: both null, or numbers equal to rounding. */
function sameFigure(product: number | null, reference: number | null): boolean {
  if (product === null || reference === null) return product === reference;
  return Math.abs(product - reference) <= 1e-9 * Math.max(1, Math.abs(reference));
}

function expectReference(s: Scenario) {
  const toDay = addDays(s.fromDay, DAYS - 1);
  const reference = referenceFigures(
    s.readings,
    TEST_METERS[s.kind].reportIntervalMinutes,
    s.zone,
    s.fromDay,
    toDay,
  );
  const product = productDays(s);
  expect(product.map((p) => p.date)).toEqual(reference.map((r) => r.date));
  product.forEach((p, i) => {
    const r = reference[i]!;
    const pairs = [
      ['supply', p.supply, r.supply],
      ['coverage', p.dayCoverage, r.coverage],
      ['mnf', p.mnf, r.mnf],
      ['adf', p.adf, r.adf],
      ['kl', p.kl, r.kl],
    ] as const;
    for (const [name, mine, theirs] of pairs) {
      if (!sameFigure(mine, theirs))
        expect({ date: p.date, [name]: mine }).toEqual({ date: p.date, [name]: theirs });
    }
    // A null figure says why.
    if (p.mnf === null) expect(p.mnfUnknown).not.toBeNull();
    if (p.adf === null) expect(p.adfUnknown).not.toBeNull();
  });
}

describe('leakage figures against DESIGN (property)', () => {
  it.each(Object.keys(TEST_METERS) as TestMeterKind[])(
    'supply, coverage, MNF, ADF and KL of every day and night equal the reference, nulls included (%s)',
    (kind) => {
      fc.assert(fc.property(scenarios(kind, ZONES, DAYS, { maxLength: 6 }), expectReference), {
        numRuns: kind === 'quarterHourly' ? 40 : 120,
      });
    },
  );

  it('finds whole days and nights in the reference as often as unknown ones (the property is not vacuous)', () => {
    const samples = fc.sample(scenarios('hourly', ZONES, DAYS, { maxLength: 6 }), { numRuns: 60, seed: 11 });
    const days = samples.flatMap((s) =>
      referenceFigures(s.readings, 60, s.zone, s.fromDay, addDays(s.fromDay, DAYS - 1)),
    );
    const share = (f: (d: (typeof days)[number]) => boolean) => days.filter(f).length / days.length;
    expect(share((d) => d.supply !== null)).toBeGreaterThan(0.2);
    expect(share((d) => d.supply === null)).toBeGreaterThan(0.2);
    expect(share((d) => d.mnf !== null)).toBeGreaterThan(0.2);
    expect(share((d) => d.mnf === null)).toBeGreaterThan(0.2);
  });

  it('reads the clock changes as the reference does: 23 and 25 hour days, one and three night hours', () => {
    for (const [zone, [spring, autumn]] of Object.entries(CLOCK_CHANGES_2026)) {
      const hours = (date: string) =>
        (referenceMidnight(addDays(date, 1), zone) - referenceMidnight(date, zone)) / HOUR_MS;
      expect([hours(spring), hours(autumn)]).toEqual([23, 25]);
      expect(localMidnight(spring, zone)).toBe(referenceMidnight(spring, zone));
      expect(localMidnight(autumn, zone)).toBe(referenceMidnight(autumn, zone));
    }
  });
});

describe('burst detection on series with outages', () => {
  /** The nightly MNF the product computes for an hourly inlet over `days` days from 2026-10-10 (Berlin). */
  function nights(
    flow: (hourStart: number) => number,
    gaps: readonly { from: number; hours: number }[],
    days: number,
  ) {
    const zone = 'Europe/Berlin';
    const fromDay = '2026-10-10';
    const start = localMidnight(fromDay, zone);
    const readings = generateSeries({
      start,
      end: localMidnight(addDays(fromDay, days), zone),
      stepMinutes: 60,
      flow,
      gaps,
    });
    const hours = intervalVolumes(
      readings,
      localHourBoundaries(start, readings.at(-1)!.t, zone),
      readingGaps(60),
    );
    return nightFlows(
      hours.map((h) => ({ ...h, known: volumeKnown(h) })),
      fromDay,
      addDays(fromDay, days - 1),
      zone,
    );
  }
  const start = localMidnight('2026-10-10', 'Europe/Berlin');
  const nightEnd = (date: string) => localMidnight(date, 'Europe/Berlin') + 4 * HOUR_MS;
  const outages = fc.array(
    fc.record({ at: fc.integer({ min: 0, max: 40 * 24 }), hours: fc.integer({ min: 1, max: 200 }) }),
    { minLength: 1, maxLength: 8 },
  );

  it('raises nothing on a district without a leak, whatever its outages', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2 ** 30 }), outages, (seed, gaps) => {
        const series = nights(
          districtFlow(seed),
          gaps.map((g) => ({ from: start + g.at * HOUR_MS, hours: g.hours })),
          42,
        );
        expect(detectBursts(series)).toEqual([]);
      }),
      { numRuns: 150 },
    );
  });

  it('raises a step leak within two nights of its start, outages elsewhere', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 2 ** 30 }),
        outages,
        fc.integer({ min: 14 * 24, max: 30 * 24 }),
        (seed, gaps, leakHour) => {
          const leakFrom = start + leakHour * HOUR_MS;
          // Outages keep clear of the leak's first three days.
          const clear = gaps
            .map((g) => ({ from: start + g.at * HOUR_MS, hours: g.hours }))
            .filter(
              (g) => g.from + g.hours * HOUR_MS < leakFrom - 24 * HOUR_MS || g.from > leakFrom + 72 * HOUR_MS,
            );
          const series = nights(districtFlow(seed, { from: leakFrom, m3h: 3 }), clear, 42);
          // The first two nights whose window ends after the leak's start.
          const after = series.map((n) => n.date).filter((date) => nightEnd(date) > leakFrom);
          expect(detectBursts(series)[0]?.date).toBeOneOf(after.slice(0, 2));
        },
      ),
      { numRuns: 150 },
    );
  });
});
