/**
 * For tests only: DESIGN's "Leakage definitions" computed the plain way, as a reference the product's
 * figures are held to, and the synthetic meter series it is tried on. Nothing here uses the product's code
 * (volumes.ts, leakage.ts, time.ts): local time comes from Intl, counters are interpolated point by point,
 * coverage is measured span by span. Zones must change their offset by whole hours (as every European and
 * American zone does).
 */
import fc from 'fast-check';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** A counter reading: epoch ms and the cumulative counter, m3. */
export interface Sample {
  t: number;
  total: number;
}

/** A day and its night, every figure null where DESIGN says it is not known. */
export interface ReferenceDay {
  date: string;
  /** m3 */
  supply: number | null;
  /** share of the day spanned by readings at most the gap apart */
  coverage: number;
  /** m3/h */
  mnf: number | null;
  adf: number | null;
  kl: number | null;
}

const formats = new Map<string, Intl.DateTimeFormat>();

/** The wall clock of instant t in the zone. */
function wallClock(t: number, timeZone: string): { date: string; hour: number } {
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
    });
    formats.set(timeZone, format);
  }
  const parts = Object.fromEntries(format.formatToParts(t).map((p) => [p.type, p.value]));
  return { date: `${parts.year}-${parts.month}-${parts.day}`, hour: Number(parts.hour) };
}

/** The first instant of a local date: the earliest quarter hour whose wall-clock date is that date. */
export function referenceMidnight(date: string, timeZone: string): number {
  const noon = Date.parse(`${date}T12:00:00Z`);
  for (let t = noon - 30 * HOUR; t <= noon + 30 * HOUR; t += 15 * MINUTE) {
    if (wallClock(t, timeZone).date === date) return t;
  }
  throw new Error(`no midnight for ${date} in ${timeZone}`);
}

function nextDate(date: string): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + 24 * HOUR).toISOString().slice(0, 10);
}

/** The counter at t: on a reading, or linearly between neighbours at most `gap` apart; else unknown. */
function counterAt(readings: readonly Sample[], t: number, gap: number): number | null {
  const i = readings.findIndex((r) => r.t >= t);
  if (i >= 0 && readings[i]!.t === t) return readings[i]!.total;
  const before = readings[i - 1];
  const after = i >= 0 ? readings[i] : undefined;
  if (!before || !after || after.t - before.t > gap) return null;
  return before.total + ((after.total - before.total) * (t - before.t)) / (after.t - before.t);
}

/** Milliseconds of [start, end] spanned by successive readings at most `gap` apart. */
function spanned(readings: readonly Sample[], start: number, end: number, gap: number): number {
  let covered = 0;
  for (let i = 0; i + 1 < readings.length; i++) {
    const a = readings[i]!.t;
    const b = readings[i + 1]!.t;
    if (b - a <= gap) covered += Math.max(0, Math.min(b, end) - Math.max(a, start));
  }
  return covered;
}

/**
 * Every day of [fromDay, toDay] of a summary meter with these readings (sorted, distinct times, a counter
 * that never goes back) and this report interval, in the zone:
 * - the gap is twice the report interval, at most 26 h;
 * - supply = counter(next midnight) - counter(midnight), null unless the day is wholly spanned by readings at
 *   most the gap apart;
 * - MNF = the lowest flow of the local hours starting 02:00 and 03:00, each known at both ends and spanned by
 *   readings at most the report interval apart, else null;
 * - ADF = supply / 24, KL = MNF / ADF.
 */
