import {
  apiResponses,
  listEnvelopeSchema,
  meterReplaceBodySchema,
  meterReplacementListQuerySchema,
  meterReplacementViewSchema,
  noDataResponses,
  pagedQuerySchema,
} from '@hydrolog/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requires } from '../auth/guard.ts';
import { ok, okList } from '../http.ts';
import type { Services } from '../services.ts';
import { exportMeterReplacements } from './export-meter-replacements.ts';
import { replaceMeter } from './replace-meter.ts';
import { listReplacements } from './replacements.ts';

/** Meter replacement (spec section 3): the old meter's account moves to the new one; consumption continues. */
export const meterReplacementRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (
  app,
  { services },
) => {
  const { db } = services;

  app.get(
    '/business/meterReplace/list',
    {
      config: requires('business:meterReplace:query'),
      schema: {
        tags: ['meters'],
        summary: 'List meter replacements',
        querystring: pagedQuerySchema(meterReplacementListQuerySchema),
        response: apiResponses(listEnvelopeSchema(meterReplacementViewSchema)),
      },
    },
    async (request) => okList(request, await listReplacements(db, request, request.query)),
  );

  app.post(
    '/business/meterReplace',
    {
      config: { ...requires('business:meterReplace:add'), audit: '1' },
      schema: {
        tags: ['meters'],
        summary: 'Replace a meter: the account on the old meter moves to the new one',
        body: meterReplaceBodySchema,
        response: noDataResponses,
      },
    },
    async (request) => {
      await replaceMeter(services, request, request.body);
      return ok(request, null);
    },
  );

  app.post(
    '/business/meterReplace/export',
    {
      config: { ...requires('business:meterReplace:export'), audit: '5' },
      schema: {
        tags: ['meters'],
        summary: 'Export the meter replacements of a filter (xlsx)',
        body: meterReplacementListQuerySchema,
      },
    },
    async (request, reply) => exportMeterReplacements(db, request, reply, request.body),
  );
};
