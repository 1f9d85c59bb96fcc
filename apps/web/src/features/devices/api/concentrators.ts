import type { ConcentratorBody, ConcentratorListQuery, UpdateConcentratorBody } from '@hydrolog/schemas';
import { api } from '../../../api/client.ts';
import { exportName } from '../../../api/request.ts';

/** Concentrators of the caller's tenant: the gateway registry's concentrators (/device/concentrator). */
export const listConcentrators = (query: { pageNum: number; pageSize: number } & ConcentratorListQuery) =>
  api.call('GET /device/concentrator/list', { query });
export const getConcentrator = (concentratorId: string) =>
  api.data('GET /device/concentrator/:concentratorId', { params: { concentratorId } });
/** Answers the new concentrator's gateway key, this once. */
export const createConcentrator = (body: ConcentratorBody) => api.data('POST /device/concentrator', { body });
export const updateConcentrator = (body: UpdateConcentratorBody) =>
  api.data('PUT /device/concentrator', { body });
export const deleteConcentrators = (ids: readonly string[]) =>
  api.call('DELETE /device/concentrator/:ids', { params: { ids: ids.join(',') } });
export const exportConcentrators = (filter: ConcentratorListQuery) =>
  api.download('POST /device/concentrator/export', exportName('concentrators'), { body: filter });
