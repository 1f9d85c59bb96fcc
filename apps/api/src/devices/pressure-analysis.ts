import { addDays, localDate, localMidnight } from '@hydrolog/domain';
import { pressureAnalysis, pressureTrend, tenantTimeZone } from '@hydrolog/projections';
import type { PressureAnalysis, PressureTrend } from '@hydrolog/schemas';
import type { FastifyRequest } from 'fastify';
import { callerOf, readAsCaller } from '../auth/guard.ts';
import type { Services } from '../services.ts';
import { pressureMeterOf } from './pressure-meters.ts';

/** A pressure meter's local day (today without one) against its limits; the tenant's time zone sets its bounds. */
export async function pressureMeterAnalysis(
  db: Services['db'],
  request: FastifyRequest,
  pressureMeterId: string,
  requestedDay: string | undefined,
): Promise<PressureAnalysis> {
  const meter = await pressureMeterOf(db, request, pressureMeterId);
  return readAsCaller(db, request, async (sql) => {
    const timeZone = await tenantTimeZone(sql, callerOf(request).tenantId);
    const day = requestedDay ?? localDate(Date.now(), timeZone);
    const start = new Date(localMidnight(day, timeZone));
    const end = new Date(localMidnight(addDays(day, 1), timeZone));
    return pressureAnalysis(sql, meter, day, timeZone, start, end);
  });
}

/** A pressure meter's daily minimum, maximum and mean over the last `days` local days, today included. */
export async function pressureMeterTrend(
  db: Services['db'],
  request: FastifyRequest,
  pressureMeterId: string,
  days: number,
): Promise<PressureTrend> {
  const meter = await pressureMeterOf(db, request, pressureMeterId);
  return readAsCaller(db, request, async (sql) => {
    const timeZone = await tenantTimeZone(sql, callerOf(request).tenantId);
    return pressureTrend(sql, meter, localDate(Date.now(), timeZone), days, timeZone);
  });
}
