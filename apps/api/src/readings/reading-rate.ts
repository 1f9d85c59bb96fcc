import { localDate } from '@hydrolog/domain';
import type { Database } from '@hydrolog/eventstore';
import { readingRate, tenantTimeZone } from '@hydrolog/projections';
import type { FastifyRequest } from 'fastify';
import { callerOf, readAsCaller } from '../auth/guard.ts';

/** Meters that reported per local day over meters installed, for the last `period` days, and the average. */
export async function readingRateOf(db: Database, request: FastifyRequest, period: number) {
  const days = await readAsCaller(db, request, async (sql) => {
    const timeZone = await tenantTimeZone(sql, callerOf(request).tenantId);
    return readingRate(sql, timeZone, localDate(Date.now(), timeZone), period);
  });
  // Today is not over (daily meters upload after midnight): the average is of the finished days.
  const finished = days.slice(0, -1);
  const installed = finished.reduce((sum, d) => sum + d.installed, 0);
  const reported = finished.reduce((sum, d) => sum + d.reported, 0);
  return { days, average: installed > 0 ? reported / installed : null };
}
