import type { ConfigView, DictDataView } from '@hydrolog/schemas';
import { request, requestData } from '../../../api/request.ts';

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

export const listConfigs = (query: ConfigListQuery) =>
  request<{ code: number; total: number; rows: ConfigView[] }>('/system/config/list', {
    query: { ...query },
  });

export const getConfig = (configId: string) => requestData<ConfigView>(`/system/config/${configId}`);

export const createConfig = (body: ConfigInput) =>
  requestData<ConfigView>('/system/config', { method: 'POST', body });

export const updateConfig = (body: ConfigInput & { configId: string }) =>
  requestData<ConfigView>('/system/config', { method: 'PUT', body });

/** Built-in parameters are refused (the whole request, with a message). */
export const deleteConfigs = (configIds: readonly string[]) =>
  request<{ code: number }>(`/system/config/${configIds.join(',')}`, { method: 'DELETE' });

export const clearConfigCache = () =>
  request<{ code: number }>('/system/config/clearCache', { method: 'DELETE' });

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

export const listDictData = (query: DictDataListQuery) =>
  request<{ code: number; total: number; rows: DictDataView[] }>('/system/dict/data/list', {
    query: { ...query },
  });

export const getDictData = (dictCode: string) => requestData<DictDataView>(`/system/dict/data/${dictCode}`);

export const createDictData = (body: DictDataInput) =>
  requestData<DictDataView>('/system/dict/data', { method: 'POST', body });

export const updateDictData = (body: DictDataInput & { dictCode: string }) =>
  requestData<DictDataView>('/system/dict/data', { method: 'PUT', body });

export const deleteDictData = (dictCodes: readonly string[]) =>
  request<{ code: number }>(`/system/dict/data/${dictCodes.join(',')}`, { method: 'DELETE' });
