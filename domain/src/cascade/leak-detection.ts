/**
 * New leaks from a point's nightly MNF series (DESIGN "Leakage definitions": a night is known or null). A
 * leak adds a constant flow at every hour, so it shows at night above what the district normally uses then.
 * That normal night flow is the baseline: the recent level of the district's clean nights (a median), times
 * the weekday's own factor (weekend nights are higher every week: the median of that weekday's ratio to its
 * week); never built from an unknown night, a holiday, a night inside a detected leak or a rise under way
 * (until it has lasted weeks without becoming a leak: then it is the season's). A night stands out by a
 * margin set by the district's own night-to-night noise (so a quiet district shows smaller leaks), never
 * below a floor in m3/h nor 7% of the night flow.
 * - An abrupt leak (a burst) is a step that persists: two known nights in a row, each above half the
 *   margin and together above it. Its start is the first of them.
 * - An incipient leak grows slowly: the median rise of the last five known nights stands above 70% of the
 *   margin three nights running. Its start is where the rise last stood below a quarter of it.
 * A leak lasts until the MNF is back near the baseline for two known nights (its repair); a new step on top
 * of a leak under way is a leak of its own. Pure.
 */

export interface DetectionSettings {
  /** How many robust spreads of the night-to-night noise a rise must pass (lower: more sensitive). */
  sensitivity: number;
  /** The smallest rise worth reporting, m3/h. */
  floorM3h: number;
}

export const DEFAULT_DETECTION: DetectionSettings = {
  sensitivity: 3,
  floorM3h: 0.2,
};

/** A point's detection settings from its thresholds; the defaults where it has none of its own. */
export const detectionSettings = (thresholds: {
  leakSensitivity?: number;
  leakFloor?: number;
}): DetectionSettings => ({
  sensitivity: thresholds.leakSensitivity ?? DEFAULT_DETECTION.sensitivity,
  floorM3h: thresholds.leakFloor ?? DEFAULT_DETECTION.floorM3h,
});

export type LeakKind = 'abrupt' | 'incipient';

export interface LeakFinding {
  kind: LeakKind;
  /** the first night the leak shows (its estimated start) */
  start: string;
  /** the night it was detected */
  detected: string;
  /** m3/h above the baseline (and the leaks under way below it): at detection, then as its nights since stand */
  sizeM3h: number;
  /** the size as a share of the baseline night flow */
  share: number;
  /** the baseline night flow at the start, m3/h */
  baseline: number;
  /** the night the MNF was back at the baseline (repaired), or null while it lasts */
  repaired: string | null;
}

export interface NightAssessment {
  date: string;
  mnf: number | null;
  /** the night flow expected without a leak, m3/h; null before enough known nights */
  baseline: number | null;
  /** the rise above the baseline that counts, m3/h */
  margin: number | null;
  /** the night lies inside a detected leak */
  inLeak: boolean;
}

export interface NightInput {
  /** YYYY-MM-DD */
  date: string;
  /** m3/h, null when not known */
  mnf: number | null;
  /** a public holiday: neither judged nor part of a baseline */
  holiday?: boolean;
}

/** Known nights a baseline needs before any night is judged, and before the noise is known. */
const WARM_UP_NIGHTS = 21;
const NOISE_MIN = 21;
/** The nights the level and the noise are taken from, and the weeks the weekday profile looks back. */
const LEVEL_NIGHTS = 14;
const NOISE_NIGHTS = 42;
const PROFILE_WEEKS = 12;
/** No rise smaller than this share of the night flow is a leak worth an alarm. */
const MIN_SHARE = 0.07;
/** No district's night flow is steadier than this from night to night (a share of it). */
const MIN_SPREAD = 0.015;
/** A slow rise: the median of the last nights' rise, standing above its own margin nights running. */
const SLOW_NIGHTS = 5;
const SLOW_SENSITIVITY_SHARE = 0.7;
const SLOW_PERSISTENCE = 3;
/** A night whose recent rise exceeds this many noise spreads no longer teaches the baseline. */
const EXCURSION_SPREADS = 1.5;
/** A rise that has lasted this many nights without becoming a leak is the season's. */
const WITHHELD_NIGHTS = 21;
/** A leak is repaired once the night is back below this share of its size above the baseline. */
const REPAIR_SHARE = 0.5;

const median = (values: readonly number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};
const weekdayOf = (date: string) => new Date(`${date}T00:00:00Z`).getUTCDay();

