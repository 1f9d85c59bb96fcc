import {
  type Messages,
  meterNoSchema,
  READING_RATE_PERIODS,
  type ReadingRatePeriod,
  toFieldError,
  translateIn,
} from '@hydrolog/schemas';
import { queryDate, queryText } from '../../lib/listQuery.ts';
import type { HistoryRange } from '../../lib/readingSeries.ts';
import { addDays } from '../../lib/tenantTime.ts';

/** The queries of the reading reports as kept in the URL. */

// ---- Reading rate ------------------------------------------------------------------------------------

export interface ReadingRateQuery {
  days: ReadingRatePeriod;
}

/** 30 or 180 days (spec section 9); anything else is the default 30. */
export function parseReadingRateQuery(search: Record<string, unknown>): ReadingRateQuery {
  const days = Number(search.days);
  return { days: READING_RATE_PERIODS.find((p) => p === days) ?? 30 };
}

/** The default period is left out of the URL. */
export const readingRateSearch = (query: ReadingRateQuery): Record<string, number> =>
  query.days === 30 ? {} : { days: query.days };

// ---- Meter history -----------------------------------------------------------------------------------

/** Spec section 9 date presets; the page opens on the first. */
export const HISTORY_PRESETS = [7, 30, 90] as const;
export const DEFAULT_HISTORY_DAYS = HISTORY_PRESETS[0];

export interface HistoryQuery extends HistoryRange {
  /** '' until a meter is chosen */
  meterNo: string;
}

/** The last `days` local days, today included. */
export const lastDaysUntil = (days: number, today: string): HistoryRange => ({
  from: addDays(today, 1 - days),
  to: today,
});

/**
 * Reads the query from URL search params, with `today` the tenant's: a meter number that is not one is
 * dropped, a range given backwards is read the right way round, a missing or invalid range is the last 7 days.
 */
export function parseHistoryQuery(search: Record<string, unknown>, today: string): HistoryQuery {
  const text = queryText(search.meterNo, 32);
  const meterNo = meterNoSchema.safeParse(text).success ? text : '';
  const from = queryDate(search.from);
  const to = queryDate(search.to);
  const range =
    !from || !to
      ? lastDaysUntil(DEFAULT_HISTORY_DAYS, today)
      : from <= to
        ? { from, to }
        : { from: to, to: from };
  return { meterNo, ...range };
}

/** Meter and range once a meter is chosen; nothing before. */
export const historySearch = (query: HistoryQuery): Record<string, string> =>
  query.meterNo ? { meterNo: query.meterNo, from: query.from, to: query.to } : {};

/** The meter number as typed, checked with the shared schema: its error in the language of `messages`, or null. */
export function meterNoError(value: string, messages: Messages): string | null {
  if (!value.trim()) return translateIn(messages, 'validation.required');
  const parsed = meterNoSchema.safeParse(value.trim());
  const issue = parsed.success ? undefined : parsed.error.issues[0];
  return issue ? toFieldError(issue, messages).message : null;
}
