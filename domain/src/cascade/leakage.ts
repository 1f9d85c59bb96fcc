/**
 * Leakage figures of a cascade metering point (DESIGN "Leakage definitions", one meaning everywhere):
 * supply = the summary meter's volume over the local day, null unless the day is wholly covered; sales =
 * the sum of its sub-meters' volumes; leakage = supply - sales, leakage rate = leakage / supply; a point
 * without sub-meters has supply but no sales, leakage or rate. MNF = the lowest summary-meter flow over the
 * hours starting 02:00-04:00 local time, every one of them known and between readings at most the report
 * interval apart; ADF = supply / 24; KL = MNF / ADF. Every null carries its reason. Pure: the read model
 * feeds it the volumes that volumes.ts computes.
 */

import type { DailyFigure, NightFigure, UnknownReason } from '@hydrolog/schemas';
import { addDays, HOUR_MS, localDate, localHourBoundaries, localMidnight, zoneOffsetMs } from '../time.ts';

/** Legal night flow is judged from 2 to 4 o'clock at night (spec sections 4 and 9), local wall-clock hours. */
export const NIGHT_WINDOW = { fromHour: 2, toHour: 4 } as const;

/** One meter's volume over one local day, as the readings read model keeps it. */
export interface MeterDay {
  /** m3, the counter's rise over the day; null unless known at both midnights */
  volume: number | null;
  /** share of the day spanned by readings at most the meter type's gap apart, 0..1 (1 when whole) */
  coverage: number;
}

/** A day's volume as a figure: only a wholly covered day has one. */
export const wholeDayVolume = (day: MeterDay | undefined): number | null =>
  day !== undefined && day.coverage === 1 ? day.volume : null;

/**
 * Why a period's volume is missing: the meter has reported past the period's end, so its data has a gap;
 * or not yet, so the period is not complete (its readings may still come).
 */
export function missingDataReason(periodEnd: number, latestReading: number | null): 'gap' | 'incomplete' {
  return latestReading !== null && latestReading >= periodEnd ? 'gap' : 'incomplete';
}

export type DailyBalance = Omit<DailyFigure, 'date'>;

/** The summary meter's day as a balance takes it: its volumes row, and why the volume would be missing. */
export interface InletDay {
  /** undefined: the meter has no row for the day */
  day: MeterDay | undefined;
  missing: 'gap' | 'incomplete';
}

/**
 * The water balance of a point on a day from the summary meter's day (undefined: the point has no summary
 * meter) and its sub-meters' totals (what a grouped SQL query gives): their summed volume, summed coverage
 * and how many sub-meters the point has.
 */
export function balanceFromTotals(
  inlet: InletDay | undefined,
  subMeters: { sales: number; coverage: number; count: number },
): DailyBalance {
  const supply = wholeDayVolume(inlet?.day);
  const sales = subMeters.count > 0 ? subMeters.sales : null;
  const leakage = supply !== null && sales !== null ? supply - sales : null;
  const supplyCoverage = inlet?.day?.coverage ?? 0;
  return {
    supply,
    sales,
    leakage,
    leakageRate: leakageRate(supply, leakage),
    coverage: (supplyCoverage + subMeters.coverage) / (1 + subMeters.count),
    supplyCoverage,
    unknown: !inlet
      ? 'noSummaryMeter'
      : supply === null
        ? inlet.missing
        : sales === null
          ? 'noSubMeters'
          : null,
  };
}

/**
 * Balances added up: the days of a period, or the points of a day. Leakage compares only what was measured
 * on both sides: the parts with a supply and sub-meters (a day without a known inlet volume adds no sales
 * against nothing, a point without sub-meters no supply against nothing); supply is every part's known
 * supply. When no part has a supply there is nothing to compare and sales are every part's. Coverage is the
 * parts' mean, weighted by `weights` (say, meters per part) when given.
 */
export function addBalances(parts: readonly DailyBalance[], weights?: readonly number[]): DailyBalance {
  const sum = (values: readonly (number | null)[]) => values.reduce<number>((s, v) => s + (v ?? 0), 0);
  const measured = parts.filter((p) => p.supply !== null);
  const compared = measured.filter((p) => p.sales !== null);
  const sold = (measured.length > 0 ? compared : parts).filter((p) => p.sales !== null);
  const leakage =
    compared.length > 0 ? sum(compared.map((p) => p.supply)) - sum(compared.map((p) => p.sales)) : null;
  let covered = 0;
  let weight = 0;
  parts.forEach((p, i) => {
    const w = weights?.[i] ?? 1;
    covered += p.coverage * w;
    weight += w;
  });
  return {
    supply: measured.length > 0 ? sum(measured.map((p) => p.supply)) : null,
    sales: sold.length > 0 ? sum(sold.map((p) => p.sales)) : null,
    leakage,
    leakageRate: leakageRate(sum(compared.map((p) => p.supply)), leakage),
    coverage: weight > 0 ? covered / weight : 0,
    supplyCoverage: parts.length > 0 ? sum(parts.map((p) => p.supplyCoverage)) / parts.length : 0,
    unknown: leakage !== null ? null : measured.length > 0 ? 'noSubMeters' : sharedReason(parts),
  };
}

/** Why none of the parts has a supply: the reason they share, else a gap (nothing at all is incomplete). */
function sharedReason(parts: readonly DailyBalance[]): UnknownReason {
  const reasons = new Set(parts.map((p) => p.unknown));
  if (parts.length === 0) return 'incomplete';
  return reasons.size === 1 ? ([...reasons][0] ?? 'gap') : 'gap';
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
  /** m3; null when not known */
  volume: number | null;
  /** the volume is known (volumeKnown) */
  known: boolean;
  /** the interval lies between readings at most the report interval apart */
  regular: boolean;
}

