import { DomainError } from '@hydrolog/domain';
import type { FastifyRequest } from 'fastify';
import type { Services } from '../services.ts';
import { pointOf } from './lookups.ts';
import { executeOnPartition } from './partitions.ts';

/** Deletes points of one partition (a point of another partition is "not found"). */
export async function deletePoints(services: Services, request: FastifyRequest, pointIds: string[]) {
  const points = await Promise.all(pointIds.map((id) => pointOf(services, request, id)));
  const partitionId = points[0]!.partitionId;
  if (points.some((p) => p.partitionId !== partitionId)) throw new DomainError('error.cascade.pointNotFound');
  await executeOnPartition(services, request, partitionId, [{ type: 'DeletePoints', pointIds }]);
}
