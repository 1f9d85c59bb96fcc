/**
 * The consumption model: pure and deterministic. Household flow is a daily profile in local time with noise keyed
 * by (meter, hour); flow is constant within each UTC hour, so counters are exact integrals: prefix sums of hourly
 * volumes from the fleet's epoch (cached per meter and hour), plus the part of the current hour. An inlet meter
 * measures its households plus the district's background leakage plus any bursts. Valve closures and counter
 * resets are part of the model, so counters stay consistent whatever order times are asked in.
 */
import type { ValveState } from '@hydrolog/schemas';
import type { District, Fleet, FleetMeter } from './fleet.ts';
import { fnv1a, hash01 } from './random.ts';
import { DAY_MS, HOUR_MS, TimeZoneOffsets, toMs } from './time.ts';

/** A main break: a constant extra flow at a district's inlet from `start` (until `end`, if given). */
export interface Burst {
  district: number;
  start: Date;
  sizeM3h: number;
  end?: Date;
}

/** The meter's counter restarts at 0 at `at` (a replaced register, a firmware reset). */
export interface CounterReset {
  meterNo: string;
  at: Date;
}

/**
 * A fault of one meter, on demand, from `start` on: a household leak (extra flow from the next whole hour, so
 * counters stay exact integrals), a tampered meter (it reports the magnetic tamper code), a dying battery (its
 * voltage falls under the low-battery level) or a meter gone silent (it stops reporting).
 */
export type MeterFault =
  | { kind: 'leak'; meterNo: string; start: Date; sizeM3h: number }
  | { kind: 'tamper' | 'battery' | 'silent'; meterNo: string; start: Date };
export const METER_FAULT_KINDS = ['leak', 'tamper', 'battery', 'silent'] as const;
/** A household leak's flow when none is given (m3/h): a running toilet. */
export const DEFAULT_LEAK_M3H = 0.03;

/** `<kind>:<meterNo>[:<m3/h>][@<iso>]` (the CLI's --meter-fault), from `now` unless a time is given. */
export function parseMeterFault(spec: string, now: Date): MeterFault | null {
  const match = /^(leak|tamper|battery|silent):(\d+)(?::([\d.]+))?(?:@(.+))?$/.exec(spec);
  if (!match) return null;
  const start = match[4] ? new Date(match[4]) : now;
  if (Number.isNaN(start.getTime())) return null;
  const meterNo = match[2]!;
  if (match[1] === 'leak')
    return { kind: 'leak', meterNo, start, sizeM3h: Number(match[3] ?? DEFAULT_LEAK_M3H) };
  if (match[3] !== undefined) return null;
  return { kind: match[1] as 'tamper' | 'battery' | 'silent', meterNo, start };
}

export interface ValveChange {
  at: Date;
  state: ValveState;
}

export interface ModelOptions {
  /** Overrides the fleet's time zone for the daily profile. */
  timeZone?: string;
  bursts?: Burst[];
  counterResets?: CounterReset[];
}

/** Local-time facts are cached for the hours from this many days before the epoch to the epoch + CONTEXT_HOURS. */
const CONTEXT_DAYS_BEFORE = 3 * 366;
const CONTEXT_HOURS = 16 * 366 * 24;

interface MeterState {
  meter: FleetMeter;
  key: number;
  /** Valve changes, sorted by time; the valve is open before the first. */
  valve: { at: number; state: ValveState }[];
  /** The local day whose factor is in dayMean (rate() is called for consecutive hours). */
  day: number;
  /** Expected use per hour on `day` before the hourly profile (0 on days away). */
  dayMean: number;
  /** Counter resets, sorted (ms). */
  resets: number[];
  /** fwd[i] = volume of the hours [E0, E0 + i); valid for i < fwdLen. */
  fwd: Float64Array;
  fwdLen: number;
  /** bwd[k] = volume of the hours [E0 - k, E0); valid for k < bwdLen. */
  bwd: Float64Array;
  bwdLen: number;
  /** Household leaks: extra flow from an hour index on. */
  leaks: { fromHour: number; m3h: number }[];
  /** When the meter was tampered with, its battery started dying, it went silent (ms; never: Infinity). */
  tamperFrom: number;
  batteryFrom: number;
  silentFrom: number;
}

