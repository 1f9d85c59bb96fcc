import { listPriceSchemes } from '@hydrolog/projections';
import {
  apiResponses,
  envelopeSchema,
  idListSchema,
  listEnvelopeSchema,
  noDataResponses,
  pagedQuerySchema,
  priceSchemeBodySchema,
  priceSchemeListQuerySchema,
  priceSchemeOptionSchema,
  priceSchemeViewSchema,
  priceTrialBodySchema,
  priceTrialSchema,
  updatePriceSchemeBodySchema,
} from '@hydrolog/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { readAsCaller, requires } from '../auth/guard.ts';
import { ok, okList } from '../http.ts';
import type { Services } from '../services.ts';
import { createPriceScheme } from './create-price-scheme.ts';
import { deletePriceSchemes } from './delete-price-schemes.ts';
import { exportPriceSchemes } from './export-price-schemes.ts';
import { priceSchemeChoices, priceSchemeOf } from './price-schemes.ts';
import { revisePriceScheme } from './revise-price-scheme.ts';
import { trialCalculation } from './trial-calculation.ts';

const priceSchemeResponse = apiResponses(envelopeSchema(priceSchemeViewSchema));

/** Price schemes (tariffs) of the caller's tenant and their trial calculation (spec sections 2, 3 and 5). */
export const priceSchemeRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const { db } = services;

  app.get(
    '/business/priceScheme/list',
    {
      config: requires('business:priceScheme:query'),
      schema: {
        tags: ['billing'],
        summary: 'List price schemes with their latest prices and the accounts on each',
        querystring: pagedQuerySchema(priceSchemeListQuerySchema),
        response: apiResponses(listEnvelopeSchema(priceSchemeViewSchema)),
      },
    },
    async (request) =>
      okList(request, await readAsCaller(db, request, (sql) => listPriceSchemes(sql, request.query))),
  );

  app.get(
    '/business/priceScheme/options',
    {
      // The customer form chooses the account's scheme.
      config: requires('business:customer:list'),
      schema: {
        tags: ['billing'],
        summary: 'The price schemes of the tenant, to choose on an account',
        response: apiResponses(envelopeSchema(z.array(priceSchemeOptionSchema))),
      },
    },
    async (request) => ok(request, await priceSchemeChoices(db, request)),
  );

  app.get(
    '/business/priceScheme/:priceSchemeId',
    {
      config: requires('business:priceScheme:query'),
      schema: {
        tags: ['billing'],
        summary: 'A price scheme with every version of its prices',
        params: z.object({ priceSchemeId: z.uuid() }),
        response: priceSchemeResponse,
      },
    },
    async (request) => ok(request, await priceSchemeOf(db, request, request.params.priceSchemeId)),
  );

  app.post(
    '/business/priceScheme',
    {
      config: requires('business:priceScheme:add'),
      schema: {
        tags: ['billing'],
        summary: 'Create a price scheme (its first prices take effect on its start date)',
        body: priceSchemeBodySchema,
        response: priceSchemeResponse,
      },
    },
    async (request) => ok(request, await createPriceScheme(services, request, request.body)),
  );

  app.put(
    '/business/priceScheme',
    {
      config: requires('business:priceScheme:edit'),
      schema: {
        tags: ['billing'],
        summary: 'Change the prices of a scheme from a date on (a new version; bills spanning it are split)',
        body: updatePriceSchemeBodySchema,
        response: priceSchemeResponse,
      },
    },
    async (request) => ok(request, await revisePriceScheme(services, request, request.body)),
  );

  app.delete(
    '/business/priceScheme/:ids',
    {
      config: requires('business:priceScheme:remove'),
      schema: {
        tags: ['billing'],
        summary: 'Delete price schemes that no account has',
        params: z.object({ ids: idListSchema }),
        response: noDataResponses,
      },
    },
    async (request) => {
      await deletePriceSchemes(services, request, request.params.ids);
      return ok(request, null);
    },
  );

  app.post(
    '/business/priceScheme/export',
    {
      config: { ...requires('business:priceScheme:export'), audit: '5' },
      schema: {
        tags: ['billing'],
        summary: 'Export the price schemes (xlsx)',
        body: priceSchemeListQuerySchema,
      },
    },
    async (request, reply) => exportPriceSchemes(services, request, reply, request.body),
  );

  app.post(
    '/business/priceScheme/trial',
    {
      config: requires('business:priceScheme:query'),
      schema: {
        tags: ['billing'],
        summary:
          'Trial calculation: the charge of a volume line by line, where the cycle stands; nothing is saved',
        body: priceTrialBodySchema,
        response: apiResponses(envelopeSchema(priceTrialSchema)),
      },
    },
    async (request) => ok(request, await trialCalculation(services, request, request.body)),
  );
};
