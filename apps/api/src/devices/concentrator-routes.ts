import {
  apiResponses,
  concentratorBodySchema,
  concentratorKeySchema,
  concentratorListQuerySchema,
  concentratorViewSchema,
  envelopeSchema,
  idListSchema,
  listEnvelopeSchema,
  noDataResponses,
  pagedQuerySchema,
  updateConcentratorBodySchema,
} from '@hydrolog/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requires } from '../auth/guard.ts';
import { ok, okList } from '../http.ts';
import type { Services } from '../services.ts';
import { changeConcentrator } from './change-concentrator.ts';
import { concentratorOf, listConcentrators } from './concentrators.ts';
import { createConcentrator } from './create-concentrator.ts';
import { deleteConcentrators } from './delete-concentrators.ts';
import { exportConcentrators } from './export-concentrators.ts';

const concentratorResponse = apiResponses(envelopeSchema(concentratorViewSchema));

/** Concentrators of the caller's tenant (spec sections 2 to 5): the gateway registry's concentrators. */
export const concentratorRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (
  app,
  { services },
) => {
  const { db } = services;

  app.get(
    '/device/concentrator/list',
    {
      config: requires('device:concentrator:query'),
      schema: {
        tags: ['devices'],
        summary: 'List concentrators with their communication state and meter count',
        querystring: pagedQuerySchema(concentratorListQuerySchema),
        response: apiResponses(listEnvelopeSchema(concentratorViewSchema)),
      },
    },
    async (request) => okList(request, await listConcentrators(db, request, request.query)),
  );

  app.get(
    '/device/concentrator/:concentratorId',
    {
      config: requires('device:concentrator:query'),
      schema: {
        tags: ['devices'],
        summary: 'One concentrator',
        params: z.object({ concentratorId: z.uuid() }),
        response: concentratorResponse,
      },
    },
    async (request) => ok(request, await concentratorOf(db, request, request.params.concentratorId)),
  );

  app.post(
    '/device/concentrator',
    {
      config: requires('device:concentrator:add'),
      schema: {
        tags: ['devices'],
        summary: 'Register a concentrator; its gateway key is answered once',
        body: concentratorBodySchema,
        response: apiResponses(envelopeSchema(concentratorKeySchema)),
      },
    },
    async (request) => ok(request, await createConcentrator(services, request, request.body)),
  );

  app.put(
    '/device/concentrator',
    {
      config: requires('device:concentrator:edit'),
      schema: {
        tags: ['devices'],
        summary: 'Change a concentrator that relays no meter',
        body: updateConcentratorBodySchema,
        response: concentratorResponse,
      },
    },
    async (request) => ok(request, await changeConcentrator(services, request, request.body)),
  );

  app.delete(
    '/device/concentrator/:ids',
    {
      config: requires('device:concentrator:remove'),
      schema: {
        tags: ['devices'],
        summary: 'Delete concentrators that relay no meter (their keys stop working)',
        params: z.object({ ids: idListSchema }),
        response: noDataResponses,
      },
    },
    async (request) => {
      await deleteConcentrators(services, request, request.params.ids);
      return ok(request, null);
    },
  );

  app.post(
    '/device/concentrator/export',
    {
      config: { ...requires('device:concentrator:export'), audit: '5' },
      schema: {
        tags: ['devices'],
        summary: 'Export the concentrators of a filter (xlsx)',
        body: concentratorListQuerySchema,
      },
    },
    async (request, reply) => exportConcentrators(services, request, reply, request.body),
  );
};
