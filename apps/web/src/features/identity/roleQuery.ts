import { z } from 'zod';
import { filterField, type PageQuery } from '../../lib/listQuery.ts';
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

export const roleFilters = z.object({
  roleName: filterField.text(30),
  roleKey: filterField.text(50),
  status: filterField.option(STATUSES),
});

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
