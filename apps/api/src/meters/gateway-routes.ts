import { listGateways } from '@hydrolog/projections';
import {
  apiResponses,
  envelopeSchema,
  gatewayBodySchema,
  gatewayKeySchema,
  gatewayListQuerySchema,
  gatewayViewSchema,
  listEnvelopeSchema,
  noDataResponses,
  pagedQuerySchema,
  updateGatewayBodySchema,
} from '@hydrolog/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { readAsCaller, requires } from '../auth/guard.ts';
import { ok, okList } from '../http.ts';
import type { Services } from '../services.ts';
import { changeGateway } from './change-gateway.ts';
import { exportGateways } from './export-gateways.ts';
import { gatewayOf } from './gateways.ts';
import { registerGateway } from './register-gateway.ts';
import { revokeGateway } from './revoke-gateway.ts';
import { rotateGatewayKey } from './rotate-gateway-key.ts';

const gatewayIdParams = z.object({ gatewayId: z.uuid() });
const keyResponse = apiResponses(envelopeSchema(gatewayKeySchema));

/** Gateways and concentrators of a tenant (back office): register, edit, rotate the key, revoke. */
export const gatewayRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const { db } = services;

  app.get(
    '/ingest/gateway/list',
    {
      config: requires('ingest:gateway:list'),
      schema: {
        tags: ['gateways'],
        summary: 'List gateways and concentrators',
        querystring: pagedQuerySchema(gatewayListQuerySchema),
        response: apiResponses(listEnvelopeSchema(gatewayViewSchema)),
      },
    },
    async (request) =>
      okList(request, await readAsCaller(db, request, (sql) => listGateways(sql, request.query))),
  );

  app.get(
    '/ingest/gateway/:gatewayId',
    {
      config: requires('ingest:gateway:query'),
      schema: {
        tags: ['gateways'],
        summary: 'One gateway',
        params: gatewayIdParams,
        response: apiResponses(envelopeSchema(gatewayViewSchema)),
      },
    },
    async (request) => ok(request, await gatewayOf(db, request, request.params.gatewayId)),
  );

  app.post(
    '/ingest/gateway',
    {
      config: requires('ingest:gateway:add'),
      schema: {
        tags: ['gateways'],
        summary: 'Register a gateway; its key is answered once',
        body: gatewayBodySchema,
        response: keyResponse,
      },
    },
    async (request) => ok(request, await registerGateway(services, request, request.body)),
  );

  app.put(
    '/ingest/gateway',
    {
      config: requires('ingest:gateway:edit'),
      schema: {
        tags: ['gateways'],
        summary: 'Change a gateway',
        body: updateGatewayBodySchema,
        response: apiResponses(envelopeSchema(gatewayViewSchema)),
      },
    },
    async (request) => ok(request, await changeGateway(services, request, request.body)),
  );

  app.put(
    '/ingest/gateway/:gatewayId/rotate',
    {
      config: requires('ingest:gateway:rotate'),
      schema: {
        tags: ['gateways'],
        summary: 'Give a gateway a new key; the old one stops working at once',
        params: gatewayIdParams,
        response: keyResponse,
      },
    },
    async (request) => ok(request, await rotateGatewayKey(services, request, request.params.gatewayId)),
  );

  app.delete(
    '/ingest/gateway/:gatewayId',
    {
      config: requires('ingest:gateway:remove'),
      schema: {
        tags: ['gateways'],
        summary: 'Revoke a gateway: its key stops working; it stays listed as revoked',
        params: gatewayIdParams,
        response: noDataResponses,
      },
    },
    async (request) => {
      await revokeGateway(services, request, request.params.gatewayId);
      return ok(request, null);
    },
  );

  app.post(
    '/ingest/gateway/export',
    {
      config: { ...requires('ingest:gateway:export'), audit: '5' },
      schema: {
        tags: ['gateways'],
        summary: 'Export the gateways of a filter (xlsx)',
        body: gatewayListQuerySchema,
      },
    },
    async (request, reply) => exportGateways(db, request, reply, request.body),
  );
};