interface CleanNight {
  weekday: number;
  mnf: number;
  ratio: number;
}

interface OpenLeaks {
  /** the leaks under way, each on top of the ones before */
  leaks: LeakFinding[];
  /** the baseline of a weekday as it stood before the first, and the margin of a baseline */
  baselineOf: (weekday: number) => number;
  margin: (baseline: number) => number;
  /** known nights in a row back near what the leaks below the last one leave */
  back: number;
  /** the nights' rise over the baseline since the last leak was found */
  rises: number[];
}

/**
 * The normal night flow of a weekday from the clean nights before: the recent level with the weekdays
 * taken out (a median), times the weekday's own factor (the median of its nights' ratio to their week).
 */
function baselineOf(clean: readonly CleanNight[], weekday: number): number {
  const factors = Array.from({ length: 7 }, (_, w) => {
    const ratios = clean
      .filter((n) => n.weekday === w)
      .slice(-PROFILE_WEEKS)
      .map((n) => n.ratio);
    return ratios.length >= 2 ? median(ratios) : 1;
  });
  const level = median(clean.slice(-LEVEL_NIGHTS).map((n) => n.mnf / factors[n.weekday]!));
  return level * factors[weekday]!;
}

/** A clean night, with its ratio to the median of its week (it and the six clean nights before). */
function cleanNight(clean: readonly CleanNight[], weekday: number, mnf: number): CleanNight {
  const week = median([...clean.slice(-6).map((n) => n.mnf), mnf]);
  return { weekday, mnf, ratio: week > 0 ? mnf / week : 1 };
}

/**
 * Leaks in a point's nightly MNF series (sorted by date), with the baseline each night was judged by.
 */
