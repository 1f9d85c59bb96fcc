import { DomainError, type SubMeterFacts } from '@hydrolog/domain';
import { findMeters, getPartition, getPoint, openedStateByNo } from '@hydrolog/projections';
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
 * The tenant's meters for these numbers, in order, or `error.cascade.meterNotOpened` naming the unknown
 * ones, as sub-meters name the meters they may not take. A summary (inlet) meter, a meter placed on the map
 * or one taken off a point only has to be registered.
 */
export async function tenantMeters(services: Services, request: FastifyRequest, meterNos: readonly string[]) {
  const found = await readAsCaller(services.db, request, (sql) =>
    findMeters(sql, callerOf(request).tenantId, meterNos),
  );
  const missing = meterNos.filter((no) => !found.has(no));
  if (missing.length > 0)
    throw new DomainError('error.cascade.meterNotOpened', { meterNo: missing.slice(0, 10).join(',') });
  return meterNos.map((meterNo) => ({ meterId: found.get(meterNo)!, meterNo }));
}

/** The tenant's meters for these numbers, in order, with what the partition's decider needs of sub-meters. */
export async function subMeterFacts(
  services: Services,
  request: FastifyRequest,
  meterNos: readonly string[],
): Promise<SubMeterFacts[]> {
  const found = await readAsCaller(services.db, request, (sql) =>
    openedStateByNo(sql, callerOf(request).tenantId, meterNos),
  );
  return meterNos.map((meterNo) => ({
    meterNo,
    meterId: found.get(meterNo)?.meterId ?? null,
    opened: found.get(meterNo)?.opened ?? false,
  }));
}
