import { describe, expect, it } from 'vitest';
import { NO_SORT, querySearch } from '../../lib/listQuery.ts';
import {
  EMPTY_METER_REPLACE_FILTERS,
  meterReplaceFilter,
  parseMeterReplaceQuery,
} from './meterReplaceQuery.ts';

describe('the meter replacement list query in the URL', () => {
  it('defaults to page 1 of 20 without filters, and ignores invalid values', () => {
    expect(
      parseMeterReplaceQuery({ fromDay: '2026-02-30', toDay: 'soon', pageNum: 0, pageSize: 15 }),
    ).toEqual({
      ...EMPTY_METER_REPLACE_FILTERS,
      ...NO_SORT,
      pageNum: 1,
      pageSize: 20,
    });
    expect(parseMeterReplaceQuery({ meterNo: '9'.repeat(40) }).meterNo).toHaveLength(32);
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
    expect(parseMeterReplaceQuery(querySearch(query))).toEqual(query);
    expect(meterReplaceFilter({ ...query, meterNo: '  ', toDay: '' })).toEqual({
      meterNo: undefined,
      fromDay: '2026-03-01',
      toDay: undefined,
    });
  });
});