// Daily demand profiles (relative; normalised to a mean of 1 below). Weekdays: a sharp morning peak before work
// and a broad evening peak; weekends: a later, longer morning and more use at midday.
const WEEKDAY_RAW = [
  0.45, 0.25, 0.15, 0.12, 0.15, 0.4, 1.1, 1.85, 1.6, 1.2, 1.0, 1.05, 1.2, 1.0, 0.8, 0.75, 0.85, 1.1, 1.5,
  1.85, 1.8, 1.55, 1.15, 0.75,
];
const WEEKEND_RAW = [
  0.55, 0.3, 0.17, 0.13, 0.13, 0.25, 0.55, 1.0, 1.5, 1.75, 1.6, 1.4, 1.35, 1.1, 0.95, 0.9, 0.95, 1.15, 1.45,
  1.7, 1.7, 1.5, 1.2, 0.85,
];
const normalise = (raw: number[]) => {
  const mean = raw.reduce((a, b) => a + b, 0) / raw.length;
  return raw.map((x) => x / mean);
};
export const WEEKDAY_PROFILE: readonly number[] = normalise(WEEKDAY_RAW);
export const WEEKEND_PROFILE: readonly number[] = normalise(WEEKEND_RAW);
/** Hours below this profile level use water only sometimes (a flush, the dishwasher finishing). */
const SPARSE_LEVEL = 0.5;

const SALT_USE = 1;
const SALT_SPARSE = 2;
const SALT_AMOUNT = 3;
const SALT_DAY = 4;
const SALT_AWAY = 5;
const SALT_SIGNAL = 6;
const SALT_PRESSURE = 7;
const SALT_BATTERY = 8;

const BATTERY_LIFE_DAYS = 3650;

export class FleetModel {
  readonly fleet: Fleet;
  readonly timeZone: string;
  readonly offsets: TimeZoneOffsets;
  /** The epoch as an hour index (hours since 1970). */
  private readonly e0: number;
  private readonly epochMs: number;
  private readonly states = new Map<string, MeterState>();
  private readonly households: MeterState[][];
  /** Per UTC hour from ctxBase: local hour (0-23), +32 on weekends; 255 = not computed yet. */
  private readonly ctxHour: Uint8Array;
  /** Per UTC hour from ctxBase: local day number. */
  private readonly ctxDay: Int32Array;
  private readonly ctxBase: number;
  private readonly burstList: Burst[] = [];
  /** Peak-ish flow per district, for the pressure drop. */
  private readonly peakRef: number[];

  constructor(fleet: Fleet, options: ModelOptions = {}) {
    this.fleet = fleet;
    this.timeZone = options.timeZone ?? fleet.timeZone;
    this.offsets = new TimeZoneOffsets(this.timeZone);
    this.epochMs = fleet.epoch.getTime();
    if (this.epochMs % HOUR_MS !== 0) throw new Error('the fleet epoch must be a whole UTC hour');
    this.e0 = this.epochMs / HOUR_MS;
    this.ctxBase = this.e0 - CONTEXT_DAYS_BEFORE * 24;
    this.ctxHour = new Uint8Array(CONTEXT_DAYS_BEFORE * 24 + CONTEXT_HOURS).fill(255);
    this.ctxDay = new Int32Array(CONTEXT_DAYS_BEFORE * 24 + CONTEXT_HOURS);
    this.households = fleet.districts.map(() => []);
    for (const meter of fleet.meters) {
      const state: MeterState = {
        meter,
        key: fnv1a(meter.meterNo),
        valve: [],
        day: Number.NaN,
        dayMean: 0,
        resets: [],
        fwd: new Float64Array(1024),
        fwdLen: 1,
        bwd: new Float64Array(64),
        bwdLen: 1,
        leaks: [],
        tamperFrom: Number.POSITIVE_INFINITY,
        batteryFrom: Number.POSITIVE_INFINITY,
        silentFrom: Number.POSITIVE_INFINITY,
      };
      this.states.set(meter.meterNo, state);
      if (meter.role === 'household') this.households[meter.district]?.push(state);
    }
    this.peakRef = fleet.districts.map(
      (d) =>
        (d.householdMeterNos.reduce((sum, no) => sum + this.meter(no).dailyM3, 0) / 24) * 2 + d.leakageM3h,
    );
    for (const burst of options.bursts ?? []) this.addBurst(burst);
    for (const reset of options.counterResets ?? []) this.addCounterReset(reset.meterNo, reset.at);
  }

