import type {
  CommandFailure,
  MeterBody,
  MeterChangeBody,
  MeterCommandKind,
  MeterCommandStateQuery,
  MeterCommandStatus,
  MeterGroupBody,
  MeterGroupListQuery,
  MeterListQuery,
  MeterTypeBody,
  MeterTypeListQuery,
} from '@hydrolog/schemas';
import { api } from '../../../api/client.ts';
import { exportName, fileForm } from '../../../api/request.ts';

/** Meter types and meters of the caller's tenant (/business/meterType, /business/meter). */
type Page = { pageNum: number; pageSize: number };

export const listMeterTypes = (query: Page & MeterTypeListQuery) =>
  api.call('GET /business/meterType/list', { query });

export const meterTypeOptions = () => api.data('GET /business/meterType/optionselect');

export const getMeterType = (meterTypeId: string) =>
  api.data('GET /business/meterType/:meterTypeId', { params: { meterTypeId } });

export const createMeterType = (body: MeterTypeBody) => api.data('POST /business/meterType', { body });

export const updateMeterType = (body: MeterTypeBody & { meterTypeId: string; version: number }) =>
  api.data('PUT /business/meterType', { body });

/** Refused while a meter uses one of them; nothing is deleted then. */
export const deleteMeterTypes = (meterTypeIds: readonly string[]) =>
  api.call('DELETE /business/meterType/:meterTypeIds', { params: { meterTypeIds: meterTypeIds.join(',') } });

export const exportMeterTypes = (filter: MeterTypeListQuery) =>
  api.download('POST /business/meterType/export', exportName('meter-types'), { body: filter });

export const listMeters = (query: Page & MeterListQuery) => api.call('GET /business/meter/list', { query });

export const getMeter = (meterId: string) =>
  api.data('GET /business/meter/:meterId', { params: { meterId } });

export const createMeter = (body: MeterBody) => api.data('POST /business/meter', { body });

export const updateMeter = (body: MeterChangeBody) => api.data('PUT /business/meter', { body });

/** Only meters that never reported and are on no account; one refused leaves all in place. */
export const deleteMeters = (meterIds: readonly string[]) =>
  api.call('DELETE /business/meter/:meterIds', { params: { meterIds: meterIds.join(',') } });

export const exportMeters = (filter: MeterListQuery) =>
  api.download('POST /business/meter/export', exportName('meters'), { body: filter });

export const downloadMeterTemplate = () =>
  api.download('POST /business/meter/importTemplate', 'meter-import-template.xlsx');

/** Good rows are registered; each bad row comes back with its row number and reason. */
export const importMeters = (file: File) => api.data('POST /business/meter/import', { body: fileForm(file) });

export const listMeterGroups = (query: Page & MeterGroupListQuery) =>
  api.call('GET /business/group/list', { query });

export const getMeterGroup = (groupId: string) =>
  api.data('GET /business/group/:groupId', { params: { groupId } });

export const createMeterGroup = (body: MeterGroupBody) => api.data('POST /business/group', { body });

export const updateMeterGroup = (body: MeterGroupBody & { groupId: string; version: number }) =>
  api.data('PUT /business/group', { body });

export const deleteMeterGroups = (groupIds: readonly string[]) =>
  api.call('DELETE /business/group/:groupIds', { params: { groupIds: groupIds.join(',') } });

export const exportMeterGroups = (filter: MeterGroupListQuery) =>
  api.download('POST /business/group/export', exportName('meter-groups'), { body: filter });

export const listGroupMeters = (groupId: string, page: Page) =>
  api.call('GET /business/group/:groupId/meters', { params: { groupId }, query: page });

/** Unknown numbers refuse the whole request (with the numbers); meters already in the group are skipped. */
export const addGroupMeters = (groupId: string, meterNos: readonly string[]) =>
  api.data('POST /business/group/:groupId/meters', { params: { groupId }, body: { meterNos } });

export const removeGroupMeters = (groupId: string, meterIds: readonly string[]) =>
  api.data('DELETE /business/group/:groupId/meters/:meterIds', {
    params: { groupId, meterIds: meterIds.join(',') },
  });

/** Meters with their latest valve command (valve page) or key update (key update page). */
export const listValveMeters = (query: Page & MeterCommandStateQuery) =>
  api.call('GET /business/valve/meters', { query });

export const listKeyUpdateMeters = (query: Page & MeterCommandStateQuery) =>
  api.call('GET /business/keyUpdate/meters', { query });

export const exportValveMeters = (filter: MeterCommandStateQuery) =>
  api.download('POST /business/valve/export', exportName('valve-operation'), { body: filter });

/** The meters with their latest key update; a key is never exported. */
export const exportKeyUpdateMeters = (filter: MeterCommandStateQuery) =>
  api.download('POST /business/keyUpdate/export', exportName('key-updates'), { body: filter });

/** Remote valve open or close of one meter or a batch: all are checked first, one refused refuses all. */
export const operateValves = (action: 'open' | 'close', meterIds: readonly string[]) =>
  api.data(`POST /business/valve/${action}`, { body: { meterIds } });

export const sendMeterKey = (meterId: string, key: string) =>
  api.data('POST /business/keyUpdate/send', { body: { meterId, key } });

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
  api.call('GET /business/keyUpdate/list', { query });

/** A valve or key-update command with its status (its key is never listed). */
export interface MeterCommandRecord extends KeyUpdateRecord {
  kind: MeterCommandKind;
  gatewayId: string | null;
  deadline: string | null;
  failure: CommandFailure | null;
}

/** Valve and key-update commands, newest first: of one meter (`meterId`) or of numbers containing `meterNo`. */
export const listMeterCommands = (
  query: Page & { meterId?: string; meterNo?: string; kind?: MeterCommandKind },
) => api.call('GET /business/valve/list', { query });
