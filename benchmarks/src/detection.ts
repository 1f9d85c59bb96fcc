// `npm run bench -- detection`: the leak detector over a year of 100 simulated districts with a known leak
// schedule (@hydrolog/domain/testing districtYear), their nightly MNF computed as the product computes it
// (hourly volumes by the gap rules, the night window); against, in the same run, the rule it replaced: a
// night more than half above the lowest of the previous seven.
import {
  detectLeaks,
  intervalVolumes,
  localHourBoundaries,
  localMidnight,
  nightFlows,
  readingGaps,
  volumeKnown,
} from '@hydrolog/domain';
import { type DistrictYear, districtYear, type TrueLeak } from '@hydrolog/domain/testing';
import type { BenchOptions } from './run.ts';

const DAY_MS = 86_400_000;

interface Detection {
  start: string;
  detected: string;
}

/** The nightly MNF of a district's inlet, as the cascade figures compute it. */
function nightsOf(district: DistrictYear) {
  const { readings, timeZone, from, to } = district;
  const start = localMidnight(from, timeZone);
  const hours = intervalVolumes(
    readings,
    localHourBoundaries(start, readings.at(-1)!.t, timeZone),
    readingGaps(60),
  );
  return nightFlows(
    hours.map((h) => ({ ...h, known: volumeKnown(h) })),
    from,
    to,
    timeZone,
  ).map((n) => ({ date: n.date, mnf: n.mnf, holiday: district.holidays.has(n.date) }));
}

/** The rule the detector replaced: more than half above the lowest of the last seven known nights. */
function previousRule(nights: readonly { date: string; mnf: number | null }[]): Detection[] {
  const found: Detection[] = [];
  const recent: number[] = [];
  let ongoing: number | null = null;
  for (const night of nights) {
    if (night.mnf === null) continue;
    const margin = (baseline: number) => Math.max(0.5, 0.5 * baseline);
    if (ongoing !== null) {
      if (night.mnf - ongoing <= margin(ongoing)) {
        ongoing = null;
        recent.length = 0;
      } else continue;
    } else if (recent.length > 0) {
      const baseline = Math.min(...recent);
      if (night.mnf - baseline > margin(baseline)) {
        found.push({ start: night.date, detected: night.date });
        ongoing = baseline;
        continue;
      }
    }
    recent.push(night.mnf);
    if (recent.length > 7) recent.shift();
  }
  return found;
}

const dateOf = (t: number) => new Date(t).toISOString().slice(0, 10);
/** The n-th whole night (02:00-04:00 UTC) after instant t, as a date. */
const nthNightAfter = (t: number, n: number) => {
  const first = Math.ceil((t - 2 * 3_600_000) / DAY_MS) * DAY_MS;
  return dateOf(first + (n - 1) * DAY_MS);
};

interface Score {
  abrupt: number;
  abruptFound: number;
  incipient: number;
  incipientFound: number;
  falseAlarms: number;
  delays: number[];
}

/**
 * Matches detections to the true leaks: an abrupt leak of 10% or more counts as found when a detection
 * comes by the second known night after its start (a night the inlet did not measure, or a holiday, tells
 * nothing); a growing one when it comes within 14 days of its reaching 10%. A detection during no leak
 * (nor the two days after its repair) is a false alarm.
 */
function score(
  district: DistrictYear,
  nights: readonly { date: string; mnf: number | null; holiday: boolean }[],
  detections: readonly Detection[],
  into: Score,
) {
  const judged = nights.filter((n) => n.mnf !== null && !n.holiday).map((n) => n.date);
  const secondKnownNight = (t: number) => judged.filter((date) => date >= nthNightAfter(t, 1))[1] ?? '9999';
  const during = (d: Detection, l: TrueLeak) =>
    d.detected >= dateOf(l.start) && d.detected <= dateOf(l.end + 2 * DAY_MS);
  for (const leak of district.leaks) {
    if (leak.reaches10 === null) continue;
    const deadline =
      leak.kind === 'abrupt' ? secondKnownNight(leak.start) : dateOf(leak.reaches10 + 14 * DAY_MS);
    const hit = detections.find((d) => during(d, leak) && d.detected <= deadline);
    if (leak.kind === 'abrupt') {
      into.abrupt++;
      if (hit) into.abruptFound++;
    } else {
      into.incipient++;
      if (hit) into.incipientFound++;
    }
    if (hit)
      into.delays.push((Date.parse(hit.detected) - Date.parse(nthNightAfter(leak.start, 1))) / DAY_MS + 1);
  }
  into.falseAlarms += detections.filter((d) => !district.leaks.some((l) => during(d, l))).length;
}

const blank = (): Score => ({
  abrupt: 0,
  abruptFound: 0,
  incipient: 0,
  incipientFound: 0,
  falseAlarms: 0,
  delays: [],
});
const ratio = (a: number, b: number) => (b > 0 ? Number((a / b).toFixed(3)) : null);

export async function detectionBench({ quick }: BenchOptions): Promise<void> {
  const districts = quick ? 30 : 100;
  const detector = blank();
  const previous = blank();
  let silent = 0;
  for (let seed = 1; seed <= districts; seed++) {
    const district = districtYear(seed);
    const nights = nightsOf(district);
    score(district, nights, detectLeaks(nights).leaks, detector);
    score(district, nights, previousRule(nights), previous);
    // The same district without its leaks raises nothing in a year.
    const quiet = districtYear(seed, { leaks: false });
    if (detectLeaks(nightsOf(quiet)).leaks.length === 0) silent++;
  }
  const months = (districts * 364) / 30.4;
  const delays = detector.delays.sort((a, b) => a - b);
  const line = {
    bench: 'detection',
    districts,
    leaks: detector.abrupt + detector.incipient,
    abrupt_detected_2n: detector.abruptFound,
    abrupt_recall: ratio(detector.abruptFound, detector.abrupt),
    incipient_detected_14d: detector.incipientFound,
    incipient_recall: ratio(detector.incipientFound, detector.incipient),
    false_alarms_per_district_month: Number((detector.falseAlarms / months).toFixed(3)),
    median_delay_nights: delays.length > 0 ? delays[Math.floor(delays.length / 2)]! : null,
    quiet_districts_silent: ratio(silent, districts),
    previous_abrupt_recall: ratio(previous.abruptFound, previous.abrupt),
    previous_incipient_recall: ratio(previous.incipientFound, previous.incipient),
    previous_false_alarms_per_district_month: Number((previous.falseAlarms / months).toFixed(3)),
  };
  console.log(JSON.stringify(line));
  const goals =
    (line.abrupt_recall ?? 0) >= 0.9 &&
    (line.incipient_recall ?? 0) >= 0.8 &&
    line.false_alarms_per_district_month < 0.5 &&
    (line.quiet_districts_silent ?? 0) >= 0.95;
  if (!goals) {
    console.error('detection: below its goals (abrupt 90%, incipient 80%, false alarms < 0.5, quiet 95%)');
    process.exitCode = 1;
  }
}