export function referenceFigures(
  readings: readonly Sample[],
  reportIntervalMinutes: number,
  timeZone: string,
  fromDay: string,
  toDay: string,
): ReferenceDay[] {
  const interval = reportIntervalMinutes * MINUTE;
  const gap = Math.min(2 * interval, 26 * HOUR);
  const first = readings[0]?.t ?? Number.POSITIVE_INFINITY;
  const last = readings.at(-1)?.t ?? Number.NEGATIVE_INFINITY;
  const days: ReferenceDay[] = [];
  for (let date = fromDay; date <= toDay; date = nextDate(date)) {
    const start = referenceMidnight(date, timeZone);
    const end = referenceMidnight(nextDate(date), timeZone);
    const covered = spanned(readings, start, end, gap);
    const whole = covered === end - start;
    const supply = whole ? counterAt(readings, end, gap)! - counterAt(readings, start, gap)! : null;

    const flows: (number | null)[] = [];
    for (let t = start; t < end; t += HOUR) {
      const hour = wallClock(t, timeZone).hour;
      if (hour !== 2 && hour !== 3) continue;
      const from = counterAt(readings, t, gap);
      const to = counterAt(readings, t + HOUR, gap);
      const regular = t >= first && t + HOUR <= last && spanned(readings, t, t + HOUR, interval) === HOUR;
      flows.push(from !== null && to !== null && regular ? to - from : null);
    }
    const mnf = flows.length > 0 && flows.every((f) => f !== null) ? Math.min(...(flows as number[])) : null;
    const adf = supply === null ? null : supply / 24;
    days.push({
      date,
      supply,
      coverage: covered / (end - start),
      mnf,
      adf,
      kl: mnf !== null && adf !== null && adf > 0 ? mnf / adf : null,
    });
  }
  return days;
}

export interface SeriesOptions {
  /** epoch ms of the first reading */
  start: number;
  /** readings until this instant (inclusive) */
  end: number;
  /** minutes between readings */
  stepMinutes: number;
  /** the flow (m3/h) during the UTC hour starting at `hourStart` */
  flow: (hourStart: number) => number;
  /** outages: no reading strictly inside [from, from + hours h) */
  gaps?: readonly { from: number; hours: number }[];
  /** a counter at the first reading, m3 */
  startTotal?: number;
}

/**
 * A meter's counter readings every `stepMinutes` from the flows given per hour (the counter rises by the
 * flow's integral), less the readings inside the outages.
 */
export function generateSeries(options: SeriesOptions): Sample[] {
  const step = options.stepMinutes * MINUTE;
  const out: Sample[] = [];
  let total = options.startTotal ?? 100;
  let t = options.start;
  for (;;) {
    const missing = (options.gaps ?? []).some((g) => t >= g.from && t < g.from + g.hours * HOUR);
    if (!missing) out.push({ t, total });
    if (t + step > options.end) return out;
    // The integral of the hourly flow over [t, t + step).
    for (let s = t; s < t + step; ) {
      const hourStart = Math.floor(s / HOUR) * HOUR;
      const until = Math.min(t + step, hourStart + HOUR);
      total += (options.flow(hourStart) * (until - s)) / HOUR;
      s = until;
    }
    t += step;
  }
}

/** The kinds of meter the property tests try: how often each reads, and the report interval its type declares. */
export const TEST_METERS = {
  hourly: { stepMinutes: 60, reportIntervalMinutes: 60 },
  quarterHourly: { stepMinutes: 15, reportIntervalMinutes: 15 },
  dailyUploadOfHourlyValues: { stepMinutes: 60, reportIntervalMinutes: 24 * 60 },
  sixHourly: { stepMinutes: 6 * 60, reportIntervalMinutes: 6 * 60 },
} as const;
export type TestMeterKind = keyof typeof TEST_METERS;

/** The nights the clocks change in 2026 (spring forward, fall back) in the zones the tests use. */
export const CLOCK_CHANGES_2026 = {
  'Europe/Berlin': ['2026-03-29', '2026-10-25'],
  'Europe/Paris': ['2026-03-29', '2026-10-25'],
  'America/New_York': ['2026-03-08', '2026-11-01'],
} as const;
export type TestZone = keyof typeof CLOCK_CHANGES_2026;

/** A district's inflow in m3/h by UTC hour: lowest at night, with a little noise from a seed. */
export function districtFlow(seed: number) {
  return (hourStart: number) => {
    const hour = new Date(hourStart).getUTCHours();
    let x = Math.imul(seed ^ (hourStart / HOUR), 2654435761) >>> 0;
    x ^= x >>> 15;
    const noise = (x % 1000) / 5000;
    return 4 + 3 * Math.sin(((hour - 9) / 24) * 2 * Math.PI) + noise;
  };
}

