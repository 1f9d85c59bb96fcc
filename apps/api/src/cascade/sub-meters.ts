import { listSubMeterCandidates, listSubMeters } from '@hydrolog/projections';
import type { PageQuery, SubMeterCandidateQuery, SubMeterQuery } from '@hydrolog/schemas';
import type { FastifyRequest } from 'fastify';
import { callerOf, readAsCaller } from '../auth/guard.ts';
import type { Services } from '../services.ts';
import { pointOf } from './lookups.ts';

/** A point's sub-meters, a page of them. */
export async function subMetersOf(
  services: Services,
  request: FastifyRequest,
  pointId: string,
  query: PageQuery & SubMeterQuery,
) {
  await pointOf(services, request, pointId);
  return readAsCaller(services.db, request, (sql) => listSubMeters(sql, pointId, query));
}

/** Opened meters of the tenant that may become sub-meters of a point, a page of them. */
export async function subMeterCandidates(
  services: Services,
  request: FastifyRequest,
  pointId: string,
  query: PageQuery & SubMeterCandidateQuery,
) {
  await pointOf(services, request, pointId);
  return readAsCaller(services.db, request, (sql) =>
    listSubMeterCandidates(sql, callerOf(request).tenantId, pointId, query),
  );
}
