import { listCarriers, listRegions, listThirdParties } from '@hydrolog/projections';
import {
  agentMovementViewSchema,
  apiResponses,
  carrierBodySchema,
  carrierListQuerySchema,
  carrierViewSchema,
  envelopeSchema,
  idListSchema,
  listEnvelopeSchema,
  noDataResponses,
  regionBodySchema,
  regionListQuerySchema,
  regionViewSchema,
  thirdPartyBodySchema,
  thirdPartyListQuerySchema,
  thirdPartyRechargeQuerySchema,
  thirdPartyViewSchema,
  updateCarrierBodySchema,
  updateRegionBodySchema,
  updateThirdPartyBodySchema,
} from '@hydrolog/schemas';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { operatorOnly } from '../auth/guard.ts';
import type { Identity } from '../auth/identity.ts';
import { distinctIds, ok, okList } from '../http.ts';
import { deleteCarriers } from './delete-carriers.ts';
import { deleteRegion } from './delete-region.ts';
import { deleteThirdParties } from './delete-third-parties.ts';
import { carrierOf, regionOf, thirdPartyOf, thirdPartyRecharges } from './records.ts';
import { saveCarrier } from './save-carrier.ts';
import { saveRegion } from './save-region.ts';
import { saveThirdParty } from './save-third-party.ts';

type ZodApp = Parameters<FastifyPluginAsyncZod>[0];

const ids = (key: string) => z.object({ [key]: idListSchema });

/**
 * The routes every kind of platform record has: one record by id, add, change; when given, its page
 * list and deleting several at once. Paths and permissions follow the record's `path` and `permission`
 * ('/tenant/carrier/list', 'tenant:carrier:add').
 */
function registerRecord<
  Body extends z.ZodObject,
  Update extends z.ZodObject,
  Query extends z.ZodObject,
  View,
>(
  app: ZodApp,
  record: {
    path: string;
    permission: string;
    tag: string;
    idKey: string;
    view: z.ZodType<View>;
    body: Body;
    update: Update;
    summaries: { one: string; add: string; change: string };
    find(id: string): Promise<View>;
    /** Adds the record (`id` null) or changes a known one; answers it as saved. */
    save(request: FastifyRequest, id: string | null, body: z.infer<Body>): Promise<View>;
    list?: {
      summary: string;
      query: Query;
      read(query: z.infer<Query>): Promise<{ total: number; rows: View[] }>;
    };
    removeMany?: {
      summary: string;
      /** Deletes the records, all or none: one refused (unknown, or still in use) leaves every one in place. */
      remove(request: FastifyRequest, ids: readonly string[]): Promise<unknown>;
    };
  },
) {
  const { path, permission, tag, idKey, find, save, list, removeMany } = record;
  const response = apiResponses(envelopeSchema(record.view));
  if (list)
    app.get(
      `${path}/list`,
      {
        config: operatorOnly(`${permission}:list`),
        schema: {
          tags: [tag],
          summary: list.summary,
          querystring: list.query,
          response: apiResponses(listEnvelopeSchema(record.view)),
        },
      },
      async (request) => okList(request, await list.read(request.query as z.infer<Query>)),
    );
  app.get(
    `${path}/:${idKey}`,
    {
      config: operatorOnly(`${permission}:query`),
      schema: {
        tags: [tag],
        summary: record.summaries.one,
        params: z.object({ [idKey]: z.uuid() }),
        response,
      },
    },
    async (request) => ok(request, await find(String((request.params as Record<string, unknown>)[idKey]))),
  );
  app.post(
    path,
    {
      config: operatorOnly(`${permission}:add`),
      schema: { tags: [tag], summary: record.summaries.add, body: record.body, response },
    },
    async (request) => ok(request, await save(request, null, request.body as z.infer<Body>)),
  );
  app.put(
    path,
    {
      config: operatorOnly(`${permission}:edit`),
      schema: { tags: [tag], summary: record.summaries.change, body: record.update, response },
    },
    async (request) => {
      const { [idKey]: id, ...body } = request.body as Record<string, unknown>;
      return ok(request, await save(request, String(id), body as z.infer<Body>));
    },
  );
  if (removeMany)
    app.delete(
      `${path}/:${idKey}s`,
      {
        config: operatorOnly(`${permission}:remove`),
        schema: {
          tags: [tag],
          summary: removeMany.summary,
          params: ids(`${idKey}s`),
          response: noDataResponses,
        },
      },
      async (request) => {
        await removeMany.remove(
          request,
          distinctIds(String((request.params as Record<string, unknown>)[`${idKey}s`])),
        );
        return ok(request, null);
      },
    );
}