/** The date `days` after a date (YYYY-MM-DD). */
function datePlus(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 24 * HOUR).toISOString().slice(0, 10);
}

export interface Scenario {
  zone: TestZone;
  kind: TestMeterKind;
  /** the first of `days` local days the figures are asked for */
  fromDay: string;
  readings: Sample[];
}

/**
 * Random series of a summary meter of this kind in one of the zones: `days` local days that hold or are
 * next to a clock change, read from the day before to the day after, with up to `maxOutages` outages of 1
 * to 200 hours anywhere (at least `minOutages`).
 */
export function scenarios(
  kind: TestMeterKind,
  zones: readonly TestZone[],
  days: number,
  outages: { minLength?: number; maxLength: number },
): fc.Arbitrary<Scenario> {
  return fc
    .record({
      zone: fc.constantFrom(...zones),
      change: fc.integer({ min: 0, max: 1 }),
      before: fc.integer({ min: 0, max: days - 1 }),
      seed: fc.integer({ min: 1, max: 2 ** 30 }),
      gaps: fc.array(
        fc.record({
          at: fc.integer({ min: -24, max: (days + 1) * 24 }),
          hours: fc.integer({ min: 1, max: 200 }),
        }),
        outages,
      ),
    })
    .map(({ zone, change, before, seed, gaps }) => {
      const fromDay = datePlus(CLOCK_CHANGES_2026[zone][change]!, -before);
      const midnight = referenceMidnight(fromDay, zone);
      const readings = generateSeries({
        start: midnight - 24 * HOUR,
        end: referenceMidnight(datePlus(fromDay, days + 1), zone),
        stepMinutes: TEST_METERS[kind].stepMinutes,
        flow: districtFlow(seed),
        gaps: gaps.map((g) => ({ from: midnight + g.at * HOUR, hours: g.hours })),
      });
      return { zone, kind, fromDay, readings };
    });
}

// ---- a year of a district's inflow with a known leak schedule (leak detection) ----

/** mulberry32: a seeded generator, so a district is the same for the same seed. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface TrueLeak {
  kind: 'abrupt' | 'incipient';
  /** epoch ms: the leak begins */
  start: number;
  /** epoch ms: a growing leak reaches 10% of the night flow (an abrupt one at its start, when that large) */
  reaches10: number | null;
  /** epoch ms: repaired */
  end: number;
  /** m3/h at its largest, and as a share of the district's typical night flow */
  sizeM3h: number;
  share: number;
}

export interface DistrictYear {
  timeZone: string;
  /** the first and the last local date */
  from: string;
  to: string;
  /** hourly counter readings of the inlet, missing hours and days left out */
  readings: Sample[];
  holidays: Set<string>;
  leaks: TrueLeak[];
  /** the typical night flow of a weekday night, m3/h */
  nightFlow: number;
}

/**
 * A year of hourly inflow of a district (UTC days): a daily profile with its night minimum, background
 * leakage and the customers' use, the latter 30% higher at night on Fridays, Saturdays and holidays and
 * drifting with the season (10 to 20% of it), night-to-night noise of 2 to 6% of the night flow, missing
 * hours and days; and, unless `leaks` is false, a schedule of abrupt leaks (steps) and growing ones (ramps
 * over 15 to 90 days) of 5 to 40% of the night flow, each repaired after a while.
 */
