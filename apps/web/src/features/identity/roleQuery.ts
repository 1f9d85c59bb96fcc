import { type PageQuery, parsePage, queryOption, queryText } from '../../lib/listQuery.ts';
import type { RoleListQuery } from './api/organisation.ts';

const STATUSES = ['0', '1'] as const;

/** The filter bar of the roles page, as typed. */
export interface RoleFilters {
  roleName: string;
  roleKey: string;
  status: '' | '0' | '1';
}

export const EMPTY_ROLE_FILTERS: RoleFilters = { roleName: '', roleKey: '', status: '' };

/** The list query as kept in the URL: filters and page. */
export interface RoleQuery extends RoleFilters, PageQuery {}

/** Reads the query from URL search params; anything invalid falls back to its default. */
export function parseRoleQuery(search: Record<string, unknown>): RoleQuery {
  return {
    roleName: queryText(search.roleName, 30),
    roleKey: queryText(search.roleKey, 50),
    status: queryOption(search.status, STATUSES),
    ...parsePage(search),
  };
}

/** The query string of GET /system/role/list. */
export function roleListQuery(query: RoleQuery): RoleListQuery {
  return {
    pageNum: query.pageNum,
    pageSize: query.pageSize,
    roleName: query.roleName.trim() || undefined,
    roleKey: query.roleKey.trim() || undefined,
    status: query.status || undefined,
  };
}
