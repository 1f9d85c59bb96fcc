import { listManualReadings } from '@hydrolog/projections';
import type { ManualReadingListQuery, ManualReadingView, PageQuery } from '@hydrolog/schemas';
import type { FastifyRequest } from 'fastify';
import { readAsCaller } from '../auth/guard.ts';
import type { Services } from '../services.ts';

/** The tenant's manual readings, the latest entered first. */
export function manualReadingList(
  db: Services['db'],
  request: FastifyRequest,
  query: PageQuery & ManualReadingListQuery,
): Promise<{ total: number; rows: ManualReadingView[] }> {
  return readAsCaller(db, request, (sql) => listManualReadings(sql, query));
}
