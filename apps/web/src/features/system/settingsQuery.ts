import { z } from 'zod';
import { filterField, type PageQuery } from '../../lib/listQuery.ts';
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

export const configFilters = z.object({
  configName: filterField.text(100),
  configKey: filterField.text(100),
  configType: filterField.option(CONFIG_TYPES),
});

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

export const dictFilters = z.object({
  dictType: filterField.text(100),
  dictLabel: filterField.text(100),
  status: filterField.option(STATUSES),
});

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
