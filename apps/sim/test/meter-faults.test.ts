import { describe, expect, it } from 'vitest';
import { demoMeterFaults } from '../src/demo.ts';
import { demoFleet } from '../src/fleet.ts';
import { FleetModel, parseMeterFault } from '../src/model.ts';
import { Simulator } from '../src/simulator.ts';
import { HOUR_MS } from '../src/time.ts';
import { keysFor, MemoryTransport } from './helpers.ts';

const fleet = demoFleet();
const FROM = Date.parse('2026-03-01T00:00:00Z');
const NOW = new Date(FROM + 48 * HOUR_MS);

describe('meter faults on demand', () => {
  const faults = demoMeterFaults(fleet, NOW);
  const meterOf = (kind: string) => faults.find((f) => f.kind === kind)!.meterNo;

  it('picks one hourly household meter of the demo for each kind', () => {
    expect(faults.map((f) => f.kind)).toEqual(['leak', 'tamper', 'battery', 'silent']);
    expect(new Set(faults.map((f) => f.meterNo)).size).toBe(4);
  });

  it('a leak adds its flow from the next whole hour, counters staying exact after a cached past', () => {
    const model = new FleetModel(fleet);
    const leak = meterOf('leak');
    const start = new Date(FROM + 10.5 * HOUR_MS);
    const before = model.counterAt(leak, FROM + 30 * HOUR_MS) - model.counterAt(leak, FROM + 11 * HOUR_MS);
    model.addMeterFault({ kind: 'leak', meterNo: leak, start, sizeM3h: 0.05 });
    const after = model.counterAt(leak, FROM + 30 * HOUR_MS) - model.counterAt(leak, FROM + 11 * HOUR_MS);
    expect(after - before).toBeCloseTo(19 * 0.05, 9);
    expect(model.volumeBetween(leak, FROM, FROM + 11 * HOUR_MS)).toBeCloseTo(
      new FleetModel(fleet).volumeBetween(leak, FROM, FROM + 11 * HOUR_MS),
      9,
    );
  });

  it('a tampered meter reports code 2, a dying battery code 1, a silent meter nothing', async () => {
    const transport = new MemoryTransport();
    const simulator = new Simulator(fleet, keysFor(fleet), { transport: transport.factory });
    for (const fault of faults) simulator.injectMeterFault(fault);
    await simulator.backfill(new Date(FROM), NOW);
    const readings = transport.batches.flatMap((b) => b.batch.readings);
    const of = (meterNo: string) => readings.filter((r) => r.meterNo === meterNo);
    const after = (meterNo: string, hours: number) =>
      of(meterNo).filter((r) => Date.parse(r.ts) >= NOW.getTime() - hours * HOUR_MS);
    expect(after(meterOf('tamper'), 19).every((r) => r.alarms?.includes('2'))).toBe(true);
    expect(of(meterOf('tamper')).some((r) => !r.alarms?.includes('2'))).toBe(true);
    expect(
      after(meterOf('battery'), 40).every((r) => (r.battery ?? 4) < 3.2 && r.alarms?.includes('1')),
    ).toBe(true);
    expect(after(meterOf('silent'), 8)).toEqual([]);
    expect(of(meterOf('silent')).length).toBeGreaterThan(30);
  });

  it('reads the CLI spec', () => {
    expect(parseMeterFault('leak:1000000001:0.2@2026-03-01T00:00:00Z', NOW)).toEqual({
      kind: 'leak',
      meterNo: '1000000001',
      sizeM3h: 0.2,
      start: new Date('2026-03-01T00:00:00Z'),
    });
    expect(parseMeterFault('silent:1000000002', NOW)).toEqual({
      kind: 'silent',
      meterNo: '1000000002',
      start: NOW,
    });
    expect(parseMeterFault('tamper:1000000002:3', NOW)).toBeNull();
    expect(parseMeterFault('melt:1', NOW)).toBeNull();
  });
});
