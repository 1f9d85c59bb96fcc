import { DomainError } from '@hydrolog/domain';
import { getGateway, listGateways } from '@hydrolog/projections';
import type { ConcentratorListQuery, ConcentratorView, GatewayView, PageQuery } from '@hydrolog/schemas';
import type { FastifyRequest } from 'fastify';
import { readAsCaller } from '../auth/guard.ts';
import type { Services } from '../services.ts';

/**
 * Concentrators are the active gateways of kind 'concentrator' (one registry): their number is the gateway's
 * name; a deleted one is a revoked gateway, listed on the gateways page only.
 */
export function concentratorView(gateway: GatewayView): ConcentratorView {
  return {
    concentratorId: gateway.gatewayId,
    number: gateway.name,
    manufacturer: gateway.manufacturer,
    remark: gateway.remark,
    communication: gateway.online ? 'online' : 'offline',
    meterCount: gateway.meterCount,
    lastSeenAt: gateway.lastSeenAt,
    createTime: gateway.createTime,
    statusChangeTime: gateway.statusChangedAt,
    version: gateway.version,
  };
}

/** The caller's concentrator; another tenant's, a plain gateway or a deleted one is "not found". */
export async function concentratorOf(
  db: Services['db'],
  request: FastifyRequest,
  concentratorId: string,
): Promise<ConcentratorView> {
  const gateway = await readAsCaller(db, request, (sql) => getGateway(sql, concentratorId));
  if (gateway?.kind !== 'concentrator' || gateway.status !== 'active')
    throw new DomainError('error.concentrator.notFound');
  return concentratorView(gateway);
}

export async function listConcentrators(
  db: Services['db'],
  request: FastifyRequest,
  query: PageQuery & ConcentratorListQuery,
): Promise<{ total: number; rows: ConcentratorView[] }> {
  const { total, rows } = await readAsCaller(db, request, (sql) =>
    listGateways(sql, {
      pageNum: query.pageNum,
      pageSize: query.pageSize,
      name: query.number,
      kind: 'concentrator',
      status: 'active',
      online: query.communication === undefined ? undefined : query.communication === 'online',
    }),
  );
  return { total, rows: rows.map(concentratorView) };
}
