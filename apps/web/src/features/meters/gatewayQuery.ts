import type { GatewayKind, GatewayView } from '@hydrolog/schemas';
import { z } from 'zod';
import { filterField, type PageQuery } from '../../lib/listQuery.ts';
import type { GatewayListQuery } from './api/gateways.ts';

export const GATEWAY_KINDS = ['gateway', 'concentrator'] as const satisfies readonly GatewayKind[];
export const GATEWAY_STATUSES = ['active', 'revoked'] as const satisfies readonly GatewayView['status'][];

/** The filter bar of the gateways page, as typed. */
export interface GatewayFilters {
  name: string;
  kind: GatewayKind | '';
  status: GatewayView['status'] | '';
}

export const EMPTY_GATEWAY_FILTERS: GatewayFilters = { name: '', kind: '', status: '' };

/** The gateway list query as kept in the URL: filters and page. */
export interface GatewayQuery extends GatewayFilters, PageQuery {}

/** Reads the query from URL search params; anything invalid falls back to its default. */
export const gatewayFilters = z.object({
  name: filterField.text(50),
  kind: filterField.option(GATEWAY_KINDS),
  status: filterField.option(GATEWAY_STATUSES),
});

/** The filters of GET /ingest/gateway/list and of the export. */
export function gatewayFilter(filters: GatewayFilters): Omit<GatewayListQuery, 'pageNum' | 'pageSize'> {
  return {
    name: filters.name.trim() || undefined,
    kind: filters.kind || undefined,
    status: filters.status || undefined,
  };
}

/** The query string of GET /ingest/gateway/list. */
export function gatewayListQuery(query: GatewayQuery): GatewayListQuery {
  return { pageNum: query.pageNum, pageSize: query.pageSize, ...gatewayFilter(query) };
}

/** Whether any filter is set: an empty answer then means "no match", not "no gateway yet". */
export const isFiltered = (filters: GatewayFilters): boolean =>
  Object.values(gatewayFilter(filters)).some((v) => v !== undefined);