  meter(meterNo: string): FleetMeter {
    return this.state(meterNo).meter;
  }

  district(index: number): District {
    const district = this.fleet.districts[index];
    if (!district) throw new Error(`no district ${index}`);
    return district;
  }

  /** Local hour (0-23), local day number and weekend flag of an instant, in the model's time zone. */
  localTime(t: Date | number): { hour: number; day: number; weekend: boolean; offsetMinutes: number } {
    const ms = toMs(t);
    const offsetMinutes = this.offsets.offsetMinutes(ms);
    const local = ms + offsetMinutes * 60_000;
    const day = Math.floor(local / DAY_MS);
    const dow = (((day + 4) % 7) + 7) % 7;
    return { hour: Math.floor(local / HOUR_MS) % 24, day, weekend: dow === 0 || dow === 6, offsetMinutes };
  }

  // ---- flows (m3/h) ----

  /** Flow through a household meter at `t` (m3/h): 0 while its valve is closed. */
  householdFlow(meter: FleetMeter | string, t: Date | number): number {
    const state = this.state(typeof meter === 'string' ? meter : meter.meterNo);
    if (state.meter.role !== 'household') throw new Error(`${state.meter.meterNo} is not a household meter`);
    const ms = toMs(t);
    if (state.valve.length > 0 && this.valveState(state, ms) === 'closed') return 0;
    return this.rate(state, Math.floor(ms / HOUR_MS));
  }

  /** Flow through a district's inlet at `t`: its households + background leakage + active bursts. */
  inletFlow(district: number, t: Date | number): number {
    const ms = toMs(t);
    let flow = this.district(district).leakageM3h;
    for (const state of this.households[district] ?? []) flow += this.householdFlow(state.meter, ms);
    for (const burst of this.burstList) {
      if (
        burst.district === district &&
        ms >= burst.start.getTime() &&
        (!burst.end || ms < burst.end.getTime())
      ) {
        flow += burst.sizeM3h;
      }
    }
    return flow;
  }

  /** Flow through any meter of the fleet. */
  flowAt(meter: FleetMeter | string, t: Date | number): number {
    const m = typeof meter === 'string' ? this.meter(meter) : meter;
    return m.role === 'inlet' ? this.inletFlow(m.district, t) : this.householdFlow(m, t);
  }

  // ---- counters (m3) ----

  /** The meter's cumulative counter at `t`: its initial reading + the integral of its flow (from its last reset). */
  counterAt(meter: FleetMeter | string, t: Date | number): number {
    const state = this.state(typeof meter === 'string' ? meter : meter.meterNo);
    const ms = toMs(t);
    const integral = this.integral(state, ms);
    let resetAt: number | undefined;
    for (const r of state.resets) {
      if (r <= ms) resetAt = r;
      else break;
    }
    const value =
      resetAt === undefined
        ? state.meter.initialReading + integral
        : integral - this.integral(state, resetAt);
    return value > 0 ? value : 0;
  }

  /** Volume through the meter over [from, to] (m3), ignoring counter resets. */
  volumeBetween(meter: FleetMeter | string, from: Date | number, to: Date | number): number {
    const state = this.state(typeof meter === 'string' ? meter : meter.meterNo);
    return this.integral(state, toMs(to)) - this.integral(state, toMs(from));
  }

  // ---- events that change the model ----

  addBurst(burst: Burst): void {
    this.district(burst.district);
    this.burstList.push({ ...burst });
  }

  get bursts(): readonly Burst[] {
    return this.burstList;
  }