/**
 * Platform records (spec section 2, operators only): mobile carriers with the country table, regions, and
 * third-party platforms with their recharge records.
 */
export const recordRoutes: FastifyPluginAsyncZod<{ identity: Identity }> = async (app, { identity }) => {
  const { db, store } = identity.services;

  // ---- Carriers ------------------------------------------------------------------------------------------

  registerRecord(app, {
    path: '/tenant/carrier',
    permission: 'tenant:carrier',
    tag: 'carrier',
    idKey: 'carrierId',
    view: carrierViewSchema,
    body: carrierBodySchema,
    update: updateCarrierBodySchema,
    summaries: { one: 'One carrier', add: 'Add a carrier', change: 'Change a carrier' },
    find: (carrierId) => carrierOf(db, carrierId),
    save: (request, carrierId, body) => saveCarrier(store, db, request, carrierId, body),
    list: {
      summary: 'Mobile carriers',
      query: carrierListQuerySchema,
      read: (query) => listCarriers(db, query),
    },
    removeMany: {
      summary: 'Delete carriers',
      remove: (request, ids) => deleteCarriers(store, db, request, ids),
    },
  });

  // ---- Regions -------------------------------------------------------------------------------------------

  app.get(
    '/tenant/region/list',
    {
      config: operatorOnly('tenant:region:list'),
      schema: {
        tags: ['region'],
        summary: 'Every region (a flat list; parentId makes the tree)',
        querystring: regionListQuerySchema,
        response: apiResponses(envelopeSchema(z.array(regionViewSchema))),
      },
    },
    async (request) => ok(request, await listRegions(db, request.query)),
  );

  registerRecord(app, {
    path: '/tenant/region',
    permission: 'tenant:region',
    tag: 'region',
    idKey: 'regionId',
    view: regionViewSchema,
    body: regionBodySchema,
    update: updateRegionBodySchema,
    summaries: {
      one: 'One region',
      add: 'Add a top region (no parent) or a sub-region',
      change: 'Change a region',
    },
    find: (regionId) => regionOf(db, regionId),
    save: (request, regionId, body) => saveRegion(store, db, request, regionId, body),
  });

  app.delete(
    '/tenant/region/:regionId',
    {
      config: operatorOnly('tenant:region:remove'),
      schema: {
        tags: ['region'],
        summary: 'Delete a region without sub-regions',
        params: z.object({ regionId: z.uuid() }),
        response: noDataResponses,
      },
    },
    async (request) => {
      await deleteRegion(store, db, request, request.params.regionId);
      return ok(request, null);
    },
  );

  // ---- Third-party platforms -----------------------------------------------------------------------------

  app.get(
    '/tenant/thirdParty/recharge/list',
    {
      config: operatorOnly('tenant:thirdParty:query'),
      schema: {
        tags: ['thirdParty'],
        summary: 'Recharge records through a third-party platform, newest first',
        querystring: thirdPartyRechargeQuerySchema,
        response: apiResponses(listEnvelopeSchema(agentMovementViewSchema)),
      },
    },
    async (request) => okList(request, await thirdPartyRecharges(db, request, request.query)),
  );

  registerRecord(app, {
    path: '/tenant/thirdParty',
    permission: 'tenant:thirdParty',
    tag: 'thirdParty',
    idKey: 'thirdPartyId',
    view: thirdPartyViewSchema,
    body: thirdPartyBodySchema,
    update: updateThirdPartyBodySchema,
    summaries: {
      one: 'One third-party platform',
      add: 'Add a third-party platform',
      change: 'Change a third-party platform',
    },
    find: (thirdPartyId) => thirdPartyOf(db, thirdPartyId),
    save: (request, thirdPartyId, body) => saveThirdParty(store, db, request, thirdPartyId, body),
    list: {
      summary: 'Third-party platforms with their recharge count and total',
      query: thirdPartyListQuerySchema,
      read: (query) => listThirdParties(db, query),
    },
    removeMany: {
      summary: 'Delete third-party platforms without recharge records',
      remove: (request, ids) => deleteThirdParties(store, db, request, ids),
    },
  });
};
