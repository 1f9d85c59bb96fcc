import type {
  MeterMoveBody,
  MeterMoveCandidate,
  MeterMoveCandidateQuery,
  MeterMoveListQuery,
  MeterMoveView,
  TenantOption,
  TenantTypes,
} from '@hydrolog/schemas';
import { download, exportName, request } from '../../../api/request.ts';

/** Meters moved between tenants (/tenant/meterMove, platform operators). */
type Page = { pageNum: number; pageSize: number };

export const listMeterMoves = (query: Page & MeterMoveListQuery) =>
  request<{ code: number; total: number; rows: MeterMoveView[] }>('/tenant/meterMove/list', {
    query: { ...query },
  });

export const moveTenantOptions = async (name: string) =>
  (await request<{ code: number; data: TenantOption[] }>('/tenant/meterMove/tenants', { query: { name } }))
    .data;

export const tenantTypes = async (tenantId: string) =>
  (await request<{ code: number; data: TenantTypes }>(`/tenant/meterMove/types/${tenantId}`)).data;

export const listMoveCandidates = (query: Page & MeterMoveCandidateQuery) =>
  request<{ code: number; total: number; rows: MeterMoveCandidate[] }>('/tenant/meterMove/meters', {
    query: { ...query },
  });

/** Irreversible from here: the meters, their accounts and history belong to the target tenant after. */
export const moveMeters = (body: MeterMoveBody) =>
  request<{ code: number }>('/tenant/meterMove', { method: 'POST', body });

export const exportMeterMoves = (filter: MeterMoveListQuery) =>
  download('/tenant/meterMove/export', { ...filter }, exportName('meter-moves'));
