import { METER_REPLACEMENT_SORT_COLUMNS } from '@hydrolog/schemas';
import { describe, expect, it } from 'vitest';
import { NO_SORT, parseListQuery, querySearch } from '../../lib/listQuery.ts';
import { EMPTY_METER_REPLACE_FILTERS, meterReplaceFilter, meterReplaceFilters } from './meterReplaceQuery.ts';

describe('the meter replacement list query in the URL', () => {
  it('defaults to page 1 of 20 without filters, and ignores invalid values', () => {
    expect(
      parseListQuery(
        meterReplaceFilters,
        { fromDay: '2026-02-30', toDay: 'soon', pageNum: 0, pageSize: 15 },
        METER_REPLACEMENT_SORT_COLUMNS,
      ),
    ).toEqual({
      ...EMPTY_METER_REPLACE_FILTERS,
      ...NO_SORT,
      pageNum: 1,
      pageSize: 20,
    });
    expect(parseListQuery(meterReplaceFilters, { meterNo: '9'.repeat(40) }).meterNo).toHaveLength(32);
  });

  it('round-trips filters, sort and page, and sends only the filters that are set', () => {
    const query = {
      meterNo: '8101',
      fromDay: '2026-03-01',
      toDay: '2026-03-31',
      orderByColumn: 'newInitialReading',
      isAsc: 'descending',
      pageNum: 2,
      pageSize: 50,
    } as const;
    expect(parseListQuery(meterReplaceFilters, querySearch(query), METER_REPLACEMENT_SORT_COLUMNS)).toEqual(
      query,
    );
    expect(meterReplaceFilter({ ...query, meterNo: '  ', toDay: '' })).toEqual({
      meterNo: undefined,
      fromDay: '2026-03-01',
      toDay: undefined,
    });
  });
});
