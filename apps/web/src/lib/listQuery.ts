import {
  DEFAULT_PAGE_SIZE,
  type ListSort,
  PAGE_SIZES,
  SORT_DIRECTIONS,
  type SortDirection,
} from '@hydrolog/schemas';
import dayjs from 'dayjs';
import { type ZodType, z } from 'zod';

/** Shared pieces of the list queries kept in the URL (filters and page; spec section 9 pagination). */
export interface PageQuery {
  pageNum: number;
  pageSize: number;
}

/** A text filter from URL search params (values may arrive parsed as numbers), trimmed and cut to `max`. */
export const queryText = (value: unknown, max: number): string =>
  typeof value === 'string' || typeof value === 'number' ? String(value).trim().slice(0, max) : '';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** An id (uuid), else '' (no filter). */
export function queryId(value: unknown): string {
  const text = queryText(value, 36);
  return UUID.test(text) ? text : '';
}

/** One of `options`, else '' (no filter). */
export function queryOption<T extends string>(value: unknown, options: readonly T[]): T | '' {
  const text = queryText(value, 20);
  return (options as readonly string[]).includes(text) ? (text as T) : '';
}

/** A calendar date YYYY-MM-DD that exists, else ''. */
export function queryDate(value: unknown): string {
  const text = queryText(value, 20);
  return /^\d{4}-\d{2}-\d{2}$/.test(text) && dayjs(text).format('YYYY-MM-DD') === text ? text : '';
}

/**
 * The sort of a list in the URL, with the names the back office speaks (RuoYi's `orderByColumn`, `isAsc`).
 * Both are '' while the list keeps its own order.
 */
export interface SortQuery<C extends string = string> {
  orderByColumn: C | '';
  isAsc: SortDirection | '';
}
export const NO_SORT: SortQuery<never> = { orderByColumn: '', isAsc: '' };

/** A column of `columns` and its direction (ascending when not given); anything else is no sort. */
export function parseSort<C extends string>(
  search: Record<string, unknown>,
  columns: readonly C[],
): SortQuery<C> {
  const column = columns.find((c) => c === queryText(search.orderByColumn, 50));
  if (!column) return NO_SORT;
  return { orderByColumn: column, isAsc: queryOption(search.isAsc, SORT_DIRECTIONS) || 'ascending' };
}

/** The sort of a query; NO_SORT for a list whose query has none. */
export function sortOf(query: object): SortQuery {
  const { orderByColumn, isAsc } = query as Partial<SortQuery>;
  return orderByColumn && isAsc ? { orderByColumn, isAsc } : NO_SORT;
}

/** A click on a sortable header: ascending, then descending, then the list's own order again. */
export function nextSort<C extends string>(sort: SortQuery<C>, column: C): SortQuery<C> {
  if (sort.orderByColumn !== column) return { orderByColumn: column, isAsc: 'ascending' };
  return sort.isAsc === 'ascending' ? { orderByColumn: column, isAsc: 'descending' } : NO_SORT;
}

/** The sort parameters of a list call or an export; none while the list keeps its own order. */
export function sortParams<C extends string>(sort: SortQuery<C>): ListSort<C> {
  return sort.orderByColumn && sort.isAsc ? { orderByColumn: sort.orderByColumn, isAsc: sort.isAsc } : {};
}

/** The page and sort parameters of a list call (its filters go beside them). */
export function pageParams<C extends string>(query: PageQuery & SortQuery<C>): PageQuery & ListSort<C> {
  return { pageNum: query.pageNum, pageSize: query.pageSize, ...sortParams(query) };
}

/** Page number and size; anything invalid falls back to page 1 of the default size. */
export function parsePage(search: Record<string, unknown>): PageQuery {
  const pageNum = Number(search.pageNum);
  const pageSize = Number(search.pageSize);
  return {
    pageNum: Number.isInteger(pageNum) && pageNum >= 1 ? pageNum : 1,
    pageSize: (PAGE_SIZES as readonly number[]).includes(pageSize) ? pageSize : DEFAULT_PAGE_SIZE,
  };
}

/**
 * The URL search params of a query: empty filters, no sort and default page values are left out. Filters
 * (and the sort) are the string fields of the query.
 */
export function querySearch(query: PageQuery & object): Record<string, string | number> {
  const search: Record<string, string | number> = {};
  for (const [key, value] of Object.entries(query))
    if (key !== 'pageNum' && key !== 'pageSize' && typeof value === 'string' && value.trim())
      search[key] = value.trim();
  if (query.pageNum !== 1) search.pageNum = query.pageNum;
  if (query.pageSize !== DEFAULT_PAGE_SIZE) search.pageSize = query.pageSize;
  return search;
}

/** The filters of a query, without its page and sort. */
export function filtersOf<F extends object>(query: F & PageQuery): F {
  const {
    pageNum: _,
    pageSize: __,
    orderByColumn: ___,
    isAsc: ____,
    ...filters
  } = query as F & PageQuery & Partial<SortQuery>;
  return filters as unknown as F;
}

/** Filters as the API takes them: an empty one ('') is left out. */
export type ApiFilters<F> = { [K in keyof F]?: Exclude<F[K], ''> };

/** The filters of a list query: what is neither its page nor its sort. */
type FiltersOf<Q> = Omit<Q, keyof PageQuery | keyof SortQuery>;

/** A list's filters as the API takes them: each text trimmed, an empty one left out. */
export function apiFilters<F extends object>(filters: F): ApiFilters<F> {
  return Object.fromEntries(
    Object.entries(filters).map(([key, value]) => [
      key,
      typeof value === 'string' ? value.trim() || undefined : value,
    ]),
  ) as ApiFilters<F>;
}

/** A list's query as the API takes it: its page, and its filters trimmed with the empty ones left out. */
export function apiListQuery<Q extends PageQuery>(query: Q): PageQuery & ApiFilters<FiltersOf<Q>> {
  return {
    pageNum: query.pageNum,
    pageSize: query.pageSize,
    ...apiFilters(filtersOf(query) as FiltersOf<Q>),
  };
}

/** The last page that still has rows once `removed` rows of the current page are gone. */
export function pageAfterRemoval(query: PageQuery, total: number, removed: number): number {
  const lastPage = Math.max(1, Math.ceil((total - removed) / query.pageSize));
  return Math.min(query.pageNum, lastPage);
}

/**
 * The fields of a list's filter schema, read from URL search params: anything missing or invalid is ''
 * (no filter), so a hand-edited URL never produces a refused request.
 */
export const filterField = {
  text: (max: number) =>
    z
      .unknown()
      .optional()
      .transform((value) => queryText(value, max)),
  id: () => z.unknown().optional().transform(queryId),
  date: () => z.unknown().optional().transform(queryDate),
  option: <T extends string>(options: readonly T[]) =>
    z
      .unknown()
      .optional()
      .transform((value) => queryOption(value, options)),
};

/**
 * A list's query from URL search params: its filters (read by the list's filter schema), its page and,
 * for a list sorted on the server on `sortable` columns, its sort.
 */
export function parseListQuery<F>(
  filters: ZodType<F>,
  search: Record<string, unknown>,
  sortable?: readonly string[],
): F & PageQuery & Partial<SortQuery> {
  return { ...filters.parse(search), ...(sortable ? parseSort(search, sortable) : {}), ...parsePage(search) };
}
