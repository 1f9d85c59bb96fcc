import { addDays, DomainError, localDate, localMidnight } from '@hydrolog/domain';
import type { Sql } from '@hydrolog/eventstore';
import {
  findMeters,
  getTenant,
  meterDailyVolumes,
  meterFrozen,
  meterHourlyVolumes,
  meterReadings,
  meterStates,
  readingRate,
} from '@hydrolog/projections';
import {
  apiResponses,
  envelopeSchema,
  meterHistoryQuerySchema,
  meterHistorySchema,
  READING_RATE_PERIODS,
  readingRateSchema,
} from '@hydrolog/schemas';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { callerOf, readAsCaller, requires } from '../auth/guard.ts';
import { ok } from '../http.ts';
import type { Services } from '../services.ts';

/** At most this many readings per answer (a year of hourly readings). */
const MAX_READINGS = 9000;

/** The readings read models for the back office: a meter's history and the tenant's reading rate. */
export const readingRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const { db } = services;

  async function timeZoneOf(sql: Sql, request: FastifyRequest): Promise<string> {
    return (await getTenant(sql, callerOf(request).tenantId))?.settings.timeZone ?? 'UTC';
  }

  app.get(
    '/report/history/meter',
    {
      config: requires('report:history:list'),
      schema: {
        tags: ['readings'],
        summary: "A meter's readings, hourly and daily volumes and freeze records over local days [from, to]",
        querystring: meterHistoryQuerySchema,
        response: apiResponses(envelopeSchema(meterHistorySchema)),
      },
    },
    async (request) => {
      const { meterNo, from, to } = request.query;
      const history = await readAsCaller(db, request, async (sql) => {
        const meterId = (await findMeters(sql, callerOf(request).tenantId, [meterNo])).get(meterNo);
        if (!meterId) return null;
        const timeZone = await timeZoneOf(sql, request);
        // Local midnights of the first and the day after the last day, as instants.
        const start = new Date(localMidnight(from, timeZone));
        const end = new Date(localMidnight(addDays(to, 1), timeZone));
        const [state] = await meterStates(sql, new Date(), [meterId]);
        const readings = await meterReadings(sql, meterId, start, end, MAX_READINGS + 1);
        return {
          meter: state!,
          timeZone,
          readings: readings.slice(0, MAX_READINGS),
          truncated: readings.length > MAX_READINGS,
          hourly: await meterHourlyVolumes(sql, meterId, start, end),
          daily: await meterDailyVolumes(sql, meterId, from, to),
          frozen: await meterFrozen(sql, meterId, from, to),
        };
      });
      if (!history) throw new DomainError('error.meter.notFound');
      const { gatewayId: _, ...meter } = history.meter;
      return ok(request, { ...history, meter });
    },
  );

  app.get(
    '/report/readingRate/list',
    {
      config: requires('report:readingRate:list'),
      schema: {
        tags: ['readings'],
        summary: 'Meters that reported per local day over meters installed, for the last 30 or 180 days',
        querystring: z.object({
          days: z.coerce
            .number()
            .pipe(z.union([z.literal(READING_RATE_PERIODS[0]), z.literal(READING_RATE_PERIODS[1])]))
            .default(READING_RATE_PERIODS[0]),
        }),
        response: apiResponses(envelopeSchema(readingRateSchema)),
      },
    },
    async (request) => {
      const days = await readAsCaller(db, request, async (sql) => {
        const timeZone = await timeZoneOf(sql, request);
        return readingRate(sql, timeZone, localDate(Date.now(), timeZone), request.query.days);
      });
      // Today is not over (daily meters upload after midnight): the average is of the finished days.
      const finished = days.slice(0, -1);
      const installed = finished.reduce((sum, d) => sum + d.installed, 0);
      const reported = finished.reduce((sum, d) => sum + d.reported, 0);
      return ok(request, { days, average: installed > 0 ? reported / installed : null });
    },
  );
};
