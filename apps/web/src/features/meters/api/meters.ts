import type {
  MeterBody,
  MeterChangeBody,
  MeterCommandKind,
  MeterCommandState,
  MeterCommandStateQuery,
  MeterCommandStatus,
  MeterGroupBody,
  MeterGroupListQuery,
  MeterGroupView,
  MeterImportResult,
  MeterListQuery,
  MeterTypeBody,
  MeterTypeListQuery,
  MeterTypeView,
  MeterView,
} from '@hydrolog/schemas';
import { download, exportName, request, requestData } from '../../../api/request.ts';

/** Meter types and meters of the caller's tenant (/business/meterType, /business/meter). */
type Page = { pageNum: number; pageSize: number };
type ListAnswer<Row> = { code: number; total: number; rows: Row[] };

export const listMeterTypes = (query: Page & MeterTypeListQuery) =>
  request<ListAnswer<MeterTypeView>>('/business/meterType/list', { query: { ...query } });

export const meterTypeOptions = () => requestData<MeterTypeView[]>('/business/meterType/optionselect');

export const getMeterType = (meterTypeId: string) =>
  requestData<MeterTypeView>(`/business/meterType/${meterTypeId}`);

export const createMeterType = (body: MeterTypeBody) =>
  requestData<MeterTypeView>('/business/meterType', { method: 'POST', body });

export const updateMeterType = (body: MeterTypeBody & { meterTypeId: string; version: number }) =>
  requestData<MeterTypeView>('/business/meterType', { method: 'PUT', body });

/** Refused while a meter uses one of them; nothing is deleted then. */
export const deleteMeterTypes = (meterTypeIds: readonly string[]) =>
  request<{ code: number }>(`/business/meterType/${meterTypeIds.join(',')}`, { method: 'DELETE' });

export const exportMeterTypes = (filter: MeterTypeListQuery) =>
  download('/business/meterType/export', { ...filter }, exportName('meter-types'));

export const listMeters = (query: Page & MeterListQuery) =>
  request<ListAnswer<MeterView>>('/business/meter/list', { query: { ...query } });

export const getMeter = (meterId: string) => requestData<MeterView>(`/business/meter/${meterId}`);

export const createMeter = (body: MeterBody) =>
  requestData<MeterView>('/business/meter', { method: 'POST', body });

export const updateMeter = (body: MeterChangeBody) =>
  requestData<MeterView>('/business/meter', { method: 'PUT', body });

/** Only meters that never reported and are on no account; one refused leaves all in place. */
export const deleteMeters = (meterIds: readonly string[]) =>
  request<{ code: number }>(`/business/meter/${meterIds.join(',')}`, { method: 'DELETE' });

export const exportMeters = (filter: MeterListQuery) =>
  download('/business/meter/export', { ...filter }, exportName('meters'));

export const downloadMeterTemplate = () =>
  download('/business/meter/importTemplate', {}, 'meter-import-template.xlsx');

/** Good rows are registered; each bad row comes back with its row number and reason. */
export function importMeters(file: File) {
  const form = new FormData();
  form.append('file', file);
  return requestData<MeterImportResult>('/business/meter/import', { method: 'POST', body: form });
}

export const listMeterGroups = (query: Page & MeterGroupListQuery) =>
  request<ListAnswer<MeterGroupView>>('/business/group/list', { query: { ...query } });

export const getMeterGroup = (groupId: string) => requestData<MeterGroupView>(`/business/group/${groupId}`);

export const createMeterGroup = (body: MeterGroupBody) =>
  requestData<MeterGroupView>('/business/group', { method: 'POST', body });

export const updateMeterGroup = (body: MeterGroupBody & { groupId: string; version: number }) =>
  requestData<MeterGroupView>('/business/group', { method: 'PUT', body });

export const deleteMeterGroups = (groupIds: readonly string[]) =>
  request<{ code: number }>(`/business/group/${groupIds.join(',')}`, { method: 'DELETE' });

export const exportMeterGroups = (filter: MeterGroupListQuery) =>
  download('/business/group/export', { ...filter }, exportName('meter-groups'));

export const listGroupMeters = (groupId: string, page: Page) =>
  request<ListAnswer<MeterView>>(`/business/group/${groupId}/meters`, { query: { ...page } });

/** Unknown numbers refuse the whole request (with the numbers); meters already in the group are skipped. */
export const addGroupMeters = (groupId: string, meterNos: readonly string[]) =>
  requestData<MeterGroupView>(`/business/group/${groupId}/meters`, { method: 'POST', body: { meterNos } });

export const removeGroupMeters = (groupId: string, meterIds: readonly string[]) =>
  requestData<MeterGroupView>(`/business/group/${groupId}/meters/${meterIds.join(',')}`, {
    method: 'DELETE',
  });

/** Meters with their latest valve command (valve page) or key update (key update page). */
export const listValveMeters = (query: Page & MeterCommandStateQuery) =>
  request<ListAnswer<MeterCommandState>>('/business/valve/meters', { query: { ...query } });

export const listKeyUpdateMeters = (query: Page & MeterCommandStateQuery) =>
  request<ListAnswer<MeterCommandState>>('/business/keyUpdate/meters', { query: { ...query } });

export const exportValveMeters = (filter: MeterCommandStateQuery) =>
  download('/business/valve/export', { ...filter }, exportName('valve-operation'));

/** The meters with their latest key update; a key is never exported. */
export const exportKeyUpdateMeters = (filter: MeterCommandStateQuery) =>
  download('/business/keyUpdate/export', { ...filter }, exportName('key-updates'));

/** Remote valve open or close of one meter or a batch: all are checked first, one refused refuses all. */
export const operateValves = (action: 'open' | 'close', meterIds: readonly string[]) =>
  requestData<{ commandIds: string[] }>(`/business/valve/${action}`, { method: 'POST', body: { meterIds } });

export const sendMeterKey = (meterId: string, key: string) =>
  requestData<{ commandIds: string[] }>('/business/keyUpdate/send', {
    method: 'POST',
    body: { meterId, key },
  });

export interface KeyUpdateRecord {
  commandId: string;
  meterId: string;
  meterNo: string;
  status: MeterCommandStatus;
  attempts: number;
  detail: string | null;
  issuedAt: string;
  updatedAt: string;
}

export const listKeyUpdates = (query: Page & { meterNo?: string }) =>
  request<ListAnswer<KeyUpdateRecord>>('/business/keyUpdate/list', { query: { ...query } });

/** A valve or key-update command with its status (its key is never listed). */
export interface MeterCommandRecord extends KeyUpdateRecord {
  kind: MeterCommandKind;
  gatewayId: string | null;
  deadline: string | null;
}

/** Valve and key-update commands, newest first: of one meter (`meterId`) or of numbers containing `meterNo`. */
export const listMeterCommands = (
  query: Page & { meterId?: string; meterNo?: string; kind?: MeterCommandKind },
) => request<ListAnswer<MeterCommandRecord>>('/business/valve/list', { query: { ...query } });
