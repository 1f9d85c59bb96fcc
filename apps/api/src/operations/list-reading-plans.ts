import { listReadingPlans } from '@hydrolog/projections';
import type { PageQuery, ReadingPlanView } from '@hydrolog/schemas';
import type { FastifyRequest } from 'fastify';
import { callerOf, readAsCaller } from '../auth/guard.ts';
import type { Services } from '../services.ts';
import { tenantToday } from './work-orders.ts';

/** The tenant's plans with their progress, or only the caller's own (`mine`), the latest first. */
export async function readingPlanList(
  db: Services['db'],
  request: FastifyRequest,
  query: PageQuery & { name?: string | undefined; mine?: boolean | undefined },
): Promise<{ total: number; rows: ReadingPlanView[] }> {
  const today = await tenantToday(db, request);
  const readerId = query.mine ? callerOf(request).userId : undefined;
  return readAsCaller(db, request, (sql) => listReadingPlans(sql, { ...query, readerId, today }));
}
