import { type partitionBodySchema, uuidv7 } from '@hydrolog/schemas';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { callerOf } from '../auth/guard.ts';
import type { Services } from '../services.ts';
import { executeOnPartition } from './partitions.ts';

/** Creates a partition and its root metering point; answers both ids. */
export async function createPartition(
  services: Services,
  request: FastifyRequest,
  body: z.infer<typeof partitionBodySchema>,
) {
  const partitionId = uuidv7();
  const pointId = uuidv7();
  await executeOnPartition(services, request, partitionId, [
    {
      type: 'CreatePartition',
      partitionId,
      pointId,
      tenantId: callerOf(request).tenantId,
      ...body,
      createdAt: new Date().toISOString(),
    },
  ]);
  return { partitionId, pointId };
}
