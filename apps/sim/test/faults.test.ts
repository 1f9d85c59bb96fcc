import { describe, expect, it } from 'vitest';
import { type FaultOptions, parseFaultSpec } from '../src/faults.ts';
import { demoFleet } from '../src/fleet.ts';
import { Simulator } from '../src/simulator.ts';
import { DAY_MS, HOUR_MS, MINUTE_MS } from '../src/time.ts';
import { expectedKeys, keysFor, MemoryTransport, readingKey } from './helpers.ts';

const fleet = demoFleet();
const FROM = Date.parse('2026-02-28T16:00:00Z');
const TO = FROM + 3 * DAY_MS + 6 * HOUR_MS;
const EXPECTED = expectedKeys(fleet, FROM, TO, FROM + 3 * DAY_MS);

async function run(faults: FaultOptions) {
  const transport = new MemoryTransport();
  const simulator = new Simulator(fleet, keysFor(fleet), {
    transport: transport.factory,
    faults,
    batchSize: 400,
    concurrency: 1,
  });
  await simulator.backfill(new Date(FROM), new Date(TO));
  return { transport, simulator, readings: transport.readings() };
}

const countBy = <T>(items: T[], key: (item: T) => string) => {
  const counts = new Map<string, number>();
  for (const item of items) counts.set(key(item), (counts.get(key(item)) ?? 0) + 1);
  return counts;
};

