/**
 * Leakage figures of a cascade metering point (DESIGN "Leakage definitions", one meaning everywhere):
 * supply = the summary meter's volume over the local day, sales = the sum of its sub-meters' volumes,
 * leakage = supply - sales, leakage rate = leakage / supply; MNF = the lowest summary-meter flow in the
 * 02:00-04:00 local window; ADF = supply / 24; KL = MNF / ADF. Pure: the read model feeds it volumes.
 */

import { addDays, HOUR_MS, localDate, localHourBoundaries, localMidnight, zoneOffsetMs } from './time.ts';

/** Legal night flow is judged from 2 to 4 o'clock at night (spec sections 4 and 9), local wall-clock hours. */
export const NIGHT_WINDOW = { fromHour: 2, toHour: 4 } as const;

/** One meter's volume over one local day, as the readings read model keeps it. */
export interface MeterDay {
  /** m3; null when nothing of the day is known */
  volume: number | null;
  /** share of the day's hours whose counter is known at both ends, 0..1 */
  coverage: number;
}

export interface DailyBalance {
  /** m3, null when the summary meter has no volume for the day */
  supply: number | null;
  /** m3, the sub-meters' volumes known for the day (a sub-meter without a row counts as nothing) */
  sales: number;
  /** m3, supply - sales; null with supply */
  leakage: number | null;
  /** leakage / supply; null when supply is unknown or not positive */
  leakageRate: number | null;
  /** mean coverage over the summary meter and every sub-meter (a missing meter-day counts 0), 0..1 */
  coverage: number;
}

/**
 * The water balance of a point on a day. `summary` is the summary meter's day (undefined: no row);
 * `subMeters` has one entry per sub-meter, undefined for one without a row that day.
 */
export function dailyBalance(
  summary: MeterDay | undefined,
  subMeters: readonly (MeterDay | undefined)[],
): DailyBalance {
  let sales = 0;
  let coverage = 0;
  for (const sub of subMeters) {
    sales += sub?.volume ?? 0;
    coverage += sub?.coverage ?? 0;
  }
  return balanceFromTotals(summary, { sales, coverage, count: subMeters.length });
}

/**
 * The same balance from the sub-meters' totals (what a grouped SQL query gives): their summed volume,
 * summed coverage and how many sub-meters the point has.
 */
export function balanceFromTotals(
  summary: MeterDay | undefined,
  subMeters: { sales: number; coverage: number; count: number },
): DailyBalance {
  const supply = summary?.volume ?? null;
  const leakage = supply === null ? null : supply - subMeters.sales;
  return {
    supply,
    sales: subMeters.sales,
    leakage,
    leakageRate: leakageRate(supply, leakage),
    coverage: ((summary?.coverage ?? 0) + subMeters.coverage) / (1 + subMeters.count),
  };
}

/**
 * Balances added up: the days of a period, or the points of a day. Leakage compares only what was measured
 * on both sides, so supply and sales are those of the parts whose supply is known (a day without an inlet
 * volume adds no sales against nothing); when no part has a supply there is nothing to compare and sales
 * are every part's. Coverage is the parts' mean, weighted by `weights` (say, meters per part) when given.
 */
export function addBalances(parts: readonly DailyBalance[], weights?: readonly number[]): DailyBalance {
  const measured = parts.filter((p) => p.supply !== null);
  const supply = measured.length > 0 ? measured.reduce((s, p) => s + p.supply!, 0) : null;
  const sales = (measured.length > 0 ? measured : parts).reduce((s, p) => s + p.sales, 0);
  const leakage = supply === null ? null : supply - sales;
  let covered = 0;
  let weight = 0;
  parts.forEach((p, i) => {
    const w = weights?.[i] ?? 1;
    covered += p.coverage * w;
    weight += w;
  });
  return {
    supply,
    sales,
    leakage,
    leakageRate: leakageRate(supply, leakage),
    coverage: weight > 0 ? covered / weight : 0,
  };
}

/** leakage / supply, or null when it has no meaning (no supply, or none positive). */
export function leakageRate(supply: number | null, leakage: number | null): number | null {
  if (supply === null || leakage === null || !(supply > 0)) return null;
  return leakage / supply;
}

/** One interval of the summary meter's finest volumes (the read model's local hours). */
export interface FlowInterval {
  /** epoch ms */
  start: number;
  end: number;
  /** m3 */
  volume: number;
  /** the counter is known at both ends */
  known: boolean;
}

