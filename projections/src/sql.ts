import type { DataScope } from '@hydrolog/domain';
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

/** Who a scoped record belongs to, as SQL of its list: its department, and the user whose record it is. */
export interface ScopedRecord {
  dept: string;
  owner: string;
}

/** The department of the staff user whose id (as text) `owner` is: where a record without its own department belongs. */
export const ownerDept = (owner: string) =>
  `(SELECT o.dept_id FROM users o WHERE o.user_id::text = ${owner})`;

/**
 * The condition that a record is in the caller's data scope (roles' scopes 1-5, see `dataScopeOf`): the one
 * rule of every scoped list. Its values are appended to `params`.
 */
export function inDataScope(scope: DataScope, record: ScopedRecord, params: unknown[]): string {
  if (scope.all) return 'true';
  params.push(scope.deptIds, scope.deptTrees, scope.ownerId);
  const [depts, trees, owner] = [params.length - 2, params.length - 1, params.length];
  return `(${record.dept} = ANY($${depts}::uuid[])
    OR ${record.dept} IN (WITH RECURSIVE below AS (
        SELECT dept_id FROM depts WHERE dept_id = ANY($${trees}::uuid[])
        UNION ALL SELECT d.dept_id FROM depts d JOIN below b ON d.parent_id = b.dept_id
      ) SELECT dept_id FROM below)
    OR (${record.owner})::text = $${owner}::text)`;
}