export function districtYear(seed: number, options: { leaks?: boolean } = {}): DistrictYear {
  const random = seededRandom(seed);
  const gauss = () => Math.sqrt(-2 * Math.log(random() + 1e-12)) * Math.cos(2 * Math.PI * random());
  const from = '2025-01-06';
  const days = 364;
  const t0 = Date.parse(`${from}T00:00:00Z`);
  const nightFlow = 5 + random() * 45;
  const dayFlow = nightFlow * (2.5 + random() * 2);
  const noise = 0.015 + random() * 0.015;
  const seasonal = 0.05 + random() * 0.1;
  const phase = random() * 2 * Math.PI;
  const holidays = new Set<string>();
  for (let i = 0; i < 8; i++) holidays.add(datePlus(from, Math.floor(random() * days)));
  const dateOf = (t: number) => new Date(t).toISOString().slice(0, 10);

  const leaks: TrueLeak[] = [];
  if (options.leaks !== false) {
    // After the first two months: a baseline needs weeks of nights before it judges any.
    let t = t0 + (60 + Math.floor(random() * 30)) * 24 * HOUR;
    while (t < t0 + (days - 30) * 24 * HOUR) {
      const share = 0.05 + random() * 0.35;
      const sizeM3h = share * nightFlow;
      const start = t + Math.floor(random() * 24) * HOUR;
      if (random() < 0.5) {
        const end = start + (10 + Math.floor(random() * 50)) * 24 * HOUR;
        leaks.push({ kind: 'abrupt', start, reaches10: share >= 0.1 ? start : null, end, sizeM3h, share });
      } else {
        const ramp = (15 + Math.floor(random() * 75)) * 24 * HOUR;
        const end = start + ramp + (5 + Math.floor(random() * 25)) * 24 * HOUR;
        const reaches10 = share >= 0.1 ? start + (ramp * 0.1) / share : null;
        leaks.push({ kind: 'incipient', start, reaches10, end, sizeM3h, share });
      }
      t = leaks.at(-1)!.end + (20 + Math.floor(random() * 40)) * 24 * HOUR;
    }
  }
  const leakAt = (t: number) =>
    leaks.reduce((sum, l) => {
      if (t < l.start || t >= l.end) return sum;
      if (l.kind === 'abrupt') return sum + l.sizeM3h;
      const ramp = l.reaches10 === null ? null : ((l.reaches10 - l.start) * l.share) / 0.1;
      const grown = ramp === null ? (t - l.start) / ((l.end - l.start) / 2) : (t - l.start) / ramp;
      return sum + l.sizeM3h * Math.min(1, grown);
    }, 0);

  // The night flow is background leakage plus the customers' own use at night; the customers' use follows
  // the weekday (Friday and Saturday nights and holidays 30% higher at night) and the season, and each
  // night has its own noise.
  const legitShare = 0.2 + random() * 0.2;
  const background = nightFlow * (1 - legitShare);
  const nights: { legit: number; noise: number; season: number }[] = [];
  for (let d = 0; d <= days; d++) {
    const date = datePlus(from, d);
    const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
    const high = weekday === 5 || weekday === 6 || holidays.has(date);
    const season = 1 + seasonal * Math.sin((2 * Math.PI * d) / 365 + phase);
    nights.push({
      legit: nightFlow * legitShare * season * (high ? 1 + 0.3 / legitShare : 1),
      noise: nightFlow * noise * gauss(),
      season,
    });
  }
  const flowAt = (t: number) => {
    const night = nights[Math.max(0, Math.floor((t - t0) / (24 * HOUR)))]!;
    const hour = new Date(t).getUTCHours();
    // Lowest from 01:00 to 05:00, the day's demand around it.
    const day =
      hour >= 1 && hour < 5 ? 0 : (dayFlow - nightFlow) * Math.sin((Math.PI * (hour - 5)) / 20) ** 2;
    return background + night.legit + night.noise + day * night.season * (1 + 0.02 * gauss()) + leakAt(t);
  };

  // Missing hours (short gaps) and a few outages of days.
  const gaps: { from: number; hours: number }[] = [];
  for (let i = 0; i < 40; i++)
    gaps.push({ from: t0 + Math.floor(random() * days * 24) * HOUR, hours: 1 + Math.floor(random() * 3) });
  for (let i = 0; i < 3; i++)
    gaps.push({ from: t0 + Math.floor(random() * days * 24) * HOUR, hours: 24 + Math.floor(random() * 48) });
  const readings = generateSeries({
    start: t0,
    end: t0 + days * 24 * HOUR,
    stepMinutes: 60,
    flow: flowAt,
    gaps,
  });
  return {
    timeZone: 'UTC',
    from,
    to: dateOf(t0 + (days - 1) * 24 * HOUR),
    readings,
    holidays,
    leaks,
    nightFlow,
  };
}
