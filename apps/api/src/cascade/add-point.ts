import { type pointBodySchema, uuidv7 } from '@hydrolog/schemas';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Services } from '../services.ts';
import { partitionOf } from './lookups.ts';
import { executeOnPartition } from './partitions.ts';

/** Adds a metering point under its superior point; answers its id. */
export async function addPoint(
  services: Services,
  request: FastifyRequest,
  { partitionId, ...body }: z.infer<typeof pointBodySchema>,
) {
  await partitionOf(services, request, partitionId);
  const pointId = uuidv7();
  await executeOnPartition(services, request, partitionId, [{ type: 'AddPoint', ...body, pointId }]);
  return { partitionId, pointId };
}
