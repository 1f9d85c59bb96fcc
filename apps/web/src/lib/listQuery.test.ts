import { CUSTOMER_SORT_COLUMNS } from '@hydrolog/schemas';
import { describe, expect, it } from 'vitest';
import { parseCustomerQuery } from './customerQuery.ts';
import { filtersOf, NO_SORT, nextSort, parseSort, querySearch, sortOf, sortParams } from './listQuery.ts';

describe('the sort of a list in the URL', () => {
  it('reads a listed column and its direction, ascending when none is given', () => {
    expect(parseSort({ orderByColumn: 'balance', isAsc: 'descending' }, CUSTOMER_SORT_COLUMNS)).toEqual({
      orderByColumn: 'balance',
      isAsc: 'descending',
    });
    expect(parseSort({ orderByColumn: 'name' }, CUSTOMER_SORT_COLUMNS)).toEqual({
      orderByColumn: 'name',
      isAsc: 'ascending',
    });
    // Longer ids than other query options are read whole.
    expect(parseSort({ orderByColumn: 'reportIntervalMinutes' }, ['reportIntervalMinutes'])).toEqual({
      orderByColumn: 'reportIntervalMinutes',
      isAsc: 'ascending',
    });
  });

  it('ignores an unlisted column, a bad direction alone, and a direction without a column', () => {
    expect(parseSort({ orderByColumn: 'customerId', isAsc: 'ascending' }, CUSTOMER_SORT_COLUMNS)).toEqual(
      NO_SORT,
    );
    expect(parseSort({ orderByColumn: 'balance; drop table' }, CUSTOMER_SORT_COLUMNS)).toEqual(NO_SORT);
    expect(parseSort({ isAsc: 'descending' }, CUSTOMER_SORT_COLUMNS)).toEqual(NO_SORT);
    expect(parseSort({ orderByColumn: 'balance', isAsc: 'up' }, CUSTOMER_SORT_COLUMNS)).toEqual({
      orderByColumn: 'balance',
      isAsc: 'ascending',
    });
  });

  it('cycles a header ascending, descending, then the list order; another header starts ascending', () => {
    const ascending = nextSort(NO_SORT, 'name');
    expect(ascending).toEqual({ orderByColumn: 'name', isAsc: 'ascending' });
    const descending = nextSort(ascending, 'name');
    expect(descending).toEqual({ orderByColumn: 'name', isAsc: 'descending' });
    expect(nextSort(descending, 'name')).toEqual(NO_SORT);
    expect(nextSort(descending, 'balance')).toEqual({ orderByColumn: 'balance', isAsc: 'ascending' });
  });

  it('round-trips through the URL beside the filters and page, and is left out when not set', () => {
    const query = parseCustomerQuery({
      name: 'Wang',
      orderByColumn: 'openTime',
      isAsc: 'descending',
      pageNum: 3,
    });
    const search = querySearch(query);
    expect(search).toEqual({ name: 'Wang', orderByColumn: 'openTime', isAsc: 'descending', pageNum: 3 });
    expect(parseCustomerQuery(search)).toEqual(query);
    expect(querySearch(parseCustomerQuery({ name: 'Wang' }))).toEqual({ name: 'Wang' });
  });

  it('is not a filter, and goes to the API only when set', () => {
    const query = parseCustomerQuery({ name: 'Wang', orderByColumn: 'balance', isAsc: 'ascending' });
    expect(filtersOf(query)).not.toHaveProperty('orderByColumn');
    expect(filtersOf(query)).not.toHaveProperty('isAsc');
    expect(filtersOf(query)).toMatchObject({ name: 'Wang' });
    expect(sortOf(query)).toEqual({ orderByColumn: 'balance', isAsc: 'ascending' });
    expect(sortOf({ name: 'Wang', pageNum: 1, pageSize: 20 })).toEqual(NO_SORT);
    expect(sortParams(sortOf(query))).toEqual({ orderByColumn: 'balance', isAsc: 'ascending' });
    expect(sortParams(NO_SORT)).toEqual({});
  });
});
