import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '@hydrolog/schemas';
import dayjs from 'dayjs';

/** Shared pieces of the list queries kept in the URL (filters and page; spec section 9 pagination). */
export interface PageQuery {
  pageNum: number;
  pageSize: number;
}

/** A text filter from URL search params (values may arrive parsed as numbers), trimmed and cut to `max`. */
export const queryText = (value: unknown, max: number): string =>
  typeof value === 'string' || typeof value === 'number' ? String(value).trim().slice(0, max) : '';

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
 * The URL search params of a query: empty filters and default page values are left out. Filters are
 * the string fields of the query.
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

/** The filters of a query, without its page. */
export function filtersOf<F extends object>(query: F & PageQuery): F {
  const { pageNum: _, pageSize: __, ...filters } = query;
  return filters as unknown as F;
}

/** The last page that still has rows once `removed` rows of the current page are gone. */
export function pageAfterRemoval(query: PageQuery, total: number, removed: number): number {
  const lastPage = Math.max(1, Math.ceil((total - removed) / query.pageSize));
  return Math.min(query.pageNum, lastPage);
}
