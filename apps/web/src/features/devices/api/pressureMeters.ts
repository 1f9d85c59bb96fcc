import type { PressureMeterBody, PressureMeterListQuery, UpdatePressureMeterBody } from '@hydrolog/schemas';
import { api } from '../../../api/client.ts';
import { exportName } from '../../../api/request.ts';

/** Pressure meters of the caller's tenant with their latest pressure and state (/device/pressure). */
export const listPressureMeters = (query: { pageNum: number; pageSize: number } & PressureMeterListQuery) =>
  api.call('GET /device/pressure/list', { query });
export const getPressureMeter = (pressureMeterId: string) =>
  api.data('GET /device/pressure/:pressureMeterId', { params: { pressureMeterId } });
/** Without a day, the tenant's today. */
export const pressureAnalysis = (pressureMeterId: string, day?: string) =>
  api.data('GET /device/pressure/:pressureMeterId/analysis', { params: { pressureMeterId }, query: { day } });
export const pressureTrend = (pressureMeterId: string, days: number) =>
  api.data('GET /device/pressure/:pressureMeterId/trend', { params: { pressureMeterId }, query: { days } });
export const createPressureMeter = (body: PressureMeterBody) => api.data('POST /device/pressure', { body });
export const updatePressureMeter = (body: UpdatePressureMeterBody) =>
  api.data('PUT /device/pressure', { body });
export const deletePressureMeters = (ids: readonly string[]) =>
  api.call('DELETE /device/pressure/:ids', { params: { ids: ids.join(',') } });
export const exportPressureMeters = (filter: PressureMeterListQuery) =>
  api.download('POST /device/pressure/export', exportName('pressure-meters'), { body: filter });
export const listPressureAlarms = (
  query: { pageNum: number; pageSize: number } & { pressureMeterId?: string },
) => api.call('GET /device/pressure/alarm/list', { query });
