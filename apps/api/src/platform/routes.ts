import { listAgents, listCarriers, listRegions, listThirdParties } from '@hydrolog/projections';
import {
  agentListQuerySchema,
  agentMovementQuerySchema,
  agentMovementViewSchema,
  agentPurchaseMethodBodySchema,
  agentRechargeBodySchema,
  agentViewSchema,
  agentWithdrawBodySchema,
  apiResponses,
  carrierBodySchema,
  carrierListQuerySchema,
  carrierViewSchema,
  envelopeSchema,
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
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { operatorOnly, readAsCaller } from '../auth/guard.ts';
import type { Identity } from '../auth/identity.ts';
import { ok, okList } from '../http.ts';
import { agentMovements, agentOf, rechargeAgent, setPurchaseMethod, withdrawAgent } from './agents.ts';
import { recordRoutes } from './record-routes.ts';
import {
  carrierOf,
  checkRegionParent,
  deleteCarriers,
  deleteRegion,
  deleteThirdParties,
  regionOf,
  saveCarrier,
  saveRegion,
  saveThirdParty,
  thirdPartyOf,
  thirdPartyRecharges,
} from './records.ts';

/**
 * Platform management (spec section 2, operators only): mobile carriers with the country table, regions,
 * third-party platforms with their recharge records, and agents with their accounts.
 */
export const platformRoutes: FastifyPluginAsyncZod<{ identity: Identity }> = async (app, { identity }) => {
  const { db, store } = identity.services;
  // ---- Carriers ------------------------------------------------------------------------------------------

  recordRoutes(app, {
    path: '/tenant/carrier',
    permission: 'tenant:carrier',
    tag: 'carrier',
    idKey: 'carrierId',
    view: carrierViewSchema,
    body: carrierBodySchema,
    update: updateCarrierBodySchema,
    summaries: { one: 'One carrier', add: 'Add a carrier', change: 'Change a carrier' },
    find: (_request, carrierId) => carrierOf(db, carrierId),
    save: (request, carrierId, body) => saveCarrier(store, request, carrierId, body),
    list: {
      summary: 'Mobile carriers',
      query: carrierListQuerySchema,
      read: (query) => listCarriers(db, query),
    },
    removeMany: {
      summary: 'Delete carriers',
      remove: (request, ids) => deleteCarriers(store, request, ids),
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

  recordRoutes(app, {
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
    find: (_request, regionId) => regionOf(db, regionId),
    save: (request, regionId, body) => saveRegion(store, db, request, regionId, body),
    checkSave: (_request, { parentId }) => checkRegionParent(db, parentId),
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

  const movementList = apiResponses(listEnvelopeSchema(agentMovementViewSchema));

  app.get(
    '/tenant/thirdParty/recharge/list',
    {
      config: operatorOnly('tenant:thirdParty:query'),
      schema: {
        tags: ['thirdParty'],
        summary: 'Recharge records through a third-party platform, newest first',
        querystring: thirdPartyRechargeQuerySchema,
        response: movementList,
      },
    },
    async (request) => okList(request, await thirdPartyRecharges(db, request, request.query)),
  );

  recordRoutes(app, {
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
    find: (_request, thirdPartyId) => thirdPartyOf(db, thirdPartyId),
    save: (request, thirdPartyId, body) => saveThirdParty(store, request, thirdPartyId, body),
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

  // ---- Agents --------------------------------------------------------------------------------------------

  const agentResponse = apiResponses(envelopeSchema(agentViewSchema));

  app.get(
    '/system/agent/list',
    {
      config: operatorOnly('system:agent:list'),
      schema: {
        tags: ['agent'],
        summary: 'Agents (users with an agent-type role) with balance, recharge totals and purchase method',
        querystring: agentListQuerySchema,
        response: apiResponses(listEnvelopeSchema(agentViewSchema)),
      },
    },
    async (request) =>
      okList(request, await readAsCaller(db, request, (sql) => listAgents(sql, request.query))),
  );

  app.get(
    '/system/agent/movements',
    {
      config: operatorOnly('system:agent:query'),
      schema: {
        tags: ['agent'],
        summary: "Movements of an agent's account, newest first",
        querystring: agentMovementQuerySchema,
        response: movementList,
      },
    },
    async (request) => okList(request, await agentMovements(db, request, request.query)),
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
    async (request) => ok(request, await agentOf(db, request, request.params.userId)),
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
    async (request) => ok(request, await setPurchaseMethod(store, db, request, request.body)),
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
    async (request) => ok(request, await rechargeAgent(store, db, request, request.body)),
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
    async (request) => ok(request, await withdrawAgent(store, db, request, request.body)),
  );
};