/** Whether an interval starting at t starts inside the 02:00-04:00 local window. */
export function inNightWindow(t: number, timeZone: string): boolean {
  const hour = new Date(t + zoneOffsetMs(timeZone, t)).getUTCHours();
  return hour >= NIGHT_WINDOW.fromHour && hour < NIGHT_WINDOW.toHour;
}

/**
 * The UTC ranges [start, end) of the local hours that start inside the night window, one range per night of
 * [fromDay, toDay]: an hour starting in a range starts in the window and no other does, so a reader of
 * hourly volumes fetches just these ranges by index instead of testing every hour's local time.
 */
export function nightWindowRanges(
  fromDay: string,
  toDay: string,
  timeZone: string,
): { start: number; end: number }[] {
  const ranges: { start: number; end: number }[] = [];
  for (let day = fromDay; day <= toDay; day = addDays(day, 1)) {
    const midnight = localMidnight(day, timeZone);
    const offset = zoneOffsetMs(timeZone, midnight);
    // Most nights keep the midnight offset past the window: the window is its wall-clock hours.
    if (zoneOffsetMs(timeZone, midnight + (NIGHT_WINDOW.toHour + 1) * HOUR_MS) === offset) {
      ranges.push({
        start: midnight + NIGHT_WINDOW.fromHour * HOUR_MS,
        end: midnight + NIGHT_WINDOW.toHour * HOUR_MS,
      });
      continue;
    }
    // A DST night: the window's hours found one by one (one or three hours, or none).
    const hours = localHourBoundaries(midnight, localMidnight(addDays(day, 1), timeZone), timeZone);
    for (let i = 0; i + 1 < hours.length; i++) {
      const start = hours[i]!;
      const end = hours[i + 1]!;
      if (!inNightWindow(start, timeZone)) continue;
      const last = ranges.at(-1);
      if (last?.end === start) last.end = end;
      else ranges.push({ start, end });
    }
  }
  return ranges;
}

export interface NightFlow {
  /** the local date of the night (the window's date) */
  date: string;
  /** m3/h, the lowest known flow of the window */
  mnf: number;
  /** intervals of the window that were known */
  intervals: number;
}

/**
 * MNF per night: the lowest flow (volume / duration, m3/h) among the known intervals starting in the
 * 02:00-04:00 local window. On a spring-forward night the window has one local hour, on a fall-back night
 * three: the wall clock decides, as for the people reading the screen.
 */
export function minimumNightFlows(intervals: readonly FlowInterval[], timeZone: string): NightFlow[] {
  const nights = new Map<string, NightFlow>();
  for (const interval of intervals) {
    if (!interval.known || interval.end <= interval.start) continue;
    if (!inNightWindow(interval.start, timeZone)) continue;
    const flow = interval.volume / ((interval.end - interval.start) / HOUR_MS);
    const date = localDate(interval.start, timeZone);
    const night = nights.get(date);
    if (!night) nights.set(date, { date, mnf: flow, intervals: 1 });
    else {
      night.mnf = Math.min(night.mnf, flow);
      night.intervals++;
    }
  }
  return [...nights.values()].sort((a, b) => a.date.localeCompare(b.date));
}

/** Average daily flow, m3/h: supply(day) / 24 (DESIGN, also on a 23- or 25-hour day). */
export function averageDailyFlow(supply: number | null): number | null {
  return supply === null ? null : supply / 24;
}

/** KL = MNF / ADF; null when either is unknown or ADF is not positive. */
export function klRatio(mnf: number | null, adf: number | null): number | null {
  if (mnf === null || adf === null || !(adf > 0)) return null;
  return mnf / adf;
}

// ---- Alarms ------------------------------------------------------------------------------------------

export const CASCADE_ALARM_KINDS = ['leakageRate', 'mnf', 'kl'] as const;
export type CascadeAlarmKind = (typeof CASCADE_ALARM_KINDS)[number];

export interface PointThresholds {
  /** leakage rate, a fraction (0.25 = 25%) */
  leakageRate: number;
  /** m3/h */
  mnf: number;
  kl: number;
}

/**
 * A leakage-rate alarm needs this much of the day's data: daily meters upload the day after, and a day
 * judged on the summary meter alone would show every missing sub-meter as leakage.
 */
export const ALARM_MIN_COVERAGE = 0.9;

export interface DayFigures {
  leakageRate: number | null;
  /** the day's data coverage (see dailyBalance) */
  coverage: number;
  mnf: number | null;
  kl: number | null;
}

