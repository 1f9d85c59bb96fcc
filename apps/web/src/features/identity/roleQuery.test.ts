import { describe, expect, it } from 'vitest';
import { parseListQuery, querySearch } from '../../lib/listQuery.ts';
import { EMPTY_ROLE_FILTERS, roleFilters, roleListQuery } from './roleQuery.ts';

describe('the roles query in the URL', () => {
  it('defaults to page 1 of 20 without filters, and ignores invalid values', () => {
    expect(parseListQuery(roleFilters, {})).toEqual({ ...EMPTY_ROLE_FILTERS, pageNum: 1, pageSize: 20 });
    expect(parseListQuery(roleFilters, { status: 'x', pageNum: -2, pageSize: 7 })).toEqual({
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
    expect(parseListQuery(roleFilters, querySearch(query))).toEqual(query);
    expect(querySearch({ ...EMPTY_ROLE_FILTERS, pageNum: 1, pageSize: 20 })).toEqual({});
    expect(roleListQuery({ ...query, roleKey: ' ' })).toEqual({
      pageNum: 2,
      pageSize: 50,
      roleName: 'Valve',
      roleKey: undefined,
      status: '1',
    });
  });
});
