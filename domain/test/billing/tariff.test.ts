import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addMonths,
  type Charge,
  chargePeriod,
  cycleOf,
  dayNumber,
  dayString,
  litresOf,
  roundHalfUp,
  type Tariff,
  type TariffVersion,
  trialCharge,
} from '../../src/billing/index.ts';
import { daily, ladder, m3, yearly } from './ladder.ts';

const linesSum = (charge: Charge) => charge.lines.reduce((sum, line) => sum + line.amountCents, 0);

describe('the tariff math, by hand', () => {
  it('charges the 13th m³ of the year at step 2 in March, after January and February', () => {
    const january = chargePeriod(yearly, { from: '2026-01-01', to: '2026-02-01', accumulatedLitres: 0 }, [
      { day: '2026-01-10', litres: m3(5) },
    ]);
    const february = chargePeriod(
      yearly,
      { from: '2026-02-01', to: '2026-03-01', accumulatedLitres: january.accumulatedLitres },
      [{ day: '2026-02-10', litres: m3(5) }],
    );
    expect([january.totalCents, february.totalCents, february.accumulatedLitres]).toEqual([
      1000,
      1000,
      m3(10),
    ]);
    const march = chargePeriod(
      yearly,
      { from: '2026-03-01', to: '2026-04-01', accumulatedLitres: february.accumulatedLitres },
      [{ day: '2026-03-20', litres: m3(4) }],
    );
    expect(march.parts).toHaveLength(1);
    expect(march.parts[0]!.lines).toEqual([
      { kind: 'step', step: 1, litres: m3(2), unitPriceCents: 200, amountCents: 400 },
      { kind: 'step', step: 2, litres: m3(2), unitPriceCents: 350, amountCents: 700 },
    ]);
    expect(march.totalCents).toBe(1100);
  });

  it('fills the steps again from 0 when a new accumulation cycle begins inside the period', () => {
    const charge = chargePeriod(yearly, { from: '2026-12-01', to: '2027-02-01', accumulatedLitres: m3(40) }, [
      { day: '2026-12-31', litres: m3(1) },
      { day: '2027-01-01', litres: m3(1) },
    ]);
    expect(charge.parts.map((p) => [p.type, p.from, p.accumulatedLitres, p.totalCents])).toEqual([
      ['ordinary', '2026-12-01', m3(40), 500],
      ['ordinary', '2027-01-01', 0, 200],
    ]);
    expect(charge.accumulatedLitres).toBe(m3(1));
  });

  it('splits a period at a price change: the later part is a price adjustment, the standing charge shared by days', () => {
    const flat = (effectiveFrom: string, unitPriceCents: number): TariffVersion => ({
      effectiveFrom,
      chargingModel: 'flat',
      steps: [{ startLitres: 0, endLitres: null, unitPriceCents }],
      standingChargeCents: 1000,
      vatRateBasisPoints: 0,
    });
    const tariff: Tariff = {
      startTime: '2026-01-01',
      accumulationCycle: 1,
      billingCycle: 1,
      versions: [flat('2026-01-01', 200), flat('2026-03-16', 300)],
    };
    const march = chargePeriod(
      tariff,
      { from: '2026-03-01', to: '2026-04-01', accumulatedLitres: 0 },
      daily('2026-03-01', '2026-04-01', 100),
    );
    expect(march.parts.map((p) => ({ type: p.type, from: p.from, to: p.to, lines: p.lines }))).toEqual([
      {
        type: 'ordinary',
        from: '2026-03-01',
        to: '2026-03-16',
        lines: [
          { kind: 'step', step: 1, litres: 1500, unitPriceCents: 200, amountCents: 300 },
          // 15 of March's 31 days of 10.00: 4.8387 rounds to 4.84.
          { kind: 'standing', amountCents: 484 },
        ],
      },
      {
        type: 'priceAdjustment',
        from: '2026-03-16',
        to: '2026-04-01',
        lines: [
          { kind: 'step', step: 1, litres: 1600, unitPriceCents: 300, amountCents: 480 },
          { kind: 'standing', amountCents: 516 },
        ],
      },
    ]);
    expect(march.totalCents).toBe(300 + 484 + 480 + 516);
  });

  it('rounds VAT half up, over the cycle: two bills of a cycle pay the VAT of their sum', () => {
    const version: TariffVersion = {
      ...ladder,
      steps: [{ startLitres: 0, endLitres: null, unitPriceCents: 125 }],
      vatRateBasisPoints: 1000,
    };
    // 1 m³ at 1.25 with 10% VAT: 0.125 rounds up to 0.13.
    const first = trialCharge(version, { accumulatedLitres: 0, litres: m3(1), months: 1 });
    expect(first.lines).toEqual([
      { kind: 'step', step: 1, litres: m3(1), unitPriceCents: 125, amountCents: 125 },
      { kind: 'vat', rateBasisPoints: 1000, amountCents: 13 },
    ]);
    expect(first.totalCents).toBe(138);
    // The second m³ of the cycle: the VAT of 2.50 is 0.25, of which the first bill took 0.13.
    const second = trialCharge(version, { accumulatedLitres: m3(1), litres: m3(1), months: 1 });
    expect([second.vatCents, second.totalCents]).toEqual([12, 137]);
    // 1 m³ at 1.23: 0.123 rounds down to 0.12.
    const down = trialCharge(
      { ...version, steps: [{ startLitres: 0, endLitres: null, unitPriceCents: 123 }] },
      {
        accumulatedLitres: 0,
        litres: m3(1),
        months: 1,
      },
    );
    expect(down.vatCents).toBe(12);
  });

  it('rounds exact amounts half up, converts m³ to litres, and counts months to the month end', () => {
    expect([roundHalfUp(5n, 2n), roundHalfUp(7n, 3n), roundHalfUp(8n, 3n), roundHalfUp(0n, 7n)]).toEqual([
      3, 2, 3, 0,
    ]);
    expect([litresOf(0.1 + 0.2), litresOf(12.3456), litresOf(0)]).toEqual([300, 12346, 0]);
    expect([addMonths('2026-01-31', 1), addMonths('2026-11-15', 3), addMonths('2024-02-29', 12)]).toEqual([
      '2026-02-28',
      '2027-02-15',
      '2025-02-28',
    ]);
    expect(cycleOf('2026-01-15', 3, '2026-04-14')).toEqual({ from: '2026-01-15', to: '2026-04-15' });
    expect(cycleOf('2026-01-15', 3, '2025-12-01')).toEqual({ from: '2025-10-15', to: '2026-01-15' });
  });

  it('refuses to charge a day before the scheme has a price', () => {
    expect(() =>
      chargePeriod(yearly, { from: '2025-12-01', to: '2026-01-01', accumulatedLitres: 0 }, []),
    ).toThrow(RangeError);
  });
});

