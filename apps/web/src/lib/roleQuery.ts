import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '@hydrolog/schemas';
import type { RoleListQuery } from '../api/organisation.ts';

/** The filter bar of the roles page, as typed. */
export interface RoleFilters {
  roleName: string;
  roleKey: string;
  status: '' | '0' | '1';
}

export const EMPTY_ROLE_FILTERS: RoleFilters = { roleName: '', roleKey: '', status: '' };

/** The list query as kept in the URL: filters and page. */
export interface RoleQuery extends RoleFilters {
  pageNum: number;
  pageSize: number;
}

const text = (value: unknown, max: number): string =>
  typeof value === 'string' || typeof value === 'number' ? String(value).trim().slice(0, max) : '';

/** Reads the query from URL search params; anything invalid falls back to its default. */
export function parseRoleQuery(search: Record<string, unknown>): RoleQuery {
  const status = text(search.status, 1);
  const pageNum = Number(search.pageNum);
  const pageSize = Number(search.pageSize);
  return {
    roleName: text(search.roleName, 30),
    roleKey: text(search.roleKey, 50),
    status: status === '0' || status === '1' ? status : '',
    pageNum: Number.isInteger(pageNum) && pageNum >= 1 ? pageNum : 1,
    pageSize: (PAGE_SIZES as readonly number[]).includes(pageSize) ? pageSize : DEFAULT_PAGE_SIZE,
  };
}

/** The URL search params of a query: empty filters and default page values are left out. */
export function roleQuerySearch(query: RoleQuery): Record<string, string | number> {
  const search: Record<string, string | number> = {};
  if (query.roleName.trim()) search.roleName = query.roleName.trim();
  if (query.roleKey.trim()) search.roleKey = query.roleKey.trim();
  if (query.status) search.status = query.status;
  if (query.pageNum !== 1) search.pageNum = query.pageNum;
  if (query.pageSize !== DEFAULT_PAGE_SIZE) search.pageSize = query.pageSize;
  return search;
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

/** The last page that still has rows once `removed` rows of the current page are gone. */
export function rolePageAfterRemoval(query: RoleQuery, total: number, removed: number): number {
  const lastPage = Math.max(1, Math.ceil((total - removed) / query.pageSize));
  return Math.min(query.pageNum, lastPage);
}
