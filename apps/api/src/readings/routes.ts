import {
  apiResponses,
  envelopeSchema,
  meterHistoryQuerySchema,
  meterHistorySchema,
  readingImportQuerySchema,
  readingImportStartedSchema,
  readingImportViewSchema,
  readingRateQuerySchema,
  readingRateSchema,
  readingTemplateQuerySchema,
} from '@hydrolog/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requires } from '../auth/guard.ts';
import { ok } from '../http.ts';
import type { Services } from '../services.ts';
import { meterHistory } from './history.ts';
import { historyImportProgress, sendHistoryTemplate, startHistoryImport } from './history-import.ts';
import { ReadingImports } from './import.ts';
import { readingRateOf } from './reading-rate.ts';

/**
 * The readings read models for the back office: a meter's history and the tenant's reading rate; and
 * the import of historical readings from a file.
 */
export const readingRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const { db } = services;
  const imports = new ReadingImports(services);

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
    async (request) => ok(request, await meterHistory(db, request, request.query)),
  );

  app.get(
    '/report/readingRate/list',
    {
      config: requires('report:readingRate:list'),
      schema: {
        tags: ['readings'],
        summary: 'Meters that reported per local day over meters installed, for the last 30 or 180 days',
        querystring: readingRateQuerySchema,
        response: apiResponses(envelopeSchema(readingRateSchema)),
      },
    },
    async (request) => ok(request, await readingRateOf(db, request, request.query.days)),
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
        response: apiResponses(envelopeSchema(readingImportStartedSchema)),
      },
    },
    async (request) => ok(request, { importId: await startHistoryImport(imports, request, request.query) }),
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
    async (request) => ok(request, await historyImportProgress(imports, request, request.params.importId)),
  );

  app.post(
    '/report/history/import/template',
    {
      config: requires('report:history:import'),
      schema: {
        tags: ['readings'],
        summary: 'The xlsx template of a history import (the third column: counter or interval volume)',
        querystring: readingTemplateQuerySchema,
      },
    },
    async (request, reply) => sendHistoryTemplate(request, reply, request.query.form),
  );
};
