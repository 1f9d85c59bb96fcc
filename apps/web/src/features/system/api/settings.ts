import type { DictDataView } from '@hydrolog/schemas';
import { api } from '../../../api/client.ts';

/** System configuration parameters (spec section 7, /system/config; platform operators). */
export interface ConfigListQuery {
  pageNum: number;
  pageSize: number;
  configName?: string;
  configKey?: string;
  configType?: 'Y' | 'N';
}

export interface ConfigInput {
  configName: string;
  configKey: string;
  configValue: string;
  configType: 'Y' | 'N';
  remark?: string;
}

export const listConfigs = (query: ConfigListQuery) => api.call('GET /system/config/list', { query });

export const getConfig = (configId: string) =>
  api.data('GET /system/config/:configId', { params: { configId } });

export const createConfig = (body: ConfigInput) => api.data('POST /system/config', { body });

export const updateConfig = (body: ConfigInput & { configId: string }) =>
  api.data('PUT /system/config', { body });

/** Built-in parameters are refused (the whole request, with a message). */
export const deleteConfigs = (configIds: readonly string[]) =>
  api.call('DELETE /system/config/:ids', { params: { ids: configIds.join(',') } });

export const clearConfigCache = () => api.call('DELETE /system/config/clearCache');

/** Dictionary data (spec section 7, /system/dict/data; platform operators). */
export interface DictDataListQuery {
  pageNum: number;
  pageSize: number;
  dictType?: string;
  dictLabel?: string;
  status?: '0' | '1';
}

export type DictListClass = DictDataView['listClass'];

export interface DictDataInput {
  dictType: string;
  dictValue: string;
  labels: DictDataView['labels'];
  dictSort: number;
  cssClass?: string;
  listClass: DictListClass;
  isDefault: 'Y' | 'N';
  status: '0' | '1';
  remark?: string;
}

export const listDictData = (query: DictDataListQuery) => api.call('GET /system/dict/data/list', { query });

export const getDictData = (dictCode: string) =>
  api.data('GET /system/dict/data/:dictCode', { params: { dictCode } });

export const createDictData = (body: DictDataInput) => api.data('POST /system/dict/data', { body });

export const updateDictData = (body: DictDataInput & { dictCode: string }) =>
  api.data('PUT /system/dict/data', { body });

export const deleteDictData = (dictCodes: readonly string[]) =>
  api.call('DELETE /system/dict/data/:ids', { params: { ids: dictCodes.join(',') } });