export function detectLeaks(
  nights: readonly NightInput[],
  settings: DetectionSettings = DEFAULT_DETECTION,
): { nights: NightAssessment[]; leaks: LeakFinding[] } {
  const clean: CleanNight[] = [];
  /** each judged night's rise over its baseline, as a share of the baseline: the district's noise */
  const residuals: number[] = [];
  /** the recent judged nights, for a slow rise */
  const recent: { date: string; rise: number }[] = [];
  const leaks: LeakFinding[] = [];
  const assessed: NightAssessment[] = [];
  /** the leaks under way (a later one on top of an earlier one), judged against the baseline before them */
  let open: OpenLeaks | null = null;
  /** a night above half the margin, waiting for the next known night to confirm a step */
  let candidate: { date: string; rise: number } | null = null;
  let slowNights = 0;
  /** nights in a row kept from the baseline while a rise is under way */
  let withheld = 0;

  for (const night of nights) {
    const weekday = weekdayOf(night.date);
    const row: NightAssessment = {
      date: night.date,
      mnf: night.mnf,
      baseline: null,
      margin: null,
      inLeak: false,
    };
    assessed.push(row);
    if (night.mnf === null || night.holiday) continue;
    const mnf = night.mnf;
    const finding = (kind: LeakKind, from: string, size: number, baseline: number): LeakFinding => {
      const leak = {
        kind,
        start: from,
        detected: night.date,
        sizeM3h: size,
        share: baseline > 0 ? size / baseline : 0,
        baseline,
        repaired: null,
      };
      leaks.push(leak);
      candidate = null;
      return leak;
    };

    if (open) {
      const baseline = open.baselineOf(weekday);
      row.baseline = baseline;
      row.margin = open.margin(baseline);
      row.inLeak = true;
      const rise = mnf - baseline;
      const top = open.leaks.at(-1)!;
      const below = open.leaks.slice(0, -1).reduce((sum, l) => sum + l.sizeM3h, 0);
      // The last leak is repaired once the night is back near what the others leave (two nights running).
      open.back = rise < below + REPAIR_SHARE * top.sizeM3h ? open.back + 1 : 0;
      if (open.back >= 2) {
        top.repaired = night.date;
        open.leaks.pop();
        open.back = 0;
        open.rises = [];
        if (open.leaks.length === 0) {
          row.inLeak = false;
          open = null;
          recent.length = 0;
          slowNights = 0;
          // Back to normal: the nights after a repair teach the baseline what normal is now.
          withheld = WITHHELD_NIGHTS;
        }
        continue;
      }
      // The leaks' level is where the recent nights stand, once three have passed. The last leak's size
      // follows it: two nights measure a step roughly, and a leak may grow after it is found.
      const levelKnown = open.rises.length >= 3;
      const level = levelKnown ? median(open.rises.slice(-SLOW_NIGHTS)) : below + top.sizeM3h;
      open.rises.push(rise);
      if (levelKnown) {
        top.sizeM3h = Math.max(0, level - below);
        top.share = top.baseline > 0 ? top.sizeM3h / top.baseline : 0;
      }
      // A new step stands above that level, once it is known.
      const above = levelKnown ? rise - Math.max(level, below + top.sizeM3h) : 0;
      const margin = open.margin(baseline);
      if (candidate && above > margin / 2 && (candidate.rise + above) / 2 > margin) {
        open.leaks.push(finding('abrupt', candidate.date, (candidate.rise + above) / 2, baseline));
        open.rises = [];
        continue;
      }
      candidate = above > margin / 2 ? { date: night.date, rise: above } : null;
      continue;
    }
    if (clean.length < WARM_UP_NIGHTS) {
      clean.push(cleanNight(clean, weekday, mnf));
      continue;
    }
    const baseline = baselineOf(clean, weekday);
    row.baseline = baseline;
    const rise = mnf - baseline;
    // The noise: 1.4826 x the median absolute deviation of the recent relative rises (a standard deviation
    // that odd nights do not inflate), never below the steadiest a district is.
    const spread = (() => {
      const last = residuals.slice(-NOISE_NIGHTS);
      if (last.length < NOISE_MIN) return null;
      const centre = median(last);
      return Math.max(MIN_SPREAD, 1.4826 * median(last.map((r) => Math.abs(r - centre))));
    })();
    residuals.push(baseline > 0 ? rise / baseline : 0);
    if (spread === null) {
      clean.push(cleanNight(clean, weekday, mnf));
      continue;
    }
    const marginOf = (share: number) => (b: number) =>
      Math.max(settings.floorM3h, MIN_SHARE * b, share * settings.sensitivity * spread * b);
    const margin = marginOf(1)(baseline);
    row.margin = margin;
    recent.push({ date: night.date, rise });
    if (recent.length > 3 * SLOW_NIGHTS) recent.shift();
    const opened = (leak: LeakFinding): OpenLeaks => {
      row.inLeak = true;
      slowNights = 0;
      // The baseline of each weekday as it stood before the leak.
      const frozen = clean.slice();
      return {
        leaks: [leak],
        baselineOf: (w) => baselineOf(frozen, w),
        margin: marginOf(1),
        back: 0,
        rises: [],
      };
    };

    /** Where a rise of `size` began: the night after the rise last stood below a quarter of it. */
    const beginning = (size: number) => {
      let first = recent.length - 1;
      while (first > 0 && recent[first - 1]!.rise > size / 4) first--;
      return recent[first]!.date;
    };
    const lastRises = recent.slice(-SLOW_NIGHTS).map((n) => n.rise);
    const smoothed = lastRises.length === SLOW_NIGHTS ? median(lastRises) : 0;

    // A step: two known nights in a row each above half the margin, and above the margin together. Nights
    // already rising before them make it the end of a slow rise rather than a step.
    if (candidate && rise > margin / 2 && (candidate.rise + rise) / 2 > margin) {
      const size = (candidate.rise + rise) / 2;
      const before = recent.slice(-SLOW_NIGHTS - 2, -2).map((n) => n.rise);
      const rising = before.length === SLOW_NIGHTS && median(before) > size / 4;
      open = opened(
        rising
          ? finding('incipient', beginning(size), size, baseline)
          : finding('abrupt', candidate.date, size, baseline),
      );
      continue;
    }
    candidate = rise > margin / 2 ? { date: night.date, rise } : null;

    // A slow rise: the median rise of the last nights above its own (smaller) margin, nights running.
    slowNights = smoothed > marginOf(SLOW_SENSITIVITY_SHARE)(baseline) ? slowNights + 1 : 0;
    if (slowNights >= SLOW_PERSISTENCE) {
      open = opened(finding('incipient', beginning(smoothed), smoothed, baseline));
      continue;
    }
    // A night that stands out, or the nights of a rise under way, do not teach the baseline, unless the
    // rise has lasted weeks without becoming a leak: then it is the season, which the baseline follows.
    withheld = candidate || smoothed > EXCURSION_SPREADS * spread * baseline ? withheld + 1 : 0;
    if (withheld === 0 || withheld > WITHHELD_NIGHTS) clean.push(cleanNight(clean, weekday, mnf));
  }
  return { nights: assessed, leaks };
}
