/**
 * Days and times of the tenant (DESIGN principle 9): instants are UTC, days and hours are the tenant's, in
 * its IANA time zone, whatever the browser's own zone. The arithmetic is the domain's, shared with the server.
 */
import { addDays, localDate, zoneOffsetMs } from '@hydrolog/domain';

export {
  addDays,
  DAY_MS,
  HOUR_MS,
  localDate,
  localMidnight,
  nightWindowRanges,
  zoneOffsetMs,
} from '@hydrolog/domain';

/** Today in the zone (YYYY-MM-DD). */
export const todayIn = (timeZone: string, now: number = Date.now()): string => localDate(now, timeZone);

/** The dates from `from` to `to`, both included (none when `to` is before `from`). */
export function datesBetween(from: string, to: string): string[] {
  const dates: string[] = [];
  for (let date = from; date <= to && dates.length < 10_000; date = addDays(date, 1)) dates.push(date);
  return dates;
}

/** Patterns of spec section 9 (YYYY-MM-DD HH:mm:ss by default), with their parts. */
export type TimePattern = 'YYYY-MM-DD HH:mm:ss' | 'YYYY-MM-DD HH:mm' | 'YYYY-MM-DD' | 'MM-DD' | 'HH:mm';

/** An instant (ISO string or epoch ms) as the wall clock of the zone shows it. */
export function formatInZone(
  time: string | number,
  timeZone: string,
  pattern: TimePattern = 'YYYY-MM-DD HH:mm:ss',
): string {
  const t = typeof time === 'number' ? time : Date.parse(time);
  if (!Number.isFinite(t)) return '';
  // The wall clock as an ISO string: YYYY-MM-DDTHH:mm:ss.
  const wall = new Date(t + zoneOffsetMs(timeZone, t)).toISOString();
  const date = wall.slice(0, 10);
  const clock = wall.slice(11, 16);
  switch (pattern) {
    case 'YYYY-MM-DD':
      return date;
    case 'MM-DD':
      return date.slice(5);
    case 'HH:mm':
      return clock;
    case 'YYYY-MM-DD HH:mm':
      return `${date} ${clock}`;
    default:
      return `${date} ${wall.slice(11, 19)}`;
  }
}
