import { DomainError } from '@hydrolog/domain';
import { getReadingPlan } from '@hydrolog/projections';
import type { ReadingPlanDetail } from '@hydrolog/schemas';
import type { FastifyRequest } from 'fastify';
import { readAsCaller } from '../auth/guard.ts';
import type { Services } from '../services.ts';
import { tenantToday } from './work-orders.ts';

/** A plan of the caller's tenant with its meters and progress; any other is "not found". */
export async function readingPlanOf(
  db: Services['db'],
  request: FastifyRequest,
  planId: string,
): Promise<ReadingPlanDetail> {
  const today = await tenantToday(db, request);
  const found = await readAsCaller(db, request, (sql) => getReadingPlan(sql, planId, today));
  if (!found) throw new DomainError('error.readingPlan.notFound');
  return found;
}
