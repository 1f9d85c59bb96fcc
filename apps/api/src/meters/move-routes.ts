import {
  apiResponses,
  envelopeSchema,
  listEnvelopeSchema,
  meterMoveBodySchema,
  meterMoveCandidateQuerySchema,
  meterMoveCandidateSchema,
  meterMoveListQuerySchema,
  meterMoveViewSchema,
  moveTenantQuerySchema,
  noDataResponses,
  pagedQuerySchema,
  tenantOptionSchema,
  tenantTypesSchema,
} from '@hydrolog/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { operatorOnly } from '../auth/guard.ts';
import { ok, okList } from '../http.ts';
import type { Services } from '../services.ts';
import { exportMeterMoves } from './export-meter-moves.ts';
import { listMoves, moveCandidates, moveMeters, moveTenants, moveTypes } from './move-meters.ts';

/**
 * Moving meters between tenants (spec sections 2, 3 and 5, platform operators only). Each meter goes with
 * its open account and its history (readings, volumes, valve and key commands); the whole selection moves
 * in one append or not at all.
 */
export const meterMoveRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const { db } = services;

  app.get(
    '/tenant/meterMove/list',
    {
      config: operatorOnly('business:meterMove:query'),
      schema: {
        tags: ['meters'],
        summary: 'List the meters moved between tenants',
        querystring: pagedQuerySchema(meterMoveListQuerySchema),
        response: apiResponses(listEnvelopeSchema(meterMoveViewSchema)),
      },
    },
    async (request) => okList(request, await listMoves(db, request, request.query)),
  );

  app.get(
    '/tenant/meterMove/tenants',
    {
      config: operatorOnly('business:meterMove:query'),
      schema: {
        tags: ['meters'],
        summary: 'The utility tenants meters can move between (the first 50 matching a name)',
        querystring: moveTenantQuerySchema,
        response: apiResponses(envelopeSchema(z.array(tenantOptionSchema))),
      },
    },
    async (request) => ok(request, await moveTenants(db, request.query.name)),
  );

  app.get(
    '/tenant/meterMove/types/:tenantId',
    {
      config: operatorOnly('business:meterMove:query'),
      schema: {
        tags: ['meters'],
        summary: "A tenant's meter types and customer types (the move form's choices)",
        params: z.object({ tenantId: z.uuid() }),
        response: apiResponses(envelopeSchema(tenantTypesSchema)),
      },
    },
    async (request) => ok(request, await moveTypes(db, request.params.tenantId)),
  );

  app.get(
    '/tenant/meterMove/meters',
    {
      config: operatorOnly('business:meterMove:query'),
      schema: {
        tags: ['meters'],
        summary: 'The meters of a tenant that can move: on open accounts of a customer type',
        querystring: pagedQuerySchema(meterMoveCandidateQuerySchema),
        response: apiResponses(listEnvelopeSchema(meterMoveCandidateSchema)),
      },
    },
    async (request) => okList(request, await moveCandidates(db, request.query)),
  );

  app.post(
    '/tenant/meterMove',
    {
      config: { ...operatorOnly('business:meterMove:move'), audit: '2' },
      schema: {
        tags: ['meters'],
        summary: 'Move meters, with their accounts and history, to another tenant',
        body: meterMoveBodySchema,
        response: noDataResponses,
      },
    },
    async (request) => {
      await moveMeters(services, request, request.body);
      return ok(request, null);
    },
  );

  app.post(
    '/tenant/meterMove/export',
    {
      config: { ...operatorOnly('business:meterMove:export'), audit: '5' },
      schema: {
        tags: ['meters'],
        summary: 'Export the meter moves of a filter (xlsx)',
        body: meterMoveListQuerySchema,
      },
    },
    async (request, reply) => exportMeterMoves(db, request, reply, request.body),
  );
};