  addMeterFault(fault: MeterFault): void {
    const state = this.state(fault.meterNo);
    const ms = fault.start.getTime();
    if (fault.kind === 'leak') {
      const fromHour = Math.ceil(ms / HOUR_MS);
      state.leaks.push({ fromHour, m3h: fault.sizeM3h });
      // The cached volumes of the hours from the leak on are computed again with it.
      state.fwdLen = Math.max(1, Math.min(state.fwdLen, fromHour - this.e0 + 1));
      state.bwdLen = Math.max(1, Math.min(state.bwdLen, this.e0 - fromHour));
    } else if (fault.kind === 'tamper') state.tamperFrom = Math.min(state.tamperFrom, ms);
    else if (fault.kind === 'battery') state.batteryFrom = Math.min(state.batteryFrom, ms);
    else state.silentFrom = Math.min(state.silentFrom, ms);
  }

  /** Whether the meter reports the tamper code at `t`. */
  tamperedAt(meterNo: string, t: Date | number): boolean {
    return toMs(t) >= this.state(meterNo).tamperFrom;
  }

  /** Whether the meter has stopped reporting by `t`. */
  silentAt(meterNo: string, t: Date | number): boolean {
    return toMs(t) >= this.state(meterNo).silentFrom;
  }

  addCounterReset(meterNo: string, at: Date | number): void {
    const state = this.state(meterNo);
    state.resets.push(toMs(at));
    state.resets.sort((a, b) => a - b);
  }

  counterResets(meterNo: string): Date[] {
    return this.state(meterNo).resets.map((ms) => new Date(ms));
  }

  /**
   * The household's valve goes to `state` at `at` (consumption stops while closed). Returns false when the valve
   * already was in that state. Throws for a meter without a valve.
   */
  setValve(meterNo: string, state: ValveState, at: Date | number): boolean {
    const s = this.state(meterNo);
    if (!s.meter.valveCapable) throw new Error(`meter ${meterNo} has no valve`);
    const ms = toMs(at);
    if (this.valveState(s, ms) === state) return false;
    let i = s.valve.length;
    while (i > 0 && s.valve[i - 1]!.at > ms) i--;
    s.valve.splice(i, 0, { at: ms, state });
    // Hourly volumes from the change's hour on are now different.
    const h = Math.floor(ms / HOUR_MS);
    s.fwdLen = Math.max(1, Math.min(s.fwdLen, h - this.e0 + 1));
    if (h < this.e0) s.bwdLen = Math.max(1, Math.min(s.bwdLen, this.e0 - h));
    return true;
  }

  valveAt(meterNo: string, t: Date | number): ValveState {
    return this.valveState(this.state(meterNo), toMs(t));
  }

  valveHistory(meterNo: string): ValveChange[] {
    return this.state(meterNo).valve.map((v) => ({ at: new Date(v.at), state: v.state }));
  }

  // ---- other channels ----

  /** Inlet pressure (MPa): falls with the square of the district's demand. */
  pressureAt(district: number, t: Date | number): number {
    const ms = toMs(t);
    const d = this.district(district);
    const load = this.inletFlow(district, ms) / (this.peakRef[district] ?? 1);
    const noise = 0.006 * (hash01(fnv1a(d.inletMeterNo), Math.floor(ms / HOUR_MS), SALT_PRESSURE) - 0.5);
    return Math.max(0.05, d.pressureBaseMPa - 0.07 * load * load + noise);
  }

  /**
   * Pressure after the inlet's pressure-reducing valve (MPa), the second pressure point a district flow
   * meter reports: held near 85% of the inlet pressure, never above it.
   */
  outletPressureAt(district: number, t: Date | number): number {
    return 0.85 * this.pressureAt(district, t);
  }

