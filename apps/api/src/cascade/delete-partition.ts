import type { FastifyRequest } from 'fastify';
import type { Services } from '../services.ts';
import { partitionOf } from './lookups.ts';
import { executeOnPartition } from './partitions.ts';

export async function deletePartition(services: Services, request: FastifyRequest, partitionId: string) {
  await partitionOf(services, request, partitionId);
  await executeOnPartition(services, request, partitionId, [
    { type: 'DeletePartition', deletedAt: new Date().toISOString() },
  ]);
}
