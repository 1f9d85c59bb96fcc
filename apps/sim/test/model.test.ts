import { describe, expect, it } from 'vitest';
import { demoFleet } from '../src/fleet.ts';
import { FleetModel } from '../src/model.ts';
import { Rng } from '../src/random.ts';
import { DAY_MS, HOUR_MS } from '../src/time.ts';

const fleet = demoFleet();
const households = fleet.meters.filter((m) => m.role === 'household');
const START = Date.parse('2026-09-01T00:00:00Z');

describe('demo fleet', () => {
  it('is the same on every call, with stable numeric meter numbers', () => {
    expect(demoFleet()).toEqual(fleet);
    expect(fleet.meters).toHaveLength(200);
    expect(fleet.districts).toHaveLength(3);
    expect(fleet.districts.map((d) => d.inletMeterNo)).toEqual(['9000000001', '9000000002', '9000000003']);
    expect(households[0]?.meterNo).toBe('1000000001');
    expect(households.at(-1)?.meterNo).toBe('1000000197');
    expect(new Set(fleet.meters.map((m) => m.meterNo)).size).toBe(200);
    for (const m of fleet.meters) expect(m.meterNo).toMatch(/^\d{10}$/);
    expect(demoFleet({ seed: 7 }).meters.map((m) => m.dailyM3)).not.toEqual(
      fleet.meters.map((m) => m.dailyM3),
    );
  });

  it('has one inlet and one concentrator per district, about a third daily uploads, realistic positions', () => {
    for (const d of fleet.districts) {
      const meters = fleet.meters.filter((m) => m.district === d.index);
      expect(meters.filter((m) => m.role === 'inlet').map((m) => m.meterNo)).toEqual([d.inletMeterNo]);
      expect(d.householdMeterNos).toHaveLength(meters.length - 1);
      expect(d.gateway.kind).toBe('concentrator');
      expect(d.leakageM3h).toBeGreaterThanOrEqual(0.2);
      expect(d.leakageM3h).toBeLessThanOrEqual(0.8);
      for (const m of meters) {
        // Within about 1 km of the district centre, the district within about 3 km of the city centre.
        expect(Math.abs(m.position.lat - d.centre.lat)).toBeLessThan(0.01);
        expect(Math.abs(m.position.lng - d.centre.lng)).toBeLessThan(0.011);
      }
      expect(Math.hypot(d.centre.lat - 30.27, d.centre.lng - 120.11)).toBeLessThan(0.03);
    }
    const daily = households.filter((m) => m.pattern === 'daily').length / households.length;
    expect(daily).toBeGreaterThan(0.25);
    expect(daily).toBeLessThan(0.42);
    expect(fleet.meters.filter((m) => m.role === 'inlet').every((m) => m.pattern === 'hourly')).toBe(true);
    expect(households.some((m) => m.valveCapable) && households.some((m) => !m.valveCapable)).toBe(true);
  });
});

