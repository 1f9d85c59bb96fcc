import { DEFAULT_PAGE_SIZE, PAGE_SIZES, type UserListBody } from '@hydrolog/schemas';

/** The filter bar of the staff users page, as typed. */
export interface UserFilters {
  userName: string;
  phonenumber: string;
  status: '' | '0' | '1';
}

export const EMPTY_FILTERS: UserFilters = { userName: '', phonenumber: '', status: '' };

/** The list query as kept in the URL: filters and page. */
export interface UserQuery extends UserFilters {
  pageNum: number;
  pageSize: number;
}

const text = (value: unknown, max: number): string =>
  typeof value === 'string' || typeof value === 'number' ? String(value).trim().slice(0, max) : '';

/**
 * Reads the query from URL search params (values may arrive parsed as numbers); anything invalid falls back
 * to its default, so a hand-edited URL never produces a refused request.
 */
export function parseUserQuery(search: Record<string, unknown>): UserQuery {
  const status = text(search.status, 1);
  const pageNum = Number(search.pageNum);
  const pageSize = Number(search.pageSize);
  return {
    userName: text(search.userName, 30),
    phonenumber: text(search.phonenumber, 11),
    status: status === '0' || status === '1' ? status : '',
    pageNum: Number.isInteger(pageNum) && pageNum >= 1 ? pageNum : 1,
    pageSize: (PAGE_SIZES as readonly number[]).includes(pageSize) ? pageSize : DEFAULT_PAGE_SIZE,
  };
}

/** The URL search params of a query: empty filters and default page values are left out. */
export function userQuerySearch(query: UserQuery): Record<string, string | number> {
  const search: Record<string, string | number> = {};
  if (query.userName.trim()) search.userName = query.userName.trim();
  if (query.phonenumber.trim()) search.phonenumber = query.phonenumber.trim();
  if (query.status) search.status = query.status;
  if (query.pageNum !== 1) search.pageNum = query.pageNum;
  if (query.pageSize !== DEFAULT_PAGE_SIZE) search.pageSize = query.pageSize;
  return search;
}

/** The body of POST /system/user/list for a query. */
export function userListBody(query: UserQuery): UserListBody {
  return {
    pageNum: query.pageNum,
    pageSize: query.pageSize,
    userName: query.userName.trim() || undefined,
    phonenumber: query.phonenumber.trim() || undefined,
    status: query.status || undefined,
  };
}

/** The last page that still has rows once `removed` rows of the current page are gone. */
export function pageAfterRemoval(query: UserQuery, total: number, removed: number): number {
  const lastPage = Math.max(1, Math.ceil((total - removed) / query.pageSize));
  return Math.min(query.pageNum, lastPage);
}
