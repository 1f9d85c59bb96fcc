import { DomainError } from '@hydrolog/domain';
import type { pointUpdateBodySchema } from '@hydrolog/schemas';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Services } from '../services.ts';
import { pointOf } from './lookups.ts';
import { executeOnPartition } from './partitions.ts';

export async function changePoint(
  services: Services,
  request: FastifyRequest,
  { partitionId, ...fields }: z.infer<typeof pointUpdateBodySchema>,
) {
  const point = await pointOf(services, request, fields.pointId);
  if (point.partitionId !== partitionId) throw new DomainError('error.cascade.pointNotFound');
  await executeOnPartition(services, request, partitionId, [{ type: 'ChangePoint', ...fields }]);
  return { pointId: fields.pointId };
}
