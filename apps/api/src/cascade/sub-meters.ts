import { listSubMeterCandidates, listSubMeters } from '@hydrolog/projections';
import type { PageQuery, SubMeterCandidateQuery, SubMeterQuery } from '@hydrolog/schemas';
import type { FastifyRequest } from 'fastify';
import { callerOf, readAsCaller } from '../auth/guard.ts';
import type { Services } from '../services.ts';
import { pointOf, subMeterFacts, tenantMeters } from './lookups.ts';
import { executeOnPartition } from './partitions.ts';

/** A point's sub-meters, a page of them. */
export async function subMetersOf(
  services: Services,
  request: FastifyRequest,
  pointId: string,
  query: PageQuery & SubMeterQuery,
) {
  await pointOf(services, request, pointId);
  return readAsCaller(services.db, request, (sql) => listSubMeters(sql, pointId, query));
}

/** Opened meters of the tenant that may become sub-meters of a point, a page of them. */
export async function subMeterCandidates(
  services: Services,
  request: FastifyRequest,
  pointId: string,
  query: PageQuery & SubMeterCandidateQuery,
) {
  await pointOf(services, request, pointId);
  return readAsCaller(services.db, request, (sql) =>
    listSubMeterCandidates(sql, callerOf(request).tenantId, pointId, query),
  );
}

/** Makes opened meters sub-meters of a point; answers how many were added and how many it has now. */
export async function associateSubMeters(
  services: Services,
  request: FastifyRequest,
  pointId: string,
  meterNos: readonly string[],
) {
  const point = await pointOf(services, request, pointId);
  const meters = await subMeterFacts(services, request, meterNos);
  const { events } = await executeOnPartition(services, request, point.partitionId, [
    { type: 'AssociateSubMeters', pointId, meters },
  ]);
  const added = events.reduce(
    (n, e) => n + (e.type === 'CascadeSubMetersAssociated' ? e.data.meters.length : 0),
    0,
  );
  return { added, total: point.subMeterCount + added };
}

export async function removeSubMeters(
  services: Services,
  request: FastifyRequest,
  pointId: string,
  meterNos: readonly string[],
) {
  const point = await pointOf(services, request, pointId);
  const meters = await tenantMeters(services, request, meterNos);
  await executeOnPartition(services, request, point.partitionId, [
    { type: 'RemoveSubMeters', pointId, meterIds: meters.map((m) => m.meterId) },
  ]);
}
