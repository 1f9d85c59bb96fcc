/** Steps of a relative time: below `below` seconds of difference, count in `unit`s of `seconds` each. */
const STEPS: readonly { below: number; unit: Intl.RelativeTimeFormatUnit; seconds: number }[] = [
  { below: 45, unit: 'second', seconds: 1 },
  { below: 45 * 60, unit: 'minute', seconds: 60 },
  { below: 22 * 3600, unit: 'hour', seconds: 3600 },
  { below: 26 * 86400, unit: 'day', seconds: 86400 },
  { below: 320 * 86400, unit: 'month', seconds: 30 * 86400 },
  { below: Number.POSITIVE_INFINITY, unit: 'year', seconds: 365 * 86400 },
];

/**
 * "3 minutes ago", "yesterday", "il y a 2 heures", "3 分钟前": a time relative to `now` in the interface
 * language (the browser's Intl data, so nothing to translate); under 45 s it is "now".
 */
export function relativeTime(time: string | Date, language: string, now: number = Date.now()): string {
  const diff = (new Date(time).getTime() - now) / 1000;
  const format = new Intl.RelativeTimeFormat(language, { numeric: 'auto' });
  const step = STEPS.find((s) => Math.abs(diff) < s.below) ?? STEPS[STEPS.length - 1]!;
  if (step.unit === 'second') return format.format(0, 'second');
  return format.format(Math.round(diff / step.seconds), step.unit);
}
