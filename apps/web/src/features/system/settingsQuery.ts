import { type PageQuery, parsePage, queryOption, queryText } from '../../lib/listQuery.ts';
import type { ConfigListQuery, DictDataListQuery } from './api/settings.ts';

const CONFIG_TYPES = ['Y', 'N'] as const;
const STATUSES = ['0', '1'] as const;

/** The filter bar of the configuration page, as typed. */
export interface ConfigFilters {
  configName: string;
  configKey: string;
  configType: '' | 'Y' | 'N';
}

export const EMPTY_CONFIG_FILTERS: ConfigFilters = { configName: '', configKey: '', configType: '' };

/** The configuration list query as kept in the URL: filters and page. */
export interface ConfigQuery extends ConfigFilters, PageQuery {}

/** Reads the query from URL search params; anything invalid falls back to its default. */
export function parseConfigQuery(search: Record<string, unknown>): ConfigQuery {
  return {
    configName: queryText(search.configName, 100),
    configKey: queryText(search.configKey, 100),
    configType: queryOption(search.configType, CONFIG_TYPES),
    ...parsePage(search),
  };
}

/** The query string of GET /system/config/list. */
export function configListQuery(query: ConfigQuery): ConfigListQuery {
  return {
    pageNum: query.pageNum,
    pageSize: query.pageSize,
    configName: query.configName.trim() || undefined,
    configKey: query.configKey.trim() || undefined,
    configType: query.configType || undefined,
  };
}

/** The filter bar of the dictionary page, as typed. */
export interface DictFilters {
  dictType: string;
  dictLabel: string;
  status: '' | '0' | '1';
}

export const EMPTY_DICT_FILTERS: DictFilters = { dictType: '', dictLabel: '', status: '' };

/** The dictionary list query as kept in the URL: filters and page. */
export interface DictQuery extends DictFilters, PageQuery {}

export function parseDictQuery(search: Record<string, unknown>): DictQuery {
  return {
    dictType: queryText(search.dictType, 100),
    dictLabel: queryText(search.dictLabel, 100),
    status: queryOption(search.status, STATUSES),
    ...parsePage(search),
  };
}

/** The query string of GET /system/dict/data/list. */
export function dictListQuery(query: DictQuery): DictDataListQuery {
  return {
    pageNum: query.pageNum,
    pageSize: query.pageSize,
    dictType: query.dictType.trim() || undefined,
    dictLabel: query.dictLabel.trim() || undefined,
    status: query.status || undefined,
  };
}
