import {
  agentAccountDecider,
  carrierDecider,
  DomainError,
  regionDecider,
  thirdPartyDecider,
} from '@hydrolog/domain';
import type { Sql } from '@hydrolog/eventstore';
import {
  getAgent,
  getCarrier,
  getRegion,
  getThirdParty,
  isRegionOrBelow,
  listAgentMovements,
  listAgents,
  listCarriers,
  listRegions,
  listThirdParties,
} from '@hydrolog/projections';
import {
  agentMovementViewSchema,
  agentPurchaseMethodBodySchema,
  agentRechargeBodySchema,
  agentViewSchema,
  agentWithdrawBodySchema,
  apiResponses,
  carrierBodySchema,
  carrierViewSchema,
  countryByCode,
  envelopeSchema,
  idListSchema,
  listEnvelopeSchema,
  type MessageKey,
  noDataResponses,
  pageQuerySchema,
  purchaseMethodSchema,
  regionBodySchema,
  regionViewSchema,
  thirdPartyBodySchema,
  thirdPartyViewSchema,
  updateCarrierBodySchema,
  updateRegionBodySchema,
  updateThirdPartyBodySchema,
  uuidv7,
} from '@hydrolog/schemas';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { callerMetadata, callerOf, operatorOnly, readAsCaller } from '../auth/guard.ts';
import type { Identity } from '../auth/identity.ts';
import { execute } from '../commands.ts';
import { ok, okList } from '../http.ts';

const ids = (key: string) => z.object({ [key]: idListSchema });
const splitIds = (value: string) => [...new Set(value.split(','))];
/** The record read, or the refusal with its not-found message. */
const existing = <T>(found: T | null, notFound: MessageKey): T => {
  if (!found) throw new DomainError(notFound);
  return found;
};

/**
 * Platform management (spec section 2, operators only): mobile carriers with the country table, regions,
 * third-party platforms with their recharge records, and agents with their accounts.
 */
