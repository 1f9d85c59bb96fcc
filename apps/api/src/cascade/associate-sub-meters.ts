import type { SubMeterFacts } from '@hydrolog/domain';
import type { PointView } from '@hydrolog/schemas';
import type { FastifyRequest } from 'fastify';
import type { Services } from '../services.ts';
import { pointOf, subMeterFacts } from './lookups.ts';
import { executeOnPartition } from './partitions.ts';

/** Makes opened meters sub-meters of a point; answers how many were added and how many it has now. */
export async function associateSubMeters(
  services: Services,
  request: FastifyRequest,
  pointId: string,
  meterNos: readonly string[],
) {
  const point = await pointOf(services, request, pointId);
  return addSubMeters(services, request, point, await subMeterFacts(services, request, meterNos));
}

/** Adds the meters, whose facts the caller read, to the point's sub-meters, as the partition decides. */
export async function addSubMeters(
  services: Services,
  request: FastifyRequest,
  point: PointView,
  meters: readonly SubMeterFacts[],
) {
  const { events } = await executeOnPartition(services, request, point.partitionId, [
    { type: 'AssociateSubMeters', pointId: point.pointId, meters },
  ]);
  const added = events.reduce(
    (n, e) => n + (e.type === 'CascadeSubMetersAssociated' ? e.data.meters.length : 0),
    0,
  );
  return { added, total: point.subMeterCount + added };
}
