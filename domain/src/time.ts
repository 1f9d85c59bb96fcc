/**
 * Local time of a tenant (DESIGN principle 9): timestamps are UTC; hours, days and the night window are
 * the tenant's. Offsets come from the runtime's time-zone data, memoised per zone and UTC hour.
 */

export const HOUR_MS = 3_600_000;
export const DAY_MS = 24 * HOUR_MS;

const formatters = new Map<string, Intl.DateTimeFormat>();
/** Offsets by zone, then by UTC hour: a number key, since the hot paths ask for one per hour they compute. */
const offsets = new Map<string, Map<number, number>>();
let memoised = 0;

/** The zone's offset from UTC at instant t, in ms (positive east of Greenwich). */
export function zoneOffsetMs(timeZone: string, t: number): number {
  const hour = Math.floor(t / HOUR_MS);
  let zone = offsets.get(timeZone);
  if (!zone) {
    zone = new Map();
    offsets.set(timeZone, zone);
  }
  let offset = zone.get(hour);
  if (offset === undefined) {
    let format = formatters.get(timeZone);
    if (!format) {
      format = new Intl.DateTimeFormat('en-US', {
        timeZone,
        hourCycle: 'h23',
        year: 'numeric',
        month: 'numeric',
        day: 'numeric',
        hour: 'numeric',
        minute: 'numeric',
        second: 'numeric',
      });
      formatters.set(timeZone, format);
    }
    const at = hour * HOUR_MS;
    const parts = Object.fromEntries(format.formatToParts(at).map((p) => [p.type, Number(p.value)]));
    const asUtc = Date.UTC(
      parts.year!,
      parts.month! - 1,
      parts.day!,
      parts.hour!,
      parts.minute!,
      parts.second!,
    );
    offset = asUtc - at;
    if (++memoised > 100_000) {
      for (const hours of offsets.values()) hours.clear();
      memoised = 1;
    }
    zone.set(hour, offset);
  }
  return offset;
}

/** The start (UTC ms) of the local hour containing t. */
export function localHourStart(t: number, timeZone: string): number {
  const offset = zoneOffsetMs(timeZone, t);
  return Math.floor((t + offset) / HOUR_MS) * HOUR_MS - offset;
}

/** Local hour starts covering [from, to]: from the hour containing `from` to the first start at or after `to`. */
export function localHourBoundaries(from: number, to: number, timeZone: string): number[] {
  const boundaries: number[] = [];
  let t = localHourStart(from, timeZone);
  for (;;) {
    boundaries.push(t);
    if (t >= to) return boundaries;
    // Step by an hour and realign: offsets change by whole hours at most transitions, and a half-hour
    // zone realigns to its own :30.
    t = localHourStart(t + HOUR_MS, timeZone);
  }
}

/** The local calendar date (YYYY-MM-DD) of instant t. */
export function localDate(t: number, timeZone: string): string {
  return new Date(t + zoneOffsetMs(timeZone, t)).toISOString().slice(0, 10);
}

/**
 * The instant the local date (YYYY-MM-DD) begins in the zone, as PostgreSQL reads `date::timestamp AT TIME
 * ZONE zone`, which bounds the days the read models keep: where the clocks skip midnight, the instant they
 * jump past it; where they show it twice, the later (standard time).
 */
export function localMidnight(date: string, timeZone: string): number {
  const { candidates, readings } = wallClockReadings(Date.parse(`${date}T00:00:00Z`), timeZone);
  return Math.max(...(readings.length > 0 ? readings : candidates));
}

/** A local day, epoch ms from its midnight to the next. */
export interface LocalDay {
  /** YYYY-MM-DD */
  date: string;
  start: number;
  end: number;
}

/**
 * The local days holding the instants from `from` to `until`, bounded by localMidnight as the queries that
 * read them bound them (PostgreSQL's `date::timestamp AT TIME ZONE zone`), clock changes at midnight included.
 */
export function localDays(from: number, until: number, timeZone: string): LocalDay[] {
  let date = localDate(from, timeZone);
  let start = localMidnight(date, timeZone);
  // Where the clocks show midnight twice the day begins at the later: the hour between is the day before's.
  if (start > from) {
    date = addDays(date, -1);
    start = localMidnight(date, timeZone);
  }
  const last = localDate(until, timeZone);
  const days: LocalDay[] = [];
  while (date <= last) {
    const next = addDays(date, 1);
    const end = localMidnight(next, timeZone);
    days.push({ date, start, end });
    date = next;
    start = end;
  }
  return days;
}

/** The calendar date `days` days after (before, if negative) `date` (YYYY-MM-DD). */
export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** The calendar days from `from` to `to` (YYYY-MM-DD), negative when `to` comes first. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}

/**
 * The instant at which the zone's clocks read a wall-clock time (given as if it were UTC, epoch ms); null
 * for a time the clocks skip or show twice (a clock change), which only an offset can tell apart.
 */
export function wallClockInstant(wall: number, timeZone: string): number | null {
  const { readings } = wallClockReadings(wall, timeZone);
  return readings.length === 1 ? readings[0]! : null;
}

/**
 * The instants a wall-clock time could be, by the offsets in force a day before and a day after it, and
 * those at which the clocks do read it: none where they skip it, two where they show it twice.
 */
function wallClockReadings(wall: number, timeZone: string): { candidates: number[]; readings: number[] } {
  const candidates = [
    ...new Set([wall - zoneOffsetMs(timeZone, wall - DAY_MS), wall - zoneOffsetMs(timeZone, wall + DAY_MS)]),
  ];
  return { candidates, readings: candidates.filter((t) => t + zoneOffsetMs(timeZone, t) === wall) };
}