  /** Battery voltage: a lithium cell's flat curve from 3.6 V, dropping to 3.0 V at its end of life (10 years). */
  batteryAt(meter: FleetMeter | string, t: Date | number): number {
    const state = this.state(typeof meter === 'string' ? meter : meter.meterNo);
    const ms = toMs(t);
    const age = state.meter.batteryAgeDays + (ms - this.epochMs) / DAY_MS;
    const f = Math.min(1, Math.max(0, age / BATTERY_LIFE_DAYS));
    const noise = 0.01 * (hash01(state.key, Math.floor(ms / DAY_MS), SALT_BATTERY) - 0.5);
    // A dying cell: under the low-battery level at once, a little lower each day.
    if (ms >= state.batteryFrom)
      return Math.max(2.8, 3.1 - (0.02 * (ms - state.batteryFrom)) / DAY_MS + noise);
    return Math.min(3.6, Math.max(3.0, 3.6 - 0.12 * f - 0.48 * f ** 8 + noise));
  }

  /** Signal quality (CSQ 0-31). */
  signalAt(meter: FleetMeter | string, t: Date | number): number {
    const state = this.state(typeof meter === 'string' ? meter : meter.meterNo);
    const jitter = Math.round(5 * (hash01(state.key, Math.floor(toMs(t) / HOUR_MS), SALT_SIGNAL) - 0.5));
    return Math.min(31, Math.max(0, state.meter.signalBase + jitter));
  }

  /** Water temperature (degrees C): seasonal, warmest in early August. */
  waterTemperatureAt(t: Date | number): number {
    const { day, hour } = this.localTime(t);
    return (
      17 +
      9 * Math.cos((2 * Math.PI * (day - 212)) / 365.2425) +
      0.4 * Math.sin((2 * Math.PI * (hour - 9)) / 24)
    );
  }

  // ---- internals ----

  private state(meterNo: string): MeterState {
    const state = this.states.get(meterNo);
    if (!state) throw new Error(`unknown meter ${meterNo}`);
    return state;
  }

  /** Local hour (0-23, +32 on weekends) of UTC hour `h`, and its local day into `this.lastDay`. */
  private context(h: number): number {
    const i = h - this.ctxBase;
    if (i >= 0 && i < this.ctxHour.length) {
      const cached = this.ctxHour[i]!;
      if (cached !== 255) {
        this.lastDay = this.ctxDay[i]!;
        return cached;
      }
    }
    const { hour, day, weekend } = this.localTime(h * HOUR_MS + HOUR_MS / 2);
    const packed = hour + (weekend ? 32 : 0);
    if (i >= 0 && i < this.ctxHour.length) {
      this.ctxHour[i] = packed;
      this.ctxDay[i] = day;
    }
    this.lastDay = day;
    return packed;
  }
  private lastDay = 0;

  /** The household's flow (m3/h) during UTC hour `h` with the valve open, with its leaks. */
  private rate(state: MeterState, h: number): number {
    let leaking = 0;
    for (const leak of state.leaks) if (h >= leak.fromHour) leaking += leak.m3h;
    return this.baseRate(state, h) + leaking;
  }

  private baseRate(state: MeterState, h: number): number {
    const m = state.meter;
    if (m.vacant || m.role !== 'household') return m.leakM3h;
    const packed = this.context(h);
    const day = this.lastDay;
    const weekend = packed >= 32;
    if (state.day !== day) {
      state.day = day;
      // About one day in seventy the household is away.
      if (hash01(state.key, day, SALT_AWAY) < 0.015) state.dayMean = 0;
      else {
        const season = 1 + 0.12 * Math.cos((2 * Math.PI * (day - 200)) / 365.2425);
        const dayFactor = 0.85 + 0.3 * hash01(state.key, day, SALT_DAY);
        state.dayMean = (m.dailyM3 / 24) * season * (weekend ? 1.08 : 1) * dayFactor;
      }
    }
    if (state.dayMean === 0) return m.leakM3h;
    const profile = (weekend ? WEEKEND_PROFILE : WEEKDAY_PROFILE)[packed & 31]!;
    const mean = state.dayMean * profile;
    let use = 0;
    if (profile < SPARSE_LEVEL) {
      // Night: water is used in some hours only; the expected value stays `mean`.
      const q = 0.75 * (profile / SPARSE_LEVEL);
      if (hash01(state.key, h, SALT_SPARSE) < q) use = (mean / q) * (0.5 + hash01(state.key, h, SALT_AMOUNT));
    } else {
      use = mean * (0.55 + 0.9 * hash01(state.key, h, SALT_USE));
    }
    return use + m.leakM3h;
  }

