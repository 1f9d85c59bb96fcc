import { addDays, DomainError, localMidnight } from '@hydrolog/domain';
import type { Database } from '@hydrolog/eventstore';
import {
  findMeters,
  latestValveCommand,
  meterDailyVolumes,
  meterFrozen,
  meterHourlyVolumes,
  meterReadings,
  meterStates,
  tenantTimeZone,
} from '@hydrolog/projections';
import type { meterHistoryQuerySchema } from '@hydrolog/schemas';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { callerOf, readAsCaller } from '../auth/guard.ts';

/** At most this many readings per answer (a year of hourly readings). */
const MAX_READINGS = 9000;

/** A meter's readings, hourly and daily volumes and freeze records over local days [from, to]. */
export async function meterHistory(
  db: Database,
  request: FastifyRequest,
  { meterNo, from, to }: z.output<typeof meterHistoryQuerySchema>,
) {
  const history = await readAsCaller(db, request, async (sql) => {
    const meterId = (await findMeters(sql, callerOf(request).tenantId, [meterNo])).get(meterNo);
    if (!meterId) return null;
    const timeZone = await tenantTimeZone(sql, callerOf(request).tenantId);
    // Local midnights of the first and the day after the last day, as instants.
    const start = new Date(localMidnight(from, timeZone));
    const end = new Date(localMidnight(addDays(to, 1), timeZone));
    const [state] = await meterStates(sql, new Date(), [meterId]);
    const readings = await meterReadings(sql, meterId, start, end, MAX_READINGS + 1);
    return {
      meter: state!,
      valveCommand: await latestValveCommand(sql, meterId),
      timeZone,
      readings: readings.slice(0, MAX_READINGS),
      truncated: readings.length > MAX_READINGS,
      hourly: await meterHourlyVolumes(sql, meterId, start, end),
      daily: await meterDailyVolumes(sql, meterId, from, to, timeZone),
      frozen: await meterFrozen(sql, meterId, from, to),
    };
  });
  if (!history) throw new DomainError('error.meter.notFound');
  const { gatewayId: _, ...meter } = history.meter;
  return { ...history, meter };
}
