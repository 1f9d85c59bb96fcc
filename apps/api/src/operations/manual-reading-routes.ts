import {
  apiResponses,
  envelopeSchema,
  listEnvelopeSchema,
  manualReadingBodySchema,
  manualReadingImportAnswerSchema,
  manualReadingListQuerySchema,
  manualReadingViewSchema,
  pagedQuerySchema,
} from '@hydrolog/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requires } from '../auth/guard.ts';
import { ok, okList } from '../http.ts';
import type { Services } from '../services.ts';
import { saveImageUpload } from '../uploads.ts';
import { enterManualReading } from './enter-manual-reading.ts';
import { importManualReadings } from './import-manual-readings.ts';
import { manualReadingList } from './list-manual-readings.ts';

const tags = ['manualReadings'];

/** Manual meter reading: the readings entered by hand, entering one, and the photo of a dial. */
export const manualReadingRoutes: FastifyPluginAsyncZod<{ services: Services; uploadsDir: string }> = async (
  app,
  { services, uploadsDir },
) => {
  app.get(
    '/readMeter/manual/list',
    {
      config: requires('readMeter:manual:query'),
      schema: {
        tags,
        summary: 'The readings entered by hand, the latest first',
        querystring: pagedQuerySchema(manualReadingListQuerySchema),
        response: apiResponses(listEnvelopeSchema(manualReadingViewSchema)),
      },
    },
    async (request) => okList(request, await manualReadingList(services.db, request, request.query)),
  );
  app.post(
    '/readMeter/manual',
    {
      config: { ...requires('readMeter:manual:add'), audit: '1' },
      schema: {
        tags,
        summary:
          "Enter a meter's counter read by hand: a reading of the manual source, checked as a gateway's and " +
          'against the counter before and after it',
        body: manualReadingBodySchema,
        response: apiResponses(envelopeSchema(manualReadingViewSchema)),
      },
    },
    async (request) => ok(request, await enterManualReading(services, request, request.body)),
  );
  app.post(
    '/readMeter/manual/photo',
    {
      config: requires('readMeter:manual:add'),
      schema: {
        tags,
        summary: "A photo of a meter's dial (png or jpg, 5 MB at most; multipart field file), for a reading",
        consumes: ['multipart/form-data'],
        response: apiResponses(envelopeSchema(z.object({ url: z.string() }))),
      },
    },
    async (request) =>
      ok(request, { url: await saveImageUpload(request, uploadsDir, 'file', 'manualReading') }),
  );
  app.post(
    '/readMeter/manual/import',
    {
      config: { ...requires('readMeter:manual:add'), audit: '6' },
      schema: {
        tags,
        summary:
          'Import manual readings from a CSV, xls or xlsx file (multipart field file; columns: meter number, time ' +
          'with offset, counter), each row checked as one entered by hand; answers the rows refused',
        consumes: ['multipart/form-data'],
        response: apiResponses(envelopeSchema(manualReadingImportAnswerSchema)),
      },
    },
    async (request) => ok(request, await importManualReadings(services, request)),
  );
};
