import { describe, expect, it } from 'vitest';
import { apiListQuery, pageAfterRemoval, parseListQuery, querySearch } from '../../lib/listQuery.ts';
import { userFilters } from './userQuery.ts';

/** The filters when none is set. */
const NO_USER_FILTERS = { userName: '', phonenumber: '', status: '' };

describe('the staff users query in the URL', () => {
  it('defaults to page 1 of 20 without filters', () => {
    expect(parseListQuery(userFilters, {})).toEqual({ ...NO_USER_FILTERS, pageNum: 1, pageSize: 20 });
  });

  it('reads filters and page, also when the router parsed them as numbers', () => {
    expect(
      parseListQuery(userFilters, {
        userName: ' demo ',
        phonenumber: 13800000000,
        status: 1,
        pageNum: 3,
        pageSize: 50,
      }),
    ).toEqual({ userName: 'demo', phonenumber: '13800000000', status: '1', pageNum: 3, pageSize: 50 });
  });

  it('ignores invalid values', () => {
    expect(
      parseListQuery(userFilters, { status: '7', pageNum: -2, pageSize: 25, userName: { a: 1 } }),
    ).toEqual({
      ...NO_USER_FILTERS,
      pageNum: 1,
      pageSize: 20,
    });
  });

  it('leaves defaults out of the URL and round-trips', () => {
    const query = { userName: 'field', phonenumber: '', status: '0' as const, pageNum: 2, pageSize: 20 };
    const search = querySearch(query);
    expect(search).toEqual({ userName: 'field', status: '0', pageNum: 2 });
    expect(parseListQuery(userFilters, search)).toEqual(query);
    expect(querySearch({ ...NO_USER_FILTERS, pageNum: 1, pageSize: 20 })).toEqual({});
  });

  it('sends only the filters that are set', () => {
    expect(apiListQuery({ ...NO_USER_FILTERS, userName: ' x ', pageNum: 1, pageSize: 10 })).toEqual({
      pageNum: 1,
      pageSize: 10,
      userName: 'x',
      phonenumber: undefined,
      status: undefined,
    });
  });

  it('steps back a page when the last rows of the last page are deleted', () => {
    const query = { ...NO_USER_FILTERS, pageNum: 3, pageSize: 10 };
    expect(pageAfterRemoval(query, 21, 1)).toBe(2);
    expect(pageAfterRemoval(query, 25, 2)).toBe(3);
    expect(pageAfterRemoval({ ...query, pageNum: 1 }, 1, 1)).toBe(1);
  });
});
