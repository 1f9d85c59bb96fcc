import type { GatewayKind, GatewayView } from '@hydrolog/schemas';
import { z } from 'zod';
import { filterField } from '../../lib/listQuery.ts';

export const GATEWAY_KINDS = ['gateway', 'concentrator'] as const satisfies readonly GatewayKind[];
export const GATEWAY_STATUSES = ['active', 'revoked'] as const satisfies readonly GatewayView['status'][];

/** Reads the query from URL search params; anything invalid falls back to its default. */
export const gatewayFilters = z.object({
  name: filterField.text(50),
  kind: filterField.option(GATEWAY_KINDS),
  status: filterField.option(GATEWAY_STATUSES),
});
