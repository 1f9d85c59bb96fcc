import { DomainError } from '@hydrolog/domain';
import { findMeters, getPartition, getPoint, openedMetersByNo } from '@hydrolog/projections';
import type { PointView } from '@hydrolog/schemas';
import type { FastifyRequest } from 'fastify';
import { callerOf, readAsCaller } from '../auth/guard.ts';
import type { Services } from '../services.ts';

/** A point of the caller's tenant (another tenant's is "not found"). */
export async function pointOf(
  services: Services,
  request: FastifyRequest,
  pointId: string,
): Promise<PointView> {
  const point = await readAsCaller(services.db, request, (sql) => getPoint(sql, pointId));
  if (!point) throw new DomainError('error.cascade.pointNotFound');
  return point;
}

/** A partition of the caller's tenant (another tenant's is "not found"). */
export async function partitionOf(services: Services, request: FastifyRequest, partitionId: string) {
  const partition = await readAsCaller(services.db, request, (sql) => getPartition(sql, partitionId));
  if (!partition) throw new DomainError('error.cascade.partitionNotFound');
  return partition;
}

/**
 * The tenant's meters for these numbers, in order, or `error.cascade.meterNotOpened` naming the missing
 * ones. Sub-meters (customer meters) must be opened: held by an account that is not cancelled. A summary
 * (inlet) meter, a meter placed on the map or one taken off a point only has to be registered.
 */
export async function tenantMeters(
  services: Services,
  request: FastifyRequest,
  meterNos: readonly string[],
  which: 'registered' | 'opened' = 'registered',
) {
  const lookup = which === 'opened' ? openedMetersByNo : findMeters;
  const found = await readAsCaller(services.db, request, (sql) =>
    lookup(sql, callerOf(request).tenantId, meterNos),
  );
  const missing = meterNos.filter((no) => !found.has(no));
  if (missing.length > 0)
    throw new DomainError('error.cascade.meterNotOpened', { meterNo: missing.slice(0, 10).join(',') });
  return meterNos.map((meterNo) => ({ meterId: found.get(meterNo)!, meterNo }));
}
