import type { UserListBody } from '@hydrolog/schemas';
import { type PageQuery, parsePage, queryOption, queryText } from '../../lib/listQuery.ts';

const STATUSES = ['0', '1'] as const;

/** The filter bar of the staff users page, as typed. */
export interface UserFilters {
  userName: string;
  phonenumber: string;
  status: '' | '0' | '1';
}

export const EMPTY_FILTERS: UserFilters = { userName: '', phonenumber: '', status: '' };

/** The list query as kept in the URL: filters and page. */
export interface UserQuery extends UserFilters, PageQuery {}

/**
 * Reads the query from URL search params (values may arrive parsed as numbers); anything invalid falls back
 * to its default, so a hand-edited URL never produces a refused request.
 */
export function parseUserQuery(search: Record<string, unknown>): UserQuery {
  return {
    userName: queryText(search.userName, 30),
    phonenumber: queryText(search.phonenumber, 11),
    status: queryOption(search.status, STATUSES),
    ...parsePage(search),
  };
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
