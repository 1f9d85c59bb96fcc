import type { partitionUpdateBodySchema } from '@hydrolog/schemas';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Services } from '../services.ts';
import { partitionOf } from './lookups.ts';
import { executeOnPartition } from './partitions.ts';

/** Changes a partition at the version the caller saw; answers it as it is now. */
export async function changePartition(
  services: Services,
  request: FastifyRequest,
  { partitionId, version, ...body }: z.infer<typeof partitionUpdateBodySchema>,
) {
  await partitionOf(services, request, partitionId);
  await executeOnPartition(services, request, partitionId, [{ type: 'ChangePartition', ...body }], version);
  return partitionOf(services, request, partitionId);
}
