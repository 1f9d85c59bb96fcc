import type { FastifyRequest } from 'fastify';
import type { Services } from '../services.ts';
import { pointOf, tenantMeters } from './lookups.ts';
import { executeOnPartition } from './partitions.ts';

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
