import type { ListSort, TimeRange } from '@hydrolog/schemas';

/** An ILIKE pattern matching `value` anywhere, its wildcards escaped; null (no filter) for an empty value. */
export function containsPattern(value: string | undefined): string | null {
  return value ? `%${value.replace(/[\\%_]/g, '\\$&')}%` : null;
}

/**
 * The ORDER BY of a list: the chosen column's SQL (`columns` maps each id of the list's whitelist to it),
 * nulls last either way, then the list's own order, which also breaks ties so that paging is stable.
 * Without a column, the list's own order alone.
 */
export function orderBy<C extends string>(
  sort: ListSort<C>,
  columns: Record<C, string>,
  listOrder: string,
): string {
  const column = sort.orderByColumn;
  if (!column) return `ORDER BY ${listOrder}`;
  // The query schema lets only whitelisted ids through; this keeps any other text out of the SQL anyway.
  if (!Object.hasOwn(columns, column)) throw new Error(`Not a sort column: ${column}`);
  const direction = sort.isAsc === 'descending' ? 'DESC' : 'ASC';
  return `ORDER BY ${columns[column]} ${direction} NULLS LAST, ${listOrder}`;
}

/** A date alone bounds the whole day: the end of the range is the end of that day. */
export function endOfRange(value: string | undefined): string | null {
  if (!value) return null;
  return value.length === 10 ? `${value}T23:59:59.999Z` : value;
}

/**
 * The condition that `column` lies in a list's time range (RuoYi's `params[beginTime]`, `params[endTime]`),
 * both ends included; its two values are appended to `params`, so it can follow a list's own conditions.
 */
export function withinRange(range: TimeRange | undefined, column: string, params: unknown[]): string {
  params.push(range?.beginTime ?? null, endOfRange(range?.endTime));
  const begin = params.length - 1;
  const end = params.length;
  return `($${begin}::timestamptz IS NULL OR ${column} >= $${begin}) AND ($${end}::timestamptz IS NULL OR ${column} <= $${end})`;
}

/** The LIMIT and OFFSET placeholders after a list's `params` (their values follow them in the call). */
export function page(params: readonly unknown[]): string {
  return `LIMIT $${params.length + 1} OFFSET $${params.length + 2}`;
}
