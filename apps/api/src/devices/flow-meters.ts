import { DomainError } from '@hydrolog/domain';
import { getFlowMeter, listFlowMeters } from '@hydrolog/projections';
import type { FlowMeterListQuery, FlowMeterView, PageQuery } from '@hydrolog/schemas';
import type { FastifyRequest } from 'fastify';
import { readAsCaller } from '../auth/guard.ts';
import type { Services } from '../services.ts';

/** The caller's flow meter with its latest values; another tenant's is "not found". */
export async function flowMeterOf(
  db: Services['db'],
  request: FastifyRequest,
  flowMeterId: string,
): Promise<FlowMeterView> {
  const found = await readAsCaller(db, request, (sql) => getFlowMeter(sql, flowMeterId));
  if (!found) throw new DomainError('error.flowMeter.notFound');
  return found;
}

export function flowMetersOf(
  db: Services['db'],
  request: FastifyRequest,
  query: PageQuery & FlowMeterListQuery,
): Promise<{ total: number; rows: FlowMeterView[] }> {
  return readAsCaller(db, request, (sql) => listFlowMeters(sql, query));
}