/** Whether an interval starting at t starts inside the 02:00-04:00 local window. */
export function inNightWindow(t: number, timeZone: string): boolean {
  // The local hour of the day, without a Date: the projection asks for every hour it computes.
  const hour = ((Math.floor((t + zoneOffsetMs(timeZone, t)) / HOUR_MS) % 24) + 24) % 24;
  return hour >= NIGHT_WINDOW.fromHour && hour < NIGHT_WINDOW.toHour;
}

/**
 * The UTC ranges [start, end) of the local hours that start inside the night window, one range per night of
 * [fromDay, toDay]: an hour starting in a range starts in the window and no other does (their lengths are
 * the windows' lengths; charts shade them).
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
  /** m3/h: the lowest flow of the window's hours when every one of them counts, else null */
  mnf: number | null;
  /** share of the window's time in hours that count (known and regular), 0..1 */
  coverage: number;
  /** epoch ms: the end of the night's window (the night is complete once the meter has reported past it) */
  end: number;
}

/**
 * What the hours starting in one night's 02:00-04:00 local window add up to, the input of its MNF, as the
 * readings read model keeps it on each meter's day. An hour counts when its volume is known and it lies
 * between readings at most the report interval apart (an hour interpolated across a longer gap is flattened,
 * lower or higher than the night really was).
 */
export interface NightHours {
  /** the local date of the night */
  date: string;
  /** m3/h: the lowest flow (volume / duration) of the hours that count; null when none does */
  lowestFlow: number | null;
  /** ms of the window's time in hours that count */
  countedMs: number;
}

/** The night hours of `intervals`, per local date of the nights they start in. */
export function nightHoursOf(intervals: readonly FlowInterval[], timeZone: string): NightHours[] {
  const nights = new Map<string, NightHours>();
  for (const interval of intervals) {
    if (!inNightWindow(interval.start, timeZone)) continue;
    const date = localDate(interval.start, timeZone);
    const night = nights.get(date) ?? { date, lowestFlow: null, countedMs: 0 };
    nights.set(date, night);
    if (!interval.known || !interval.regular || interval.volume === null) continue;
    if (interval.end <= interval.start) continue;
    night.countedMs += interval.end - interval.start;
    const flow = interval.volume / ((interval.end - interval.start) / HOUR_MS);
    night.lowestFlow = night.lowestFlow === null ? flow : Math.min(night.lowestFlow, flow);
  }
  return [...nights.values()];
}

/**
 * MNF per night of [fromDay, toDay] from its night hours: their lowest flow, or null unless they count for
 * the whole window. On a spring-forward night the window has one local hour, on a fall-back night three:
 * the wall clock decides, as for the people reading the screen.
 */
export function nightFlowsOf(
  hours: readonly NightHours[],
  fromDay: string,
  toDay: string,
  timeZone: string,
): NightFlow[] {
  const nights = new Map<string, { end: number; length: number }>();
  for (let day = fromDay; day <= toDay; day = addDays(day, 1))
    nights.set(day, { end: localMidnight(day, timeZone) + NIGHT_WINDOW.toHour * HOUR_MS, length: 0 });
  for (const range of nightWindowRanges(fromDay, toDay, timeZone)) {
    const night = nights.get(localDate(range.start, timeZone));
    if (!night) continue;
    night.length += range.end - range.start;
    night.end = Math.max(night.end, range.end);
  }
  const counted = new Map(hours.map((h) => [h.date, h]));
  return [...nights].map(([date, { end, length }]) => {
    const night = counted.get(date);
    const countedMs = night?.countedMs ?? 0;
    return {
      date,
      mnf: length > 0 && countedMs === length ? (night?.lowestFlow ?? null) : null,
      coverage: length > 0 ? Math.min(1, countedMs / length) : 0,
      end,
    };
  });
}

/** MNF per night of [fromDay, toDay] from a meter's volumes by interval (nightHoursOf, nightFlowsOf). */
export function nightFlows(
  intervals: readonly FlowInterval[],
  fromDay: string,
  toDay: string,
  timeZone: string,
): NightFlow[] {
  return nightFlowsOf(nightHoursOf(intervals, timeZone), fromDay, toDay, timeZone);
}

/**
 * The night figures of a point: MNF from the summary meter's night, ADF from the same day's supply (a day
 * not wholly covered has none, rather than a part of a day that would inflate KL), KL from both; each null
 * with its reason. `days` holds the balance of each night's date; `latestReading` is the summary meter's
 * latest reading (epoch ms), `hasSummaryMeter` whether the point has one.
 */
export function nightFigures(
  nights: readonly NightFlow[],
  days: ReadonlyMap<string, DailyBalance>,
  latestReading: number | null,
  hasSummaryMeter: boolean,
): NightFigure[] {
  return nights.map((night) => {
    const day = days.get(night.date);
    const adf = averageDailyFlow(day?.supply ?? null);
    const mnfUnknown: UnknownReason | null = !hasSummaryMeter
      ? 'noSummaryMeter'
      : night.mnf === null
        ? missingDataReason(night.end, latestReading)
        : null;
    // Without a supply the day's reason is the supply's (never noSubMeters, which comes with a supply).
    const adfUnknown: UnknownReason | null = adf !== null ? null : (day?.unknown ?? 'incomplete');
    return {
      date: night.date,
      mnf: night.mnf,
      adf,
      kl: klRatio(night.mnf, adf),
      coverage: night.coverage,
      mnfUnknown,
      adfUnknown,
    };
  });
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
