import { describe, expect, it } from 'vitest';
import { ownSearch, withOwnSearch } from './useRouteQuery.ts';

describe('the queries of one page URL', () => {
  const search = { tab: 'statistics', from: '2026-01-01', 'alarms.from': '2026-02-01', 'alarms.pageNum': 2 };

  it('reads the page’s own params and a scoped list’s each under their own names', () => {
    expect(ownSearch(search)).toEqual({ tab: 'statistics', from: '2026-01-01' });
    expect(ownSearch(search, 'alarms')).toEqual({ from: '2026-02-01', pageNum: 2 });
    expect(ownSearch(search, 'other')).toEqual({});
  });

  it('writes one query without touching the other’s params', () => {
    expect(withOwnSearch(search, { tab: 'detection' })).toEqual({
      tab: 'detection',
      'alarms.from': '2026-02-01',
      'alarms.pageNum': 2,
    });
    expect(withOwnSearch(search, { kind: 'mnf' }, 'alarms')).toEqual({
      tab: 'statistics',
      from: '2026-01-01',
      'alarms.kind': 'mnf',
    });
  });
});
