import { CUSTOMER_SORT_COLUMNS, freeMeterQuerySchema } from '@hydrolog/schemas';
import { describe, expect, it } from 'vitest';
import { filtersOf, NO_SORT, parseListQuery, querySearch, sortOf, sortParams } from '../../lib/listQuery.ts';
import {
  customerFilter,
  customerFilters,
  EMPTY_CUSTOMER_FILTERS,
  isCustomerFiltered,
  meterSearchOf,
} from './customerQuery.ts';

describe('customer list query', () => {
  it('keeps valid filters from the URL and drops invalid ones', () => {
    const query = parseListQuery(customerFilters, {
      accountNo: ' A0001 ',
      status: 'frozen',
      customerTypeId: 'not-a-uuid',
      pageSize: 50,
      pageNum: 3,
    });
    expect(query).toMatchObject({
      accountNo: 'A0001',
      status: 'frozen',
      customerTypeId: '',
      pageSize: 50,
      pageNum: 3,
    });
    expect(parseListQuery(customerFilters, { status: 'closed', pageSize: 7 })).toMatchObject({
      status: '',
      pageSize: 20,
    });
  });

  it('sends only the filters that are set', () => {
    expect(customerFilter({ ...EMPTY_CUSTOMER_FILTERS, meterNo: '1001' })).toEqual({
      accountNo: undefined,
      name: undefined,
      phone: undefined,
      meterNo: '1001',
      customerTypeId: undefined,
      status: undefined,
    });
    expect(isCustomerFiltered(EMPTY_CUSTOMER_FILTERS)).toBe(false);
    expect(isCustomerFiltered({ ...EMPTY_CUSTOMER_FILTERS, status: 'active' })).toBe(true);
  });
});

describe('the sort of the customer list in the URL', () => {
  it('round-trips through the URL beside the filters and page, and is left out when not set', () => {
    const query = parseListQuery(
      customerFilters,
      {
        name: 'Wang',
        orderByColumn: 'openTime',
        isAsc: 'descending',
        pageNum: 3,
      },
      CUSTOMER_SORT_COLUMNS,
    );
    const search = querySearch(query);
    expect(search).toEqual({ name: 'Wang', orderByColumn: 'openTime', isAsc: 'descending', pageNum: 3 });
    expect(parseListQuery(customerFilters, search, CUSTOMER_SORT_COLUMNS)).toEqual(query);
    expect(querySearch(parseListQuery(customerFilters, { name: 'Wang' }, CUSTOMER_SORT_COLUMNS))).toEqual({
      name: 'Wang',
    });
  });

  it('is not a filter, and goes to the API only when set', () => {
    const query = parseListQuery(
      customerFilters,
      { name: 'Wang', orderByColumn: 'balance', isAsc: 'ascending' },
      CUSTOMER_SORT_COLUMNS,
    );
    expect(filtersOf(query)).not.toHaveProperty('orderByColumn');
    expect(filtersOf(query)).not.toHaveProperty('isAsc');
    expect(filtersOf(query)).toMatchObject({ name: 'Wang' });
    expect(sortOf(query)).toEqual({ orderByColumn: 'balance', isAsc: 'ascending' });
    expect(sortOf({ name: 'Wang', pageNum: 1, pageSize: 20 })).toEqual(NO_SORT);
    expect(sortParams(sortOf(query))).toEqual({ orderByColumn: 'balance', isAsc: 'ascending' });
    expect(sortParams(NO_SORT)).toEqual({});
  });
});

describe('the meter picker search', () => {
  it('searches a picked label, or the label edited, by its meter number', () => {
    expect(meterSearchOf('72000001 · NB-IoT household (daily upload)')).toBe('72000001');
    expect(meterSearchOf('72000001 · NB-IoT household (daily uploa')).toBe('72000001');
    expect(meterSearchOf('72000001 ·')).toBe('72000001');
    expect(meterSearchOf('  7200 ')).toBe('7200');
    expect(meterSearchOf('')).toBe('');
  });

  it('never asks the server more than it takes, whatever is typed', () => {
    const typed = ['9'.repeat(60), `  ${'1'.repeat(40)} · Valve`, 'x'.repeat(100), ' · ·  ', '%_\\'];
    for (const text of typed) {
      const search = meterSearchOf(text);
      expect(search.length).toBeLessThanOrEqual(32);
      expect(freeMeterQuerySchema.safeParse({ meterNo: search }).success).toBe(true);
    }
    // The server still refuses a longer search than a meter number.
    expect(freeMeterQuerySchema.safeParse({ meterNo: '9'.repeat(33) }).success).toBe(false);
  });
});