// Random schemes: a ladder of 1-4 steps, a standing charge, VAT, 1-3 versions from the start day.
const steps = fc
  .array(
    fc.record({ width: fc.integer({ min: 1, max: m3(50) }), price: fc.integer({ min: 1, max: 99_999 }) }),
    {
      minLength: 1,
      maxLength: 4,
    },
  )
  .map((rows) => {
    let start = 0;
    return rows.map((row, i) => {
      const step = {
        startLitres: start,
        endLitres: i === rows.length - 1 ? null : start + row.width,
        unitPriceCents: row.price,
      };
      start += row.width;
      return step;
    });
  });
const versionBody = fc.record({
  steps,
  standingChargeCents: fc.integer({ min: 0, max: 10_000 }),
  vatRateBasisPoints: fc.integer({ min: 0, max: 9_999 }),
});
const tariffs = fc
  .record({
    start: fc.integer({ min: dayNumber('2025-01-01'), max: dayNumber('2027-12-31') }),
    billingCycle: fc.integer({ min: 1, max: 3 }),
    multiple: fc.integer({ min: 2, max: 4 }),
    versions: fc.array(fc.record({ after: fc.integer({ min: 1, max: 200 }), body: versionBody }), {
      minLength: 1,
      maxLength: 3,
    }),
  })
  .map(({ start, billingCycle, multiple, versions }): Tariff => {
    let day = start;
    return {
      startTime: dayString(start),
      billingCycle,
      accumulationCycle: billingCycle * multiple,
      versions: versions.map(({ after, body }, i) => {
        if (i > 0) day += after;
        return { effectiveFrom: dayString(day), chargingModel: 'tiered', ...body };
      }),
    };
  });
