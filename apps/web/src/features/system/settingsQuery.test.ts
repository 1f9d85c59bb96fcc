import { describe, expect, it } from 'vitest';
import { apiListQuery, parseListQuery, querySearch } from '../../lib/listQuery.ts';
import { configFilters, dictFilters } from './settingsQuery.ts';

/** The filters when none is set. */
const NO_CONFIG_FILTERS = { configName: '', configKey: '', configType: '' };
const NO_DICT_FILTERS = { dictType: '', dictLabel: '', status: '' };

describe('the configuration and dictionary queries in the URL', () => {
  it('default to page 1 of 20 without filters, and ignore invalid values', () => {
    expect(parseListQuery(configFilters, { configType: 'x', pageNum: 0 })).toEqual({
      ...NO_CONFIG_FILTERS,
      pageNum: 1,
      pageSize: 20,
    });
    expect(parseListQuery(dictFilters, { status: '7', pageSize: 3 })).toEqual({
      ...NO_DICT_FILTERS,
      pageNum: 1,
      pageSize: 20,
    });
  });

  it('round-trip filters and page, and send only the filters that are set', () => {
    const config = {
      configName: 'Lock',
      configKey: 'sys.',
      configType: 'Y' as const,
      pageNum: 2,
      pageSize: 50,
    };
    expect(parseListQuery(configFilters, querySearch(config))).toEqual(config);
    expect(apiListQuery({ ...config, configName: ' ' })).toEqual({
      pageNum: 2,
      pageSize: 50,
      configName: undefined,
      configKey: 'sys.',
      configType: 'Y',
    });
    const dict = { dictType: 'alarm_status', dictLabel: '', status: '0' as const, pageNum: 1, pageSize: 10 };
    expect(parseListQuery(dictFilters, querySearch(dict))).toEqual(dict);
    expect(apiListQuery(dict)).toEqual({
      pageNum: 1,
      pageSize: 10,
      dictType: 'alarm_status',
      dictLabel: undefined,
      status: '0',
    });
  });
});
