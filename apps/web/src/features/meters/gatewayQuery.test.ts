import { describe, expect, it } from 'vitest';
import { apiListQuery, parseListQuery, querySearch } from '../../lib/listQuery.ts';
import { gatewayFilters } from './gatewayQuery.ts';

/** The filters when none is set. */
const NO_GATEWAY_FILTERS = { name: '', kind: '', status: '' };

describe('the gateway list query in the URL', () => {
  it('defaults to page 1 of 20 without filters, and ignores invalid values', () => {
    expect(
      parseListQuery(gatewayFilters, { kind: 'router', status: 'gone', pageNum: -1, pageSize: 7 }),
    ).toEqual({
      ...NO_GATEWAY_FILTERS,
      pageNum: 1,
      pageSize: 20,
    });
    expect(parseListQuery(gatewayFilters, { name: 'x'.repeat(80) }).name).toHaveLength(50);
  });

  it('round-trips filters and page, and sends only the filters that are set', () => {
    const query = {
      name: 'North',
      kind: 'concentrator' as const,
      status: 'revoked' as const,
      pageNum: 3,
      pageSize: 50,
    };
    expect(parseListQuery(gatewayFilters, querySearch(query))).toEqual(query);
    expect(apiListQuery({ ...query, name: '  ', kind: '' })).toEqual({
      pageNum: 3,
      pageSize: 50,
      name: undefined,
      kind: undefined,
      status: 'revoked',
    });
  });
});
