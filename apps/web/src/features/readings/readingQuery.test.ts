import { en } from '@hydrolog/schemas/messages/en';
import { zhCN } from '@hydrolog/schemas/messages/zh-CN';
import { describe, expect, it } from 'vitest';
import {
  historySearch,
  lastDaysUntil,
  meterNoError,
  parseHistoryQuery,
  parseReadingRateQuery,
  readingRateSearch,
} from './readingQuery.ts';

describe('the reading rate query in the URL', () => {
  it('is 30 or 180 days, 30 by default and left out of the URL', () => {
    expect(parseReadingRateQuery({})).toEqual({ days: 30 });
    expect(parseReadingRateQuery({ days: 180 })).toEqual({ days: 180 });
    expect(parseReadingRateQuery({ days: '180' })).toEqual({ days: 180 });
    expect(parseReadingRateQuery({ days: 90 })).toEqual({ days: 30 });
    expect(readingRateSearch({ days: 30 })).toEqual({});
    expect(parseReadingRateQuery(readingRateSearch({ days: 180 }))).toEqual({ days: 180 });
  });
});

describe('the meter history query in the URL', () => {
  const today = '2026-11-23';

  it('opens on the last 7 days of the tenant, without a meter', () => {
    expect(parseHistoryQuery({}, today)).toEqual({ meterNo: '', from: '2026-11-17', to: '2026-11-23' });
    expect(historySearch(parseHistoryQuery({}, today))).toEqual({});
  });

  it('keeps meter and range, reads a backwards range the right way round, drops what is invalid', () => {
    const query = { meterNo: '9000000001', from: '2026-10-01', to: '2026-10-31' };
    expect(parseHistoryQuery(historySearch(query), today)).toEqual(query);
    // Numbers as the router may hand them over.
    expect(parseHistoryQuery({ meterNo: 9000000001, from: '2026-10-31', to: '2026-10-01' }, today)).toEqual(
      query,
    );
    expect(parseHistoryQuery({ meterNo: '12a', from: '2026-02-30', to: '2026-10-01' }, today)).toEqual({
      meterNo: '',
      ...lastDaysUntil(7, today),
    });
  });

  it('knows the spec presets of 7, 30 and 90 days ending today', () => {
    expect(lastDaysUntil(30, today)).toEqual({ from: '2026-10-25', to: today });
    expect(lastDaysUntil(90, today)).toEqual({ from: '2026-08-26', to: today });
  });

  it('checks the meter number with the shared schema, in the user’s language', () => {
    expect(meterNoError('1000000001', en)).toBeNull();
    expect(meterNoError(' ', en)).toBe('Required');
    expect(meterNoError('12a', en)).toBe('The meter number must be digits only (at most 32)');
    expect(meterNoError('1'.repeat(33), zhCN)).toBe('表号只能是数字（最多 32 位）');
  });
});
