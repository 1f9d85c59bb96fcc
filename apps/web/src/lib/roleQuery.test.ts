import { describe, expect, it } from 'vitest';
import {
  EMPTY_ROLE_FILTERS,
  parseRoleQuery,
  roleListQuery,
  rolePageAfterRemoval,
  roleQuerySearch,
} from './roleQuery.ts';

describe('the roles query in the URL', () => {
  it('defaults to page 1 of 20 without filters, and ignores invalid values', () => {
    expect(parseRoleQuery({})).toEqual({ ...EMPTY_ROLE_FILTERS, pageNum: 1, pageSize: 20 });
    expect(parseRoleQuery({ status: 'x', pageNum: -2, pageSize: 7 })).toEqual({
      ...EMPTY_ROLE_FILTERS,
      pageNum: 1,
      pageSize: 20,
    });
  });

  it('round-trips filters and page through the search params', () => {
    const query = {
      roleName: 'Valve',
      roleKey: 'valve_crew',
      status: '1' as const,
      pageNum: 2,
      pageSize: 50,
    };
    expect(parseRoleQuery(roleQuerySearch(query))).toEqual(query);
    expect(roleQuerySearch({ ...EMPTY_ROLE_FILTERS, pageNum: 1, pageSize: 20 })).toEqual({});
    expect(roleListQuery({ ...query, roleKey: ' ' })).toEqual({
      pageNum: 2,
      pageSize: 50,
      roleName: 'Valve',
      roleKey: undefined,
      status: '1',
    });
  });

  it('goes back a page when the last rows of the last page are removed', () => {
    expect(rolePageAfterRemoval({ ...EMPTY_ROLE_FILTERS, pageNum: 3, pageSize: 10 }, 21, 1)).toBe(2);
    expect(rolePageAfterRemoval({ ...EMPTY_ROLE_FILTERS, pageNum: 1, pageSize: 10 }, 5, 5)).toBe(1);
  });
});
