import type { GatewayBody, GatewayKind, GatewayView } from '@hydrolog/schemas';
import { download, exportName, request, requestData } from '../../../api/request.ts';

/** The meter gateways and concentrators of the caller's tenant, and their keys (/ingest/gateway). */
export interface GatewayListQuery {
  pageNum: number;
  pageSize: number;
  name?: string;
  kind?: GatewayKind;
  status?: GatewayView['status'];
}

/** A gateway's secret key: answered once, at creation and at each rotation; only its prefix is kept. */
export interface GatewayKey {
  gatewayId: string;
  key: string;
}

export const listGateways = (query: GatewayListQuery) =>
  request<{ code: number; total: number; rows: GatewayView[] }>('/ingest/gateway/list', {
    query: { ...query },
  });

export const getGateway = (gatewayId: string) => requestData<GatewayView>(`/ingest/gateway/${gatewayId}`);

export const createGateway = (body: GatewayBody) =>
  requestData<GatewayKey>('/ingest/gateway', { method: 'POST', body });

/** A stale version (changed by someone else meanwhile) is refused with a message. */
export const updateGateway = (body: GatewayBody & { gatewayId: string; version: number }) =>
  requestData<GatewayView>('/ingest/gateway', { method: 'PUT', body });

/** A new key; the old one stops working at once. */
export const rotateGatewayKey = (gatewayId: string) =>
  requestData<GatewayKey>(`/ingest/gateway/${gatewayId}/rotate`, { method: 'PUT' });

/** Irreversible: the key stops working; the gateway stays listed as revoked. */
export const revokeGateway = (gatewayId: string) =>
  request<{ code: number }>(`/ingest/gateway/${gatewayId}`, { method: 'DELETE' });

export const exportGateways = (filter: Omit<GatewayListQuery, 'pageNum' | 'pageSize'>) =>
  download('/ingest/gateway/export', { ...filter }, exportName('gateways'));