export interface AlarmFinding {
  kind: CascadeAlarmKind;
  value: number;
  threshold: number;
}

/**
 * The alarms a point's day raises: each figure over its threshold. A point without sub-meters has no
 * leakage alarm (spec section 5): its sales are not measured, so its leakage is not either; nor has a day
 * whose data is not yet in (coverage below ALARM_MIN_COVERAGE).
 */
export function alarmFindings(
  figures: DayFigures,
  thresholds: PointThresholds,
  hasSubMeters: boolean,
): AlarmFinding[] {
  const found: AlarmFinding[] = [];
  const check = (kind: CascadeAlarmKind, value: number | null) => {
    if (value !== null && value > thresholds[kind]) found.push({ kind, value, threshold: thresholds[kind] });
  };
  if (hasSubMeters && figures.coverage >= ALARM_MIN_COVERAGE) check('leakageRate', figures.leakageRate);
  check('mnf', figures.mnf);
  check('kl', figures.kl);
  return found;
}

// ---- Burst detector ----------------------------------------------------------------------------------

export interface BurstOptions {
  /** nights of the recent minimum (the baseline) */
  windowNights: number;
  /** a rise smaller than this is noise, m3/h */
  minRiseM3h: number;
  /** ... or smaller than this share of the baseline */
  minRiseShare: number;
}

export const DEFAULT_BURST_OPTIONS: BurstOptions = { windowNights: 7, minRiseM3h: 0.5, minRiseShare: 0.5 };

export interface BurstFinding {
  /** the night the step was first seen */
  date: string;
  mnf: number;
  /** the recent minimum before the step, m3/h */
  baseline: number;
  /** mnf - baseline, m3/h */
  rise: number;
}

/**
 * New leaks from the nightly MNF series (sorted by date, null for an unknown night): a night whose MNF
 * stands above the minimum of the previous `windowNights` known nights by more than the noise margin starts
 * a burst. Night flow is mostly leakage, so a burst shows as a step the first night after it starts. The
 * burst lasts, and is not reported again, until the MNF falls back within the margin of its baseline.
 */
export function detectBursts(
  nights: readonly { date: string; mnf: number | null }[],
  options: BurstOptions = DEFAULT_BURST_OPTIONS,
): BurstFinding[] {
  const found: BurstFinding[] = [];
  const recent: number[] = [];
  let ongoing: { baseline: number } | null = null;
  const margin = (baseline: number) => Math.max(options.minRiseM3h, options.minRiseShare * baseline);
  for (const night of nights) {
    if (night.mnf === null) continue;
    if (ongoing) {
      if (night.mnf - ongoing.baseline <= margin(ongoing.baseline)) {
        ongoing = null;
        recent.length = 0;
      } else continue; // the burst's nights do not become the baseline
    } else if (recent.length > 0) {
      const baseline = Math.min(...recent);
      const rise = night.mnf - baseline;
      if (rise > margin(baseline)) {
        found.push({ date: night.date, mnf: night.mnf, baseline, rise });
        ongoing = { baseline };
        continue;
      }
    }
    recent.push(night.mnf);
    if (recent.length > options.windowNights) recent.shift();
  }
  return found;
}

// ---- Infrastructure Leakage Index --------------------------------------------------------------------

export interface IliInput {
  /** mains length, km */
  mainsKm: number;
  /** service connections */
  connections: number;
  /** private pipe length from the property line to the meters, km (0 when meters are at the line) */
  privatePipeKm: number;
  /** average operating pressure, m */
  pressureM: number;
  /** current real losses, m3/day (the average daily leakage of the period) */
  realLossesM3PerDay: number;
}

export interface IliResult {
  /** unavoidable annual real losses, litres/day: (18 Lm + 0.8 Nc + 25 Lp) x P */
  uarlLitresPerDay: number;
  /** current annual real losses, litres/day */
  carlLitresPerDay: number;
  /** CARL / UARL; null when UARL is not positive */
  ili: number | null;
}

/** The Infrastructure Leakage Index (IWA): current real losses over the unavoidable ones. */
export function infrastructureLeakageIndex(input: IliInput): IliResult {
  const uarl = (18 * input.mainsKm + 0.8 * input.connections + 25 * input.privatePipeKm) * input.pressureM;
  const carl = input.realLossesM3PerDay * 1000;
  return { uarlLitresPerDay: uarl, carlLitresPerDay: carl, ili: uarl > 0 ? carl / uarl : null };
}
