import { DomainError } from '@hydrolog/domain';
import { getGateway } from '@hydrolog/projections';
import type { GatewayView } from '@hydrolog/schemas';
import type { FastifyRequest } from 'fastify';
import { readAsCaller } from '../auth/guard.ts';
import type { Services } from '../services.ts';

/** A gateway's new key, answered once: only its hash is kept. */
export type GatewayKey = { gatewayId: string; key: string };

/** The caller's gateway, or "not found" (also for another tenant's id). */
export async function gatewayOf(
  db: Services['db'],
  request: FastifyRequest,
  gatewayId: string,
): Promise<GatewayView> {
  const found = await readAsCaller(db, request, (sql) => getGateway(sql, gatewayId));
  if (!found) throw new DomainError('error.gateway.notFound');
  return found;
}
