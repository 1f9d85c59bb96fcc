import { DomainError, gatewayDecider } from '@hydrolog/domain';
import { getGateway, listGateways } from '@hydrolog/projections';
import {
  apiResponses,
  envelopeSchema,
  type GatewayView,
  gatewayBodySchema,
  gatewayKeySchema,
  gatewayListQuerySchema,
  gatewayViewSchema,
  listEnvelopeSchema,
  noDataResponses,
  pageQuerySchema,
  translate,
  uuidv7,
} from '@hydrolog/schemas';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { callerMetadata, callerOf, readAsCaller, requires } from '../auth/guard.ts';
import { execute } from '../commands.ts';
import { ok, okList, requestLanguage } from '../http.ts';
import { newGatewayKey } from '../ingest/auth.ts';
import type { Services } from '../services.ts';
import { EXPORT_MAX_ROWS, sendXlsx } from '../xlsx.ts';

const gatewayIdParams = z.object({ gatewayId: z.uuid() });
const keyResponse = apiResponses(envelopeSchema(gatewayKeySchema));

/** Gateways and concentrators of a tenant (back office): register, edit, rotate the key, revoke. */
export const gatewayRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const { db, store } = services;
  const meta = (request: FastifyRequest, expectedVersion?: number) => ({
    metadata: callerMetadata(request),
    expectedVersion: expectedVersion === undefined ? undefined : BigInt(expectedVersion),
    taken: 'error.gateway.nameExists' as const,
  });

  async function view(request: FastifyRequest, gatewayId: string): Promise<GatewayView> {
    const found = await readAsCaller(db, request, (sql) => getGateway(sql, gatewayId));
    if (!found) throw new DomainError('error.gateway.notFound');
    return found;
  }

  app.get(
    '/ingest/gateway/list',
    {
      config: requires('ingest:gateway:list'),
      schema: {
        tags: ['gateways'],
        summary: 'List gateways and concentrators',
        querystring: pageQuerySchema.extend(gatewayListQuerySchema.shape),
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
    async (request) => ok(request, await view(request, request.params.gatewayId)),
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
    async (request) => {
      const gatewayId = uuidv7();
      const { key, keyHash, keyPrefix } = newGatewayKey();
      await execute(
        store,
        gatewayDecider,
        gatewayId,
        [
          {
            type: 'RegisterGateway',
            gatewayId,
            tenantId: callerOf(request).tenantId,
            ...request.body,
            keyHash,
            keyPrefix,
            createdAt: new Date().toISOString(),
          },
        ],
        meta(request),
      );
      return ok(request, { gatewayId, key });
    },
  );

  app.put(
    '/ingest/gateway',
    {
      config: requires('ingest:gateway:edit'),
      schema: {
        tags: ['gateways'],
        summary: 'Change a gateway',
        body: gatewayBodySchema.extend({ gatewayId: z.uuid(), version: z.number().int().min(0) }),
        response: apiResponses(envelopeSchema(gatewayViewSchema)),
      },
    },
    async (request) => {
      const { gatewayId, version, ...body } = request.body;
      await view(request, gatewayId); // another tenant's gateway is "not found"
      await execute(
        store,
        gatewayDecider,
        gatewayId,
        [{ type: 'ChangeGateway', ...body }],
        meta(request, version),
      );
      return ok(request, await view(request, gatewayId));
    },
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
    async (request) => {
      const { gatewayId } = request.params;
      await view(request, gatewayId);
      const { key, keyHash, keyPrefix } = newGatewayKey();
      await execute(
        store,
        gatewayDecider,
        gatewayId,
        [{ type: 'RotateGatewayKey', keyHash, keyPrefix, rotatedAt: new Date().toISOString() }],
        meta(request),
      );
      return ok(request, { gatewayId, key });
    },
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
      const { gatewayId } = request.params;
      await view(request, gatewayId);
      await execute(
        store,
        gatewayDecider,
        gatewayId,
        [{ type: 'RevokeGateway', revokedAt: new Date().toISOString() }],
        meta(request),
      );
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
    async (request, reply) => {
      const language = requestLanguage(request);
      const t = (key: Parameters<typeof translate>[0]) => translate(key, language);
      const { rows } = await readAsCaller(db, request, (sql) =>
        listGateways(sql, { ...request.body, pageNum: 1, pageSize: EXPORT_MAX_ROWS }),
      );
      return sendXlsx<GatewayView>(
        reply,
        'gateways',
        [
          { header: t('gateway.name'), value: (r) => r.name, width: 28 },
          { header: t('gateway.kind'), value: (r) => t(`gateway.kind.${r.kind}`) },
          { header: t('gateway.manufacturer'), value: (r) => r.manufacturer },
          { header: t('gateway.status'), value: (r) => t(`gateway.status.${r.status}`) },
          { header: t('gateway.keyPrefix'), value: (r) => r.keyPrefix },
          { header: t('gateway.meters'), value: (r) => r.meterCount },
          { header: t('gateway.lastSeen'), value: (r) => r.lastSeenAt, width: 26 },
          { header: t('gateway.created'), value: (r) => r.createTime, width: 26 },
        ],
        rows,
      );
    },
  );
};
