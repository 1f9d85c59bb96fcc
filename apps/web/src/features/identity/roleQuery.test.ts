import { describe, expect, it } from 'vitest';
import { apiListQuery, parseListQuery, querySearch } from '../../lib/listQuery.ts';
import { roleFilters } from './roleQuery.ts';

/** The filters when none is set. */
const NO_ROLE_FILTERS = { roleName: '', roleKey: '', status: '' };

describe('the roles query in the URL', () => {
  it('defaults to page 1 of 20 without filters, and ignores invalid values', () => {
    expect(parseListQuery(roleFilters, {})).toEqual({ ...NO_ROLE_FILTERS, pageNum: 1, pageSize: 20 });
    expect(parseListQuery(roleFilters, { status: 'x', pageNum: -2, pageSize: 7 })).toEqual({
      ...NO_ROLE_FILTERS,
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
    expect(querySearch({ ...NO_ROLE_FILTERS, pageNum: 1, pageSize: 20 })).toEqual({});
    expect(apiListQuery({ ...query, roleKey: ' ' })).toEqual({
      pageNum: 2,
      pageSize: 50,
      roleName: 'Valve',
      roleKey: undefined,
      status: '1',
    });
  });
});