/** A period inside the scheme's life with a volume for each of its days. */
const usages = (tariff: Tariff) =>
  fc
    .record({
      offset: fc.integer({ min: 0, max: 400 }),
      litres: fc.array(fc.integer({ min: 0, max: m3(3) }), { minLength: 1, maxLength: 120 }),
      accumulatedLitres: fc.integer({ min: 0, max: m3(80) }),
      cut: fc.nat(),
    })
    .map(({ offset, litres, accumulatedLitres, cut }) => {
      const from = dayNumber(tariff.startTime) + offset;
      return {
        from: dayString(from),
        to: dayString(from + litres.length),
        mid: dayString(from + (cut % litres.length)),
        accumulatedLitres,
        days: litres.map((l, i) => ({ day: dayString(from + i), litres: l })),
      };
    });
const scenarios = tariffs.chain((tariff) => fc.tuple(fc.constant(tariff), usages(tariff)));

describe('the tariff math, on any scheme', () => {
  it('lines add up to each part, and parts to the total', () => {
    fc.assert(
      fc.property(scenarios, ([tariff, usage]) => {
        const charge = chargePeriod(tariff, usage, usage.days);
        for (const part of charge.parts) {
          expect(linesSum(part)).toBe(part.totalCents);
          expect(part.netCents + part.vatCents).toBe(part.totalCents);
        }
        expect(charge.parts.reduce((sum, p) => sum + p.totalCents, 0)).toBe(charge.totalCents);
        const trial = trialCharge(tariff.versions[0]!, {
          accumulatedLitres: usage.accumulatedLitres,
          litres: usage.days[0]!.litres,
          months: tariff.billingCycle,
        });
        expect(linesSum(trial)).toBe(trial.totalCents);
      }),
    );
  });

  it('charges a period split at any day as much as the whole period, under one price or several', () => {
    fc.assert(
      fc.property(scenarios, fc.boolean(), ([tariff, usage], onePrice) => {
        const scheme = onePrice ? { ...tariff, versions: tariff.versions.slice(0, 1) } : tariff;
        const whole = chargePeriod(scheme, usage, usage.days);
        const before = chargePeriod(scheme, { ...usage, to: usage.mid }, usage.days);
        const after = chargePeriod(
          scheme,
          { from: usage.mid, to: usage.to, accumulatedLitres: before.accumulatedLitres },
          usage.days,
        );
        expect(before.totalCents + after.totalCents).toBe(whole.totalCents);
        expect(after.accumulatedLitres).toBe(whole.accumulatedLitres);
      }),
    );
  });

  it('never charges less for more volume in a cycle', () => {
    fc.assert(
      fc.property(
        versionBody,
        fc.integer({ min: 0, max: m3(100) }),
        fc.integer({ min: 0, max: m3(100) }),
        fc.integer({ min: 0, max: m3(10) }),
        (body, accumulatedLitres, litres, more) => {
          const version: TariffVersion = { effectiveFrom: '2026-01-01', chargingModel: 'tiered', ...body };
          const usage = { accumulatedLitres, litres, months: 1 };
          const less = trialCharge(version, usage).totalCents;
          expect(trialCharge(version, { ...usage, litres: litres + more }).totalCents).toBeGreaterThanOrEqual(
            less,
          );
        },
      ),
    );
  });
});
