import type { FlowMeterBody, FlowMeterListQuery, UpdateFlowMeterBody } from '@hydrolog/schemas';
import { api } from '../../../api/client.ts';
import { exportName } from '../../../api/request.ts';

/** District and bulk flow meters of the caller's tenant with their latest values (/device/flow). */
export const listFlowMeters = (query: { pageNum: number; pageSize: number } & FlowMeterListQuery) =>
  api.call('GET /device/flow/list', { query });
export const getFlowMeter = (flowMeterId: string) =>
  api.data('GET /device/flow/:flowMeterId', { params: { flowMeterId } });
export const createFlowMeter = (body: FlowMeterBody) => api.data('POST /device/flow', { body });
export const updateFlowMeter = (body: UpdateFlowMeterBody) => api.data('PUT /device/flow', { body });
export const deleteFlowMeters = (ids: readonly string[]) =>
  api.call('DELETE /device/flow/:ids', { params: { ids: ids.join(',') } });
export const exportFlowMeters = (filter: FlowMeterListQuery) =>
  api.download('POST /device/flow/export', exportName('flow-meters'), { body: filter });
