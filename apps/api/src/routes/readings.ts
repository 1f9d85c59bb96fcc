import { DomainError, localDate, localMidnight, nextDate } from '@hydrolog/domain';
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
import { apiResponses, envelopeSchema, meterNoSchema, valveStateSchema } from '@hydrolog/schemas';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { callerOf, readAsCaller, requires } from '../auth/guard.ts';
import { ok } from '../http.ts';
import type { Services } from '../services.ts';

/** At most this many readings per answer (a year of hourly readings). */
const MAX_READINGS = 9000;

const dateSchema = z.iso.date();
const nullableNumber = z.number().nullable();

const volumeRowSchema = z.object({
  period: z.string(),
  volume: nullableNumber,
  reverseVolume: nullableNumber,
  known: z.boolean(),
  coverage: z.number(),
});

const meterHistorySchema = z.object({
  meter: z.object({
    meterId: z.uuid(),
    meterNo: z.string(),
    lastReportAt: z.string().nullable(),
    total: nullableNumber,
    battery: nullableNumber,
    signal: nullableNumber,
    valve: valveStateSchema.nullable(),
    online: z.boolean(),
  }),
  timeZone: z.string(),
  readings: z.array(
    z.object({
      ts: z.string(),
      total: z.number(),
      reverseTotal: nullableNumber,
      flow: nullableNumber,
      pressure: nullableNumber,
      battery: nullableNumber,
      signal: nullableNumber,
      valve: valveStateSchema.nullable(),
      temperature: nullableNumber,
      alarms: z.array(z.string()).nullable(),
    }),
  ),
  hourly: z.array(volumeRowSchema),
  daily: z.array(volumeRowSchema),
  /** The daily freeze records of spec section 3 (`meterFrozen`). */
  frozen: z.array(
    z.object({
      reportTime: z.string().nullable(),
      recordDate: z.string(),
      usedTotal: nullableNumber,
      totalVolume: nullableNumber,
      batteryVoltage: nullableNumber,
      valveState: valveStateSchema.nullable(),
    }),
  ),
  truncated: z.boolean(),
});

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
        querystring: z
          .object({ meterNo: meterNoSchema, from: dateSchema, to: dateSchema })
          .refine((q) => q.from <= q.to, { message: 'validation.dateRange', path: ['to'] }),
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
        const end = new Date(localMidnight(nextDate(to), timeZone));
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
            .pipe(z.union([z.literal(30), z.literal(180)]))
            .default(30),
        }),
        response: apiResponses(
          envelopeSchema(
            z.object({
              days: z.array(
                z.object({ date: z.string(), reported: z.number(), installed: z.number(), rate: z.number() }),
              ),
              /** reported meter-days over installed meter-days */
              average: z.number(),
            }),
          ),
        ),
      },
    },
    async (request) => {
      const days = await readAsCaller(db, request, async (sql) => {
        const timeZone = await timeZoneOf(sql, request);
        return readingRate(sql, timeZone, localDate(Date.now(), timeZone), request.query.days);
      });
      const installed = days.reduce((sum, d) => sum + d.installed, 0);
      const reported = days.reduce((sum, d) => sum + d.reported, 0);
      return ok(request, { days, average: installed > 0 ? Math.min(1, reported / installed) : 0 });
    },
  );
};