describe('consumption model', () => {
  it('is deterministic: two models give the same flows and counters', () => {
    const sample = (model: FleetModel) => {
      const values: number[] = [];
      for (let t = START; t < START + 3 * DAY_MS; t += 5 * HOUR_MS + 17_000) {
        for (const m of fleet.meters) values.push(model.counterAt(m.meterNo, t), model.flowAt(m.meterNo, t));
      }
      return values;
    };
    const a = new FleetModel(fleet);
    const values = sample(a);
    expect(values.length).toBeGreaterThan(5000);
    expect(sample(new FleetModel(demoFleet()))).toEqual(values);
    // Noise differs between meters and hours: not a constant profile.
    const flows = households.slice(0, 20).map((m) => a.householdFlow(m, START + 9 * HOUR_MS));
    expect(new Set(flows).size).toBeGreaterThan(10);
  });

  it('counters are monotone and the same whichever order times are asked in', () => {
    const ascending = new FleetModel(fleet);
    const times: number[] = [];
    for (let t = START; t <= START + 20 * DAY_MS; t += HOUR_MS + 61_000) times.push(t);
    const expected = new Map<string, number[]>();
    let decreases = 0;
    for (const m of fleet.meters) {
      const values = times.map((t) => ascending.counterAt(m, t));
      for (let i = 1; i < values.length; i++) if (values[i]! < values[i - 1]!) decreases++;
      expect(values[0]!).toBeGreaterThanOrEqual(m.initialReading);
      expect(values.at(-1)!).toBeGreaterThan(m.vacant ? -1 : values[0]!);
      expected.set(m.meterNo, values);
    }
    expect(decreases).toBe(0);
    // A fresh model asked in a shuffled order, starting before the epoch, agrees.
    const shuffled = new FleetModel(fleet);
    const order = new Rng(42).shuffle(times.map((_, i) => i));
    shuffled.counterAt(households[3]!, Date.parse('2024-06-01T00:00:00Z'));
    let worst = 0;
    for (const i of order) {
      for (const m of fleet.meters) {
        worst = Math.max(worst, Math.abs(shuffled.counterAt(m, times[i]!) - expected.get(m.meterNo)![i]!));
      }
    }
    expect(worst).toBeLessThan(1e-9);
    // Before the epoch counters are lower and still monotone.
    const early = [
      Date.parse('2024-10-01T00:00:00Z'),
      Date.parse('2024-12-31T23:30:00Z'),
      fleet.epoch.getTime(),
    ];
    const m = households.find((h) => !h.vacant)!;
    const v = early.map((t) => shuffled.counterAt(m, t));
    expect(v[0]!).toBeLessThan(v[1]!);
    expect(v[1]!).toBeLessThan(v[2]!);
    expect(v[2]).toBeCloseTo(m.initialReading, 9);
  });

  it('counters grow by the integral of the flow', () => {
    const model = new FleetModel(fleet);
    const m = households.find((h) => !h.vacant && h.dailyM3 > 0.3)!;
    let integral = 0;
    const step = 6 * 60_000;
    for (let t = START; t < START + DAY_MS; t += step)
      integral += (model.householdFlow(m, t) * step) / HOUR_MS;
    expect(model.counterAt(m, START + DAY_MS) - model.counterAt(m, START)).toBeCloseTo(integral, 9);
    expect(integral).toBeGreaterThan(0.1);
  });

  it('has a daily profile in local time: low but non-zero night use, morning and evening peaks', () => {
    const model = new FleetModel(fleet);
    const byLocalHour = new Array<number>(24).fill(0);
    const weekday = new Array<number>(24).fill(0);
    const weekend = new Array<number>(24).fill(0);
    // Asia/Shanghai is UTC+8: local hour = UTC hour + 8.
    for (let day = 0; day < 28; day++) {
      for (let h = 0; h < 24; h++) {
        const t = START + day * DAY_MS + h * HOUR_MS + 30 * 60_000;
        const local = (h + 8) % 24;
        let sum = 0;
        for (const m of households) sum += model.householdFlow(m, t);
        byLocalHour[local]! += sum;
        (model.localTime(t).weekend ? weekend : weekday)[local]! += sum;
      }
    }
    const night = byLocalHour[2]! + byLocalHour[3]!;
    const evening = byLocalHour[19]! + byLocalHour[20]!;
    const morning = byLocalHour[7]! + byLocalHour[8]!;
    const afternoon = byLocalHour[14]! + byLocalHour[15]!;
    expect(night).toBeGreaterThan(0);
    expect(night).toBeLessThan(evening * 0.25);
    expect(morning).toBeGreaterThan(afternoon);
    expect(evening).toBeGreaterThan(afternoon);
    // Weekends: a later morning (less at 7, more at 10) than weekdays, per day.
    expect(weekend[7]! / 8).toBeLessThan(weekday[7]! / 20);
    expect(weekend[10]! / 8).toBeGreaterThan(weekday[10]! / 20);
    // Night use is occasional: a household uses nothing in some night hours and something in others.
    const m = households.find((h) => !h.vacant && h.leakM3h === 0)!;
    const nightFlows = Array.from({ length: 28 }, (_, d) =>
      model.householdFlow(m, START + d * DAY_MS - 5 * HOUR_MS),
    );
    expect(nightFlows.some((f) => f === 0)).toBe(true);
    expect(nightFlows.some((f) => f > 0)).toBe(true);
  });

  it('follows the configured time zone', () => {
    const shanghai = new FleetModel(fleet);
    const paris = new FleetModel(fleet, { timeZone: 'Europe/Paris' });
    const t = Date.parse('2026-07-01T05:30:00Z');
    expect(shanghai.localTime(t).hour).toBe(13);
    expect(paris.localTime(t).hour).toBe(7);
    expect(paris.localTime(Date.parse('2026-01-01T05:30:00Z')).hour).toBe(6);
    const m = households[0]!;
    expect(paris.householdFlow(m, t)).not.toBe(shanghai.householdFlow(m, t));
  });

  it('inlet flow is its households + background leakage, plus a burst from its start', () => {
    const burstStart = START + 2 * DAY_MS + 20 * 60_000;
    const model = new FleetModel(fleet, {
      bursts: [{ district: 1, start: new Date(burstStart), sizeM3h: 2.5 }],
    });
    for (const d of fleet.districts) {
      for (let t = START; t < START + 4 * DAY_MS; t += 7 * HOUR_MS + 123_000) {
        let sum = d.leakageM3h;
        for (const no of d.householdMeterNos) sum += model.householdFlow(no, t);
        const burst = d.index === 1 && t >= burstStart ? 2.5 : 0;
        expect(model.inletFlow(d.index, t)).toBeCloseTo(sum + burst, 9);
      }
      // Volumes too: inlet counter difference = household volumes + leakage + burst volume.
      const from = START + DAY_MS;
      const to = START + 3 * DAY_MS;
      let sales = 0;
      for (const no of d.householdMeterNos) sales += model.counterAt(no, to) - model.counterAt(no, from);
      const burstVolume = d.index === 1 ? (2.5 * (to - burstStart)) / HOUR_MS : 0;
      const supply = model.counterAt(d.inletMeterNo, to) - model.counterAt(d.inletMeterNo, from);
      expect(supply).toBeCloseTo(sales + d.leakageM3h * 48 + burstVolume, 6);
    }
    // A burst added later (a live injection) only changes the inlet from its start on.
    const plain = new FleetModel(fleet);
    const live = new FleetModel(fleet);
    const before = live.counterAt('9000000001', START);
    live.addBurst({ district: 0, start: new Date(START + HOUR_MS), sizeM3h: 1 });
    expect(live.counterAt('9000000001', START)).toBe(before);
    expect(live.inletFlow(0, START + HOUR_MS - 1)).toBe(plain.inletFlow(0, START + HOUR_MS - 1));
    expect(live.inletFlow(0, START + HOUR_MS) - plain.inletFlow(0, START + HOUR_MS)).toBeCloseTo(1, 9);
    expect(live.counterAt('9000000001', START + 3 * HOUR_MS) - before).toBeCloseTo(
      plain.counterAt('9000000001', START + 3 * HOUR_MS) - before + 2,
      9,
    );
  });

  it('a closed valve stops consumption and keeps the counter flat until reopened', () => {
    const model = new FleetModel(fleet);
    const m = households.find((h) => h.valveCapable && !h.vacant && h.dailyM3 > 0.2)!;
    const closeAt = START + 5 * DAY_MS + 17 * 60_000;
    const openAt = START + 7 * DAY_MS + 3 * HOUR_MS + 45 * 60_000;
    // Fill the cache past the change first: the change must invalidate it.
    const unaffected = model.counterAt(m, START + 10 * DAY_MS);
    const atClose = model.counterAt(m, closeAt);
    const inletBefore = model.counterAt('9000000001', START + 10 * DAY_MS);
    expect(model.setValve(m.meterNo, 'closed', new Date(closeAt))).toBe(true);
    expect(model.setValve(m.meterNo, 'closed', new Date(closeAt + HOUR_MS))).toBe(false);
    expect(model.valveAt(m.meterNo, closeAt - 1)).toBe('open');
    expect(model.valveAt(m.meterNo, closeAt)).toBe('closed');
    for (let t = closeAt; t <= openAt; t += 37 * 60_000) {
      expect(model.counterAt(m, t)).toBeCloseTo(atClose, 12);
      expect(model.householdFlow(m, t)).toBe(0);
    }
    model.setValve(m.meterNo, 'open', new Date(openAt));
    expect(model.counterAt(m, openAt + DAY_MS)).toBeGreaterThan(atClose);
    // The closed period's volume is missing from this meter's counter and from the inlet.
    const missing = unaffected - model.counterAt(m, START + 10 * DAY_MS);
    expect(missing).toBeGreaterThan(0.1);
    expect(inletBefore - model.counterAt('9000000001', START + 10 * DAY_MS)).toBeCloseTo(missing, 9);
    expect(model.counterAt(m, closeAt - 1)).toBeCloseTo(atClose, 4);
    const noValve = households.find((h) => !h.valveCapable)!;
    expect(() => model.setValve(noValve.meterNo, 'closed', new Date(START))).toThrow(/no valve/);
  });

  it('a counter reset restarts the counter at 0 and it continues from there', () => {
    const at = new Date(START + 3 * DAY_MS + 30 * 60_000);
    const m = households.find((h) => !h.vacant)!;
    const plain = new FleetModel(fleet);
    const model = new FleetModel(fleet, { counterResets: [{ meterNo: m.meterNo, at }] });
    expect(model.counterAt(m, at.getTime() - 1)).toBe(plain.counterAt(m, at.getTime() - 1));
    expect(model.counterAt(m, at)).toBe(0);
    const later = at.getTime() + 2 * DAY_MS;
    expect(model.counterAt(m, later)).toBeCloseTo(plain.counterAt(m, later) - plain.counterAt(m, at), 9);
    expect(model.counterAt(m, later)).toBeGreaterThan(0);
    expect(model.counterAt(m, later)).toBeLessThan(plain.counterAt(m, later));
  });

  it('battery drains slowly between 3.6 V and 3.0 V; signal and pressure stay in range', () => {
    const model = new FleetModel(fleet);
    const ageAt = (m: (typeof households)[number]) =>
      m.batteryAgeDays + (START - fleet.epoch.getTime()) / DAY_MS;
    const ageing = households.find((m) => ageAt(m) > 2900 && ageAt(m) < 3300)!;
    const young = households.reduce((a, b) => (b.batteryAgeDays < a.batteryAgeDays ? b : a));
    expect(model.batteryAt(young, START)).toBeGreaterThan(3.5);
    const years = [0, 1, 2, 3].map((y) => model.batteryAt(ageing, START + y * 365 * DAY_MS));
    expect(years[0]!).toBeLessThan(3.5);
    expect(years[1]!).toBeLessThan(years[0]!);
    expect(years[2]!).toBeLessThan(years[1]!);
    expect(years[3]!).toBeLessThan(3.01);
    for (const m of fleet.meters) {
      for (const t of [START, START + 365 * DAY_MS]) {
        const v = model.batteryAt(m, t);
        expect(v).toBeGreaterThanOrEqual(3);
        expect(v).toBeLessThanOrEqual(3.6);
        const s = model.signalAt(m, t);
        expect(Number.isInteger(s) && s >= 0 && s <= 31).toBe(true);
      }
    }
    for (let h = 0; h < 48; h++) {
      const p = model.pressureAt(0, START + h * HOUR_MS);
      expect(p).toBeGreaterThan(0.15);
      expect(p).toBeLessThan(0.4);
    }
  });
});