  private valveState(state: MeterState, ms: number): ValveState {
    let current: ValveState = 'open';
    for (const change of state.valve) {
      if (change.at <= ms) current = change.state;
      else break;
    }
    return current;
  }

  /** Milliseconds of [a, b) during which the valve is open. */
  private openMs(state: MeterState, a: number, b: number): number {
    if (state.valve.length === 0) return b - a;
    let open = 0;
    let cursor = a;
    let current = this.valveState(state, a);
    for (const change of state.valve) {
      if (change.at <= a) continue;
      if (change.at >= b) break;
      if (current === 'open') open += change.at - cursor;
      cursor = change.at;
      current = change.state;
    }
    if (current === 'open') open += b - cursor;
    return open;
  }

  /** Volume of UTC hour `h` for a household meter. */
  private hourVolume(state: MeterState, h: number): number {
    const rate = this.rate(state, h);
    if (rate === 0) return 0;
    if (state.valve.length === 0) return rate;
    return (rate * this.openMs(state, h * HOUR_MS, (h + 1) * HOUR_MS)) / HOUR_MS;
  }

  /** Integral of the household's flow from the epoch to `ms` (negative before the epoch). */
  private householdIntegral(state: MeterState, ms: number): number {
    const h = Math.floor(ms / HOUR_MS);
    const start = h * HOUR_MS;
    let partial = 0;
    if (ms > start) {
      const rate = this.rate(state, h);
      if (rate !== 0) partial = (rate * this.openMs(state, start, ms)) / HOUR_MS;
    }
    const i = h - this.e0;
    if (i >= 0) {
      if (i >= state.fwdLen) this.extendForward(state, i);
      return state.fwd[i]! + partial;
    }
    if (-i >= state.bwdLen) this.extendBackward(state, -i);
    return -state.bwd[-i]! + partial;
  }

  private extendForward(state: MeterState, i: number): void {
    if (i >= state.fwd.length) {
      const grown = new Float64Array(Math.max(i + 1, state.fwd.length * 2));
      grown.set(state.fwd.subarray(0, state.fwdLen));
      state.fwd = grown;
    }
    const fwd = state.fwd;
    for (let n = state.fwdLen; n <= i; n++) fwd[n] = fwd[n - 1]! + this.hourVolume(state, this.e0 + n - 1);
    state.fwdLen = i + 1;
  }

  private extendBackward(state: MeterState, k: number): void {
    if (k >= state.bwd.length) {
      const grown = new Float64Array(Math.max(k + 1, state.bwd.length * 2));
      grown.set(state.bwd.subarray(0, state.bwdLen));
      state.bwd = grown;
    }
    const bwd = state.bwd;
    for (let n = state.bwdLen; n <= k; n++) bwd[n] = bwd[n - 1]! + this.hourVolume(state, this.e0 - n);
    state.bwdLen = k + 1;
  }

  /** Signed length of the overlap of [start, end) with the span from the epoch to `ms`. */
  private activeSinceEpoch(start: number, end: number, ms: number): number {
    const lo = Math.min(this.epochMs, ms);
    const hi = Math.max(this.epochMs, ms);
    const overlap = Math.max(0, Math.min(hi, end) - Math.max(lo, start));
    return ms >= this.epochMs ? overlap : -overlap;
  }

  private integral(state: MeterState, ms: number): number {
    if (state.meter.role === 'household') return this.householdIntegral(state, ms);
    const d = state.meter.district;
    let total = (this.district(d).leakageM3h * (ms - this.epochMs)) / HOUR_MS;
    for (const household of this.households[d] ?? []) total += this.householdIntegral(household, ms);
    for (const burst of this.burstList) {
      if (burst.district !== d) continue;
      const end = burst.end ? burst.end.getTime() : Number.POSITIVE_INFINITY;
      total += (burst.sizeM3h * this.activeSinceEpoch(burst.start.getTime(), end, ms)) / HOUR_MS;
    }
    return total;
  }
}
