import type { FastifyRequest } from 'fastify';
import type { Services } from '../services.ts';
import { pointOf, tenantMeters } from './lookups.ts';
import { executeOnPartition } from './partitions.ts';

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
