import type { UserListBody } from '@hydrolog/schemas';
import { z } from 'zod';
import { filterField, type PageQuery } from '../../lib/listQuery.ts';

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

/** The filters of the URL search params. */
export const userFilters = z.object({
  userName: filterField.text(30),
  phonenumber: filterField.text(11),
  status: filterField.option(STATUSES),
});

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