describe('faults', () => {
  it('without faults: every reading once, in time order per meter', async () => {
    const { readings } = await run({});
    const keys = readings.map(readingKey);
    expect(keys.length).toBe(EXPECTED.size);
    expect(new Set(keys)).toEqual(EXPECTED);
    const last = new Map<string, number>();
    let inversions = 0;
    for (const r of readings) {
      const t = Date.parse(r.ts);
      if ((last.get(r.meterNo) ?? 0) > t) inversions++;
      last.set(r.meterNo, t);
    }
    expect(inversions).toBe(0);
  });

  it('duplicates: some readings are sent again, identical, in a later batch', async () => {
    const { readings, simulator } = await run({ duplicates: 0.05 });
    const counts = countBy(readings, readingKey);
    expect(new Set(counts.keys())).toEqual(EXPECTED);
    const twice = [...counts].filter(([, n]) => n === 2).map(([k]) => k);
    expect([...counts.values()].every((n) => n <= 2)).toBe(true);
    expect(twice.length / EXPECTED.size).toBeGreaterThan(0.03);
    expect(twice.length / EXPECTED.size).toBeLessThan(0.07);
    expect(
      simulator.faultStats().get(0)!.duplicated + simulator.faultStats().get(1)!.duplicated,
    ).toBeGreaterThan(0);
    const total = [...simulator.faultStats().values()].reduce((n, s) => n + s.duplicated, 0);
    expect(total).toBe(twice.length);
    for (const key of twice.slice(0, 50)) {
      const copies = readings.filter((r) => readingKey(r) === key);
      expect(copies[1]!.batchIndex).toBeGreaterThan(copies[0]!.batchIndex);
      const { batchIndex: _a, ...first } = copies[0]!;
      const { batchIndex: _b, ...second } = copies[1]!;
      expect(second).toEqual(first);
    }
  });

  it('outOfOrder: readings shuffled within batches and moved to later batches, none lost or doubled', async () => {
    const { readings, transport } = await run({ outOfOrder: 0.1 });
    const keys = readings.map(readingKey);
    expect(keys.length).toBe(EXPECTED.size);
    expect(new Set(keys)).toEqual(EXPECTED);
    // Within a batch: some meter's readings are not in time order.
    const unsortedBatches = transport.batches.filter(({ batch }) => {
      const last = new Map<string, number>();
      return batch.readings.some((r) => {
        const t = Date.parse(r.ts);
        const before = last.get(r.meterNo) ?? 0;
        last.set(r.meterNo, t);
        return t < before;
      });
    });
    expect(unsortedBatches.length).toBeGreaterThan(0);
    // Between batches: a reading arrives after a later reading of the same meter from an earlier batch.
    const latest = new Map<string, { t: number; batch: number }>();
    let crossBatch = 0;
    for (const r of readings) {
      const t = Date.parse(r.ts);
      const seen = latest.get(r.meterNo);
      if (seen && seen.t > t && seen.batch < r.batchIndex) crossBatch++;
      if (!seen || t > seen.t) latest.set(r.meterNo, { t, batch: r.batchIndex });
    }
    expect(crossBatch).toBeGreaterThan(0);
  });

  it('gaps: some readings are never sent', async () => {
    const { readings, simulator } = await run({ gaps: 0.05 });
    const keys = readings.map(readingKey);
    expect(keys.length).toBe(new Set(keys).size);
    expect(keys.every((k) => EXPECTED.has(k))).toBe(true);
    const missing = EXPECTED.size - keys.length;
    expect(missing / EXPECTED.size).toBeGreaterThan(0.03);
    expect(missing / EXPECTED.size).toBeLessThan(0.07);
    expect([...simulator.faultStats().values()].reduce((n, s) => n + s.dropped, 0)).toBe(missing);
  });

  it('late: some batches are held back and sent after later ones; all readings arrive', async () => {
    const { readings, transport, simulator } = await run({ late: 0.2, lateBatches: 2 });
    const keys = readings.map(readingKey);
    expect(keys.length).toBe(EXPECTED.size);
    expect(new Set(keys)).toEqual(EXPECTED);
    // Per gateway, the first reading time of each batch in arrival order is not monotone.
    let regressions = 0;
    for (const district of [0, 1, 2]) {
      const firsts = transport.batches
        .filter((b) => b.district === district)
        .map((b) => Math.min(...b.batch.readings.map((r) => Date.parse(r.ts))));
      for (let i = 1; i < firsts.length; i++) if (firsts[i]! < firsts[i - 1]!) regressions++;
    }
    expect(regressions).toBeGreaterThan(0);
    expect([...simulator.faultStats().values()].reduce((n, s) => n + s.held, 0)).toBeGreaterThan(0);
  });

  it('counterReset: the meter counter restarts at 0 and continues from there', async () => {
    const meter = fleet.meters.find(
      (m) => m.role === 'household' && m.pattern === 'hourly' && m.dailyM3 > 0.3,
    )!;
    const at = new Date(FROM + DAY_MS + 7 * HOUR_MS + 30 * MINUTE_MS);
    const { readings, simulator } = await run({ counterResets: [{ meterNo: meter.meterNo, at }] });
    const series = readings
      .filter((r) => r.meterNo === meter.meterNo)
      .sort((a, b) => Date.parse(a.ts) - Date.parse(b.ts));
    const before = series.filter((r) => Date.parse(r.ts) < at.getTime());
    const after = series.filter((r) => Date.parse(r.ts) >= at.getTime());
    expect(before.every((r) => r.total >= meter.initialReading)).toBe(true);
    expect(after[0]!.total).toBeLessThan(0.1);
    expect(after.at(-1)!.total).toBeGreaterThan(after[0]!.total);
    expect(after.at(-1)!.total).toBeLessThan(before.at(-1)!.total);
    for (let i = 1; i < after.length; i++)
      expect(after[i]!.total).toBeGreaterThanOrEqual(after[i - 1]!.total);
    expect(simulator.model.counterResets(meter.meterNo)).toEqual([at]);
    // Other meters are untouched.
    const other = readings.filter((r) => r.meterNo !== meter.meterNo && r.meterNo.startsWith('1'));
    expect(other.every((r) => r.total > 1)).toBe(true);
  });

  it('clockSkew: one gateway stamps its readings N minutes off; values stay those of the true time', async () => {
    const plain = await run({});
    const skewed = await run({ clockSkew: [{ district: 1, minutes: -15 }] });
    expect(skewed.readings).toHaveLength(plain.readings.length);
    let shifted = 0;
    skewed.readings.forEach((r, i) => {
      const p = plain.readings[i]!;
      expect(r.meterNo).toBe(p.meterNo);
      expect(r.total).toBe(p.total);
      const delta = Date.parse(r.ts) - Date.parse(p.ts);
      expect(delta).toBe(r.district === 1 ? -15 * MINUTE_MS : 0);
      if (delta !== 0) shifted++;
    });
    expect(shifted).toBe(plain.readings.filter((r) => r.district === 1).length);
  });

  it('is deterministic: the same faults give the same readings in the same order', async () => {
    const faults = { duplicates: 0.03, outOfOrder: 0.05, late: 0.1, gaps: 0.02 };
    const strip = (rs: { meterNo: string; ts: string; total: number; batchIndex: number }[]) =>
      rs.map((r) => `${r.meterNo} ${r.ts} ${r.total} ${r.batchIndex}`);
    const a = await run(faults);
    const b = await run(faults);
    expect(strip(b.readings)).toEqual(strip(a.readings));
    expect(strip(a.readings)).not.toEqual(strip((await run({})).readings));
  });

  it('parses --faults lists', () => {
    const window = { from: new Date(FROM), to: new Date(TO) };
    const faults = parseFaultSpec(
      'duplicates, late=0.1,clockSkew=2:-20,gaps,counterReset,outOfOrder',
      fleet,
      window,
    );
    expect(faults).toMatchObject({ duplicates: 0.02, late: 0.1, gaps: 0.01, outOfOrder: 0.05 });
    expect(faults.clockSkew).toEqual([{ district: 2, minutes: -20 }]);
    expect(faults.counterResets).toHaveLength(3);
    for (const reset of faults.counterResets!) {
      expect(reset.at.getTime()).toBeGreaterThan(FROM);
      expect(reset.at.getTime()).toBeLessThan(TO);
      expect(fleet.meters.find((m) => m.meterNo === reset.meterNo)?.role).toBe('household');
    }
    expect(
      parseFaultSpec('counterReset=1000000005@2026-03-02T00:00:00Z', fleet, window).counterResets,
    ).toEqual([{ meterNo: '1000000005', at: new Date('2026-03-02T00:00:00Z') }]);
    expect(() => parseFaultSpec('floods', fleet, window)).toThrow(/unknown fault floods/);
    expect(() => parseFaultSpec('duplicates=2', fleet, window)).toThrow(/between 0 and 1/);
    expect(() => parseFaultSpec('clockSkew=9:5', fleet, window)).toThrow(/district/);
  });
});
