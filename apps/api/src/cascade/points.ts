import { DomainError } from '@hydrolog/domain';
import { type pointBodySchema, type pointUpdateBodySchema, uuidv7 } from '@hydrolog/schemas';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Services } from '../services.ts';
import { partitionOf, pointOf, tenantMeters } from './lookups.ts';
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

/** Deletes points of one partition (a point of another partition is "not found"). */
export async function deletePoints(services: Services, request: FastifyRequest, pointIds: string[]) {
  const points = await Promise.all(pointIds.map((id) => pointOf(services, request, id)));
  const partitionId = points[0]!.partitionId;
  if (points.some((p) => p.partitionId !== partitionId)) throw new DomainError('error.cascade.pointNotFound');
  await executeOnPartition(services, request, partitionId, [{ type: 'DeletePoints', pointIds }]);
}

/** Makes a registered meter of the tenant the summary (inlet) meter of a point; answers the meter. */
export async function associateSummaryMeter(
  services: Services,
  request: FastifyRequest,
  pointId: string,
  meterNo: string,
) {
  const point = await pointOf(services, request, pointId);
  const [meter] = await tenantMeters(services, request, [meterNo]);
  await executeOnPartition(services, request, point.partitionId, [
    { type: 'AssociateSummaryMeter', pointId, meter: meter! },
  ]);
  return meter!;
}
