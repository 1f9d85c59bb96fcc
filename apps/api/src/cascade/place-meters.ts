import type { meterPositionsBodySchema } from '@hydrolog/schemas';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Services } from '../services.ts';
import { partitionOf, tenantMeters } from './lookups.ts';
import { executeOnPartition } from './partitions.ts';

/** Places registered meters of the tenant on a partition's map. */
export async function placeMeters(
  services: Services,
  request: FastifyRequest,
  { partitionId, positions }: z.infer<typeof meterPositionsBodySchema>,
) {
  await partitionOf(services, request, partitionId);
  await tenantMeters(
    services,
    request,
    positions.map((p) => p.meterNo),
  );
  await executeOnPartition(services, request, partitionId, [{ type: 'SetMeterPositions', positions }]);
}
