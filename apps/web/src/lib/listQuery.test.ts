import { CUSTOMER_SORT_COLUMNS } from '@hydrolog/schemas';
import { describe, expect, it } from 'vitest';
import { NO_SORT, nextSort, parseSort } from './listQuery.ts';

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
});
