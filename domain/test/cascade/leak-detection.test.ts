import { describe, expect, it } from 'vitest';
import { detectLeaks, type NightInput } from '../../src/cascade/index.ts';
import { seededRandom } from '../../src/testing.ts';
import { addDays } from '../../src/time.ts';

/**
 * A district's nights from 2025-01-06 (a Monday): 20 m3/h, Friday and Saturday nights 30% higher, 2% noise
 * from night to night; `extra(i)` adds a leak (m3/h) on night i; nights in `unknown` are not measured.
 */
function district(
  seed: number,
  count: number,
  extra: (night: number) => number = () => 0,
  unknown: ReadonlySet<number> = new Set(),
): NightInput[] {
  const random = seededRandom(seed);
  const gauss = () => Math.sqrt(-2 * Math.log(random() + 1e-12)) * Math.cos(2 * Math.PI * random());
  return Array.from({ length: count }, (_, i) => {
    const date = addDays('2025-01-06', i);
    const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
    const base = weekday === 5 || weekday === 6 ? 26 : 20;
    return { date, mnf: unknown.has(i) ? null : base + 20 * 0.02 * gauss() + extra(i) };
  });
}

/** The night index of a date of the series. */
const nightOf = (date: string) =>
  (Date.parse(`${date}T00:00:00Z`) - Date.parse('2025-01-06T00:00:00Z')) / 86_400_000;

describe('leak detection', () => {
  it('raises nothing on a steady district, weekend nights and holidays included', () => {
    for (let seed = 1; seed <= 30; seed++) {
      const nights = district(seed, 200);
      // A holiday night as high as a weekend one.
      nights[100] = { ...nights[100]!, mnf: 27, holiday: true };
      expect(detectLeaks(nights).leaks).toEqual([]);
    }
  });

  it('finds a step of 15% of the night flow within two nights, on a Friday as surely as on a Tuesday', () => {
    // Night 88 is a Tuesday, night 91 a Friday.
    for (const start of [88, 91]) {
      let found = 0;
      for (let seed = 1; seed <= 40; seed++) {
        const { leaks } = detectLeaks(district(seed, 140, (i) => (i >= start ? 3 : 0)));
        const leak = leaks[0];
        if (leak && nightOf(leak.start) === start && nightOf(leak.detected) <= start + 1) found++;
        expect(leaks.filter((l) => nightOf(l.detected) < start)).toEqual([]);
      }
      expect(found).toBeGreaterThanOrEqual(38);
    }
  });

  it('neither raises nor hides a leak across an outage of three nights', () => {
    const outage = new Set([90, 91, 92]);
    for (let seed = 1; seed <= 20; seed++) {
      expect(detectLeaks(district(seed, 140, () => 0, outage)).leaks).toEqual([]);
      // A leak that starts during the outage is found on the second known night after it.
      const { leaks } = detectLeaks(district(seed, 140, (i) => (i >= 91 ? 4 : 0), outage));
      expect(leaks).toHaveLength(1);
      expect(nightOf(leaks[0]!.detected)).toBeLessThanOrEqual(94);
      expect(leaks[0]).toMatchObject({ kind: 'abrupt', repaired: null });
      expect(leaks[0]!.sizeM3h).toBeGreaterThan(3);
    }
  });

  it('closes a leak when the night flow is back at its baseline: the repair', () => {
    const { leaks, nights } = detectLeaks(district(5, 160, (i) => (i >= 90 && i < 110 ? 5 : 0)));
    expect(leaks).toHaveLength(1);
    expect(leaks[0]).toMatchObject({ kind: 'abrupt', start: addDays('2025-01-06', 90) });
    expect(leaks[0]!.share).toBeCloseTo(0.25, 1);
    // Repaired on the second night back (night 111), and judged against the baseline again after.
    expect(leaks[0]!.repaired).toBe(addDays('2025-01-06', 111));
    const judged = nights.filter(
      (n) => n.date >= addDays('2025-01-06', 95) && n.date < addDays('2025-01-06', 110),
    );
    expect(judged.every((n) => n.inLeak && n.baseline !== null && n.baseline < 27)).toBe(true);
  });

  it('finds a leak that grows slowly, before it passes a quarter of the night flow, with its start', () => {
    let found = 0;
    let incipient = 0;
    for (let seed = 1; seed <= 30; seed++) {
      // From night 80, 0.1 m3/h more each night: 10% of the night flow after 20 nights.
      const { leaks } = detectLeaks(district(seed, 160, (i) => (i >= 80 ? (i - 80) * 0.1 : 0)));
      const leak = leaks[0];
      if (leak && nightOf(leak.detected) <= 80 + 34) {
        found++;
        expect(nightOf(leak.start)).toBeGreaterThanOrEqual(80 - 7);
        // One leak that grows, not a new step every few nights (noise may raise one more over the months).
        expect(leaks.length).toBeLessThanOrEqual(2);
        if (leak.kind === 'incipient') incipient++;
      }
    }
    expect(found).toBeGreaterThanOrEqual(27);
    expect(incipient).toBeGreaterThanOrEqual(found - 3);
  });

  it('finds a second step on top of a leak under way as a leak of its own', () => {
    const { leaks } = detectLeaks(district(3, 160, (i) => (i >= 90 ? 4 : 0) + (i >= 110 ? 4 : 0)));
    expect(leaks.map((l) => [l.kind, l.start])).toEqual([
      ['abrupt', addDays('2025-01-06', 90)],
      ['abrupt', addDays('2025-01-06', 110)],
    ]);
  });
});
