import type { MeterMoveBody, MeterMoveCandidateQuery, MeterMoveListQuery } from '@hydrolog/schemas';
import { api } from '../../../api/client.ts';
import { exportName } from '../../../api/request.ts';

/** Meters moved between tenants (/tenant/meterMove, platform operators). */
type Page = { pageNum: number; pageSize: number };

export const listMeterMoves = (query: Page & MeterMoveListQuery) =>
  api.call('GET /tenant/meterMove/list', { query });

export const moveTenantOptions = async (name: string) =>
  (await api.call('GET /tenant/meterMove/tenants', { query: { name } })).data;

export const tenantTypes = async (tenantId: string) =>
  (await api.call('GET /tenant/meterMove/types/:tenantId', { params: { tenantId } })).data;

export const listMoveCandidates = (query: Page & MeterMoveCandidateQuery) =>
  api.call('GET /tenant/meterMove/meters', { query });

/** Irreversible from here: the meters, their accounts and history belong to the target tenant after. */
export const moveMeters = (body: MeterMoveBody) => api.call('POST /tenant/meterMove', { body });

export const exportMeterMoves = (filter: MeterMoveListQuery) =>
  api.download('POST /tenant/meterMove/export', exportName('meter-moves'), { body: filter });
