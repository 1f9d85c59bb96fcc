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
  READING_IMPORT_MAX_BYTES,
  READING_RATE_PERIODS,
  readingImportQuerySchema,
  readingImportViewSchema,
  readingRateSchema,
} from '@hydrolog/schemas';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { callerMetadata, callerOf, readAsCaller, requires } from '../auth/guard.ts';
import { ok, requestLanguage } from '../http.ts';
import type { Services } from '../services.ts';
import { sendXlsx } from '../xlsx.ts';
import { historyTemplateColumns, ReadingImports, readHistoryTable } from './import.ts';

/** At most this many readings per answer (a year of hourly readings). */
const MAX_READINGS = 9000;

/**
 * The readings read models for the back office: a meter's history and the tenant's reading rate; and
 * the import of historical readings from a file.
 */
export const readingRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const { db } = services;
  const imports = new ReadingImports(services);

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
          daily: await meterDailyVolumes(sql, meterId, from, to, timeZone),
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

  app.post(
    '/report/history/import',
    {
      config: { ...requires('report:history:import'), audit: '6' },
      schema: {
        tags: ['readings'],
        summary:
          'Import historical readings from a CSV, xls or xlsx file (multipart field file; columns: meter number, ' +
          'time with offset, counter or interval volume); answers the import id, whose progress GET gives',
        consumes: ['multipart/form-data'],
        querystring: readingImportQuerySchema,
        response: apiResponses(envelopeSchema(z.object({ importId: z.uuid() }))),
      },
    },
    async (request) => {
      const file = await request
        .file({ limits: { fileSize: READING_IMPORT_MAX_BYTES, files: 1 } })
        .catch(() => undefined);
      if (file?.fieldname !== 'file') throw new DomainError('error.upload.missing');
      const content = await file.toBuffer().catch((error: { code?: string }) => {
        if (error.code === 'FST_REQ_FILE_TOO_LARGE')
          throw new DomainError('error.readingImport.size', { max: READING_IMPORT_MAX_BYTES / 1024 / 1024 });
        throw error;
      });
      const table = await readHistoryTable(content);
      const importId = imports.start(
        callerMetadata(request),
        { name: file.filename, table },
        request.query,
        requestLanguage(request),
      );
      return ok(request, { importId });
    },
  );

  app.get(
    '/report/history/import/:importId',
    {
      config: requires('report:history:import'),
      schema: {
        tags: ['readings'],
        summary: "An import's progress: rows checked and refused, readings stored, figures computed",
        params: z.object({ importId: z.uuid() }),
        response: apiResponses(envelopeSchema(readingImportViewSchema)),
      },
    },
    async (request) => {
      const view = await imports.view(callerOf(request).tenantId, request.params.importId);
      if (!view) throw new DomainError('error.readingImport.notFound');
      return ok(request, view);
    },
  );

  app.post(
    '/report/history/import/template',
    {
      config: requires('report:history:import'),
      schema: {
        tags: ['readings'],
        summary: 'The xlsx template of a history import (the third column: counter or interval volume)',
        querystring: readingImportQuerySchema.pick({ form: true }),
      },
    },
    async (request, reply) => {
      const { form } = request.query;
      const example = {
        meterNo: '1000000001',
        time: '2026-01-01T01:00:00+08:00',
        value: form === 'counter' ? 1234.567 : 0.42,
      };
      return sendXlsx(
        reply,
        `history-import-${form}`,
        historyTemplateColumns(form, requestLanguage(request)),
        [example],
      );
    },
  );
};
