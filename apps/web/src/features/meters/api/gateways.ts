import type { GatewayBody, GatewayKind, GatewayView } from '@hydrolog/schemas';
import { api } from '../../../api/client.ts';
import { exportName } from '../../../api/request.ts';

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

export const listGateways = (query: GatewayListQuery) => api.call('GET /ingest/gateway/list', { query });

export const getGateway = (gatewayId: string) =>
  api.data('GET /ingest/gateway/:gatewayId', { params: { gatewayId } });

export const createGateway = (body: GatewayBody) => api.data('POST /ingest/gateway', { body });

/** A stale version (changed by someone else meanwhile) is refused with a message. */
export const updateGateway = (body: GatewayBody & { gatewayId: string; version: number }) =>
  api.data('PUT /ingest/gateway', { body });

/** A new key; the old one stops working at once. */
export const rotateGatewayKey = (gatewayId: string) =>
  api.data('PUT /ingest/gateway/:gatewayId/rotate', { params: { gatewayId } });

/** Irreversible: the key stops working; the gateway stays listed as revoked. */
export const revokeGateway = (gatewayId: string) =>
  api.call('DELETE /ingest/gateway/:gatewayId', { params: { gatewayId } });

export const exportGateways = (filter: Omit<GatewayListQuery, 'pageNum' | 'pageSize'>) =>
  api.download('POST /ingest/gateway/export', exportName('gateways'), { body: filter });
