import type { ListSort } from '@hydrolog/schemas';

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