export const platformRoutes: FastifyPluginAsyncZod<{ identity: Identity }> = async (app, { identity }) => {
  const { db, store } = identity.services;
  const meta = (request: FastifyRequest) => ({ metadata: callerMetadata(request) });
  // Carriers, regions and third parties are the platform's (no tenant rows): read as they are. Agents are
  // users of the platform tenant: read behind its row-level security.
  const scoped = <T>(request: FastifyRequest, work: (sql: Sql) => Promise<T>) =>
    readAsCaller(db, request, work);

  /**
   * The routes every kind of platform record has: one record by id, add, change; when given, its page
   * list and deleting several at once. Paths and permissions follow the record's `path` and `permission`
   * ('/tenant/carrier/list', 'tenant:carrier:add'). A change and a delete first read the record, so an
   * unknown id is refused with the record's own message.
   */
  function recordRoutes<
    Body extends z.ZodObject,
    Update extends z.ZodObject,
    Query extends z.ZodObject,
    View,
  >(record: {
    path: string;
    permission: string;
    tag: string;
    idKey: string;
    view: z.ZodType<View>;
    body: Body;
    update: Update;
    summaries: { one: string; add: string; change: string };
    find(request: FastifyRequest, id: string): Promise<View>;
    /** Appends the save; the route answers with the record read back. */
    save(request: FastifyRequest, id: string, body: z.infer<Body>): Promise<unknown>;
    /** What a save checks beyond the record (a region's parent); `existingId` is null when adding. */
    checkSave?(request: FastifyRequest, body: z.infer<Body>, existingId: string | null): Promise<void>;
    list?: {
      summary: string;
      query: Query;
      read(query: z.infer<Query>): Promise<{ total: number; rows: View[] }>;
    };
    removeMany?: {
      summary: string;
      /** Refuses to delete a record still in use. */
      check?(found: View): void;
      remove(request: FastifyRequest, id: string): Promise<unknown>;
    };
  }) {
    const { path, permission, tag, idKey, find, save, checkSave, list, removeMany } = record;
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
      async (request) =>
        ok(request, await find(request, String((request.params as Record<string, unknown>)[idKey]))),
    );
    app.post(
      path,
      {
        config: operatorOnly(`${permission}:add`),
        schema: { tags: [tag], summary: record.summaries.add, body: record.body, response },
      },
      async (request) => {
        const body = request.body as z.infer<Body>;
        await checkSave?.(request, body, null);
        const id = uuidv7();
        await save(request, id, body);
        return ok(request, await find(request, id));
      },
    );
    app.put(
      path,
      {
        config: operatorOnly(`${permission}:edit`),
        schema: { tags: [tag], summary: record.summaries.change, body: record.update, response },
      },
      async (request) => {
        const { [idKey]: id, ...body } = request.body as Record<string, unknown>;
        await find(request, String(id));
        await checkSave?.(request, body as z.infer<Body>, String(id));
        await save(request, String(id), body as z.infer<Body>);
        return ok(request, await find(request, String(id)));
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
          const recordIds = splitIds(String((request.params as Record<string, unknown>)[`${idKey}s`]));
          for (const id of recordIds) removeMany.check?.(await find(request, id));
          for (const id of recordIds) await removeMany.remove(request, id);
          return ok(request, null);
        },
      );
  }

  // ---- Carriers ------------------------------------------------------------------------------------------

  const carrier = async (_request: FastifyRequest, carrierId: string) =>
    existing(await getCarrier(db, carrierId), 'error.carrier.notFound');
  recordRoutes({
    path: '/tenant/carrier',
    permission: 'tenant:carrier',
    tag: 'carrier',
    idKey: 'carrierId',
    view: carrierViewSchema,
    body: carrierBodySchema,
    update: updateCarrierBodySchema,
    summaries: { one: 'One carrier', add: 'Add a carrier', change: 'Change a carrier' },
    find: carrier,
    async save(request, carrierId, { remark, ...fields }) {
      if (!countryByCode(fields.country)) throw new DomainError('error.carrier.unknownCountry');
      await execute(
        store,
        carrierDecider,
        carrierId,
        [{ type: 'Save', carrierId, ...fields, remark: remark || null }],
        meta(request),
      );
    },
    list: {
      summary: 'Mobile carriers',
      query: pageQuerySchema.extend({
        carrierName: z.string().max(50).optional(),
        country: z.string().max(2).optional(),
      }),
      read: (query) => listCarriers(db, query),
    },
    removeMany: {
      summary: 'Delete carriers',
      remove: (request, id) => execute(store, carrierDecider, id, [{ type: 'Delete' }], meta(request)),
    },
  });

  // ---- Regions -------------------------------------------------------------------------------------------

  const region = async (_request: FastifyRequest, regionId: string) =>
    existing(await getRegion(db, regionId), 'error.region.notFound');
  app.get(
    '/tenant/region/list',
    {
      config: operatorOnly('tenant:region:list'),
      schema: {
        tags: ['region'],
        summary: 'Every region (a flat list; parentId makes the tree)',
        querystring: z.object({ regionName: z.string().max(50).optional() }),
        response: apiResponses(envelopeSchema(z.array(regionViewSchema))),
      },
    },
    async (request) => ok(request, await listRegions(db, request.query)),
  );

  recordRoutes({
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
    find: region,
    save: (request, regionId, body) =>
      execute(store, regionDecider, regionId, [{ type: 'Save', regionId, ...body }], {
        ...meta(request),
        taken: 'error.region.exists',
      }),
    async checkSave(request, { parentId }, regionId) {
      if (!parentId) return;
      await region(request, parentId);
      if (regionId && (await isRegionOrBelow(db, regionId, parentId)))
        throw new DomainError('error.region.parentLoop');
    },
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
      const found = await region(request, request.params.regionId);
      if (found.childCount > 0) throw new DomainError('error.region.hasChildren');
      await execute(store, regionDecider, found.regionId, [{ type: 'Delete' }], meta(request));
      return ok(request, null);
    },
  );

  // ---- Third-party platforms -----------------------------------------------------------------------------

  const thirdParty = async (_request: FastifyRequest, thirdPartyId: string) =>
    existing(await getThirdParty(db, thirdPartyId), 'error.thirdParty.notFound');
  const movementList = apiResponses(listEnvelopeSchema(agentMovementViewSchema));

  app.get(
    '/tenant/thirdParty/recharge/list',
    {
      config: operatorOnly('tenant:thirdParty:query'),
      schema: {
        tags: ['thirdParty'],
        summary: 'Recharge records through a third-party platform, newest first',
        querystring: pageQuerySchema.extend({ thirdPartyId: z.uuid() }),
        response: movementList,
      },
    },
    async (request) => {
      await thirdParty(request, request.query.thirdPartyId);
      return okList(request, await scoped(request, (sql) => listAgentMovements(sql, request.query)));
    },
  );

  recordRoutes({
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
    find: thirdParty,
    save: (request, thirdPartyId, body) =>
      execute(store, thirdPartyDecider, thirdPartyId, [{ type: 'Save', thirdPartyId, ...body }], {
        ...meta(request),
        taken: 'error.thirdParty.codeExists',
      }),
    list: {
      summary: 'Third-party platforms with their recharge count and total',
      query: pageQuerySchema.extend({
        code: z.string().max(30).optional(),
        name: z.string().max(50).optional(),
      }),
      read: (query) => listThirdParties(db, query),
    },
    removeMany: {
      summary: 'Delete third-party platforms without recharge records',
      check(found) {
        if (found.rechargeCount > 0) throw new DomainError('error.thirdParty.hasRecharges');
      },
      remove: (request, id) => execute(store, thirdPartyDecider, id, [{ type: 'Delete' }], meta(request)),
    },
  });

  // ---- Agents --------------------------------------------------------------------------------------------

  const agent = async (request: FastifyRequest, userId: string) =>
    existing(await scoped(request, (sql) => getAgent(sql, userId)), 'error.agent.notFound');
  const agentResponse = apiResponses(envelopeSchema(agentViewSchema));
  const now = () => new Date().toISOString();

  app.get(
    '/system/agent/list',
    {
      config: operatorOnly('system:agent:list'),
      schema: {
        tags: ['agent'],
        summary: 'Agents (users with an agent-type role) with balance, recharge totals and purchase method',
        querystring: pageQuerySchema.extend({
          userName: z.string().max(30).optional(),
          purchaseMethod: purchaseMethodSchema.optional(),
        }),
        response: apiResponses(listEnvelopeSchema(agentViewSchema)),
      },
    },
    async (request) => okList(request, await scoped(request, (sql) => listAgents(sql, request.query))),
  );

  app.get(
    '/system/agent/movements',
    {
      config: operatorOnly('system:agent:query'),
      schema: {
        tags: ['agent'],
        summary: "Movements of an agent's account, newest first",
        querystring: pageQuerySchema.extend({ userId: z.uuid() }),
        response: movementList,
      },
    },
    async (request) => {
      await agent(request, request.query.userId);
      return okList(request, await scoped(request, (sql) => listAgentMovements(sql, request.query)));
    },
  );

  app.get(
    '/system/agent/:userId',
    {
      config: operatorOnly('system:agent:query'),
      schema: {
        tags: ['agent'],
        summary: 'One agent',
        params: z.object({ userId: z.uuid() }),
        response: agentResponse,
      },
    },
    async (request) => ok(request, await agent(request, request.params.userId)),
  );

  app.put(
    '/system/agent/purchaseMethod',
    {
      config: operatorOnly('system:agent:edit'),
      schema: {
        tags: ['agent'],
        summary: 'Set how an agent buys (spec section 9: proprietary channel, POS, third party)',
        body: agentPurchaseMethodBodySchema,
        response: agentResponse,
      },
    },
    async (request) => {
      const { userId, purchaseMethod } = request.body;
      await agent(request, userId);
      await execute(
        store,
        agentAccountDecider,
        userId,
        [{ type: 'SetPurchaseMethod', userId, purchaseMethod }],
        meta(request),
      );
      return ok(request, await agent(request, userId));
    },
  );

  app.post(
    '/system/user/agentRecharge',
    {
      config: operatorOnly('system:agent:recharge'),
      schema: {
        tags: ['agent'],
        summary: "Credit an agent's account (through a third-party platform when the agent buys that way)",
        body: agentRechargeBodySchema,
        response: agentResponse,
      },
    },
    async (request) => {
      const { userId, amount, thirdPartyId, remark } = request.body;
      await agent(request, userId);
      if (thirdPartyId) await thirdParty(request, thirdPartyId);
      const command = {
        type: 'Recharge',
        movementId: uuidv7(),
        userId,
        amount,
        thirdPartyId,
        remark: remark || null,
        operator: callerOf(request).userName,
        at: now(),
      } as const;
      await execute(store, agentAccountDecider, userId, [command], meta(request));
      return ok(request, await agent(request, userId));
    },
  );

  app.post(
    '/system/user/agentWithdraw',
    {
      config: operatorOnly('system:agent:recharge'),
      schema: {
        tags: ['agent'],
        summary: "Debit an agent's account (a transfer out or a withdrawal); never below zero",
        body: agentWithdrawBodySchema,
        response: agentResponse,
      },
    },
    async (request) => {
      const { userId, amount, remark } = request.body;
      await agent(request, userId);
      const command = {
        type: 'Withdraw',
        movementId: uuidv7(),
        userId,
        amount,
        remark: remark || null,
        operator: callerOf(request).userName,
        at: now(),
      } as const;
      await execute(store, agentAccountDecider, userId, [command], meta(request));
      return ok(request, await agent(request, userId));
    },
  );
};
