import { describe, expect, it } from 'vitest';
import { apiListQuery, parseListQuery } from '../../lib/listQuery.ts';
import { centreFilters, noticeFilters } from './noticeQuery.ts';

describe('notice queries in the URL', () => {
  it('keeps valid filters and drops invalid ones', () => {
    const query = parseListQuery(noticeFilters, {
      noticeTitle: '  Water  ',
      noticeType: '3',
      status: 'published',
      pageSize: 30,
    });
    expect(query).toEqual({
      noticeTitle: 'Water',
      noticeType: '',
      status: 'published',
      pageNum: 1,
      pageSize: 30,
    });
    expect(apiListQuery(query)).toEqual({
      pageNum: 1,
      pageSize: 30,
      noticeTitle: 'Water',
      noticeType: undefined,
      status: 'published',
    });
  });

  it('opens the notice centre on the all tab unless a known tab is asked for', () => {
    expect(parseListQuery(centreFilters, {}).tab).toBe('all');
    expect(parseListQuery(centreFilters, { tab: 'system' }).tab).toBe('system');
    expect(parseListQuery(centreFilters, { tab: 'other' }).tab).toBe('all');
  });
});
