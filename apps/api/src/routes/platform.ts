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

  // ---- Carriers ------------------------------------------------------------------------------------------

  async function carrier(_request: FastifyRequest, carrierId: string) {
    const found = await getCarrier(db, carrierId);
    if (!found) throw new DomainError('error.carrier.notFound');
    return found;
  }
  async function saveCarrier(
    request: FastifyRequest,
    carrierId: string,
    body: z.infer<typeof carrierBodySchema>,
  ) {
    const country = countryByCode(body.country);
    if (!country) throw new DomainError('error.carrier.unknownCountry');
    const { remark, ...fields } = body;
    await execute(
      store,
      carrierDecider,
      carrierId,
      [{ type: 'Save', carrierId, ...fields, remark: remark || null }],
      meta(request),
    );
    return carrier(request, carrierId);
  }
  const carrierResponse = apiResponses(envelopeSchema(carrierViewSchema));

  app.get(
    '/tenant/carrier/list',
    {
      config: operatorOnly('tenant:carrier:list'),
      schema: {
        tags: ['carrier'],
        summary: 'Mobile carriers',
        querystring: pageQuerySchema.extend({
          carrierName: z.string().max(50).optional(),
          country: z.string().max(2).optional(),
        }),
        response: apiResponses(listEnvelopeSchema(carrierViewSchema)),
      },
    },
    async (request) => okList(request, await listCarriers(db, request.query)),
  );

  app.get(
    '/tenant/carrier/:carrierId',
    {
      config: operatorOnly('tenant:carrier:query'),
      schema: {
        tags: ['carrier'],
        summary: 'One carrier',
        params: z.object({ carrierId: z.uuid() }),
        response: carrierResponse,
      },
    },
    async (request) => ok(request, await carrier(request, request.params.carrierId)),
  );

  app.post(
    '/tenant/carrier',
    {
      config: operatorOnly('tenant:carrier:add'),
      schema: {
        tags: ['carrier'],
        summary: 'Add a carrier',
        body: carrierBodySchema,
        response: carrierResponse,
      },
    },
    async (request) => ok(request, await saveCarrier(request, uuidv7(), request.body)),
  );

  app.put(
    '/tenant/carrier',
    {
      config: operatorOnly('tenant:carrier:edit'),
      schema: {
        tags: ['carrier'],
        summary: 'Change a carrier',
        body: updateCarrierBodySchema,
        response: carrierResponse,
      },
    },
    async (request) => {
      const { carrierId, ...body } = request.body;
      await carrier(request, carrierId);
      return ok(request, await saveCarrier(request, carrierId, body));
    },
  );

  app.delete(
    '/tenant/carrier/:carrierIds',
    {
      config: operatorOnly('tenant:carrier:remove'),
      schema: {
        tags: ['carrier'],
        summary: 'Delete carriers',
        params: ids('carrierIds'),
        response: noDataResponses,
      },
    },
    async (request) => {
      const carrierIds = splitIds(String(request.params.carrierIds));
      for (const id of carrierIds) await carrier(request, id);
      for (const id of carrierIds)
        await execute(store, carrierDecider, id, [{ type: 'Delete' }], meta(request));
      return ok(request, null);
    },
  );

  // ---- Regions -------------------------------------------------------------------------------------------

  async function region(_request: FastifyRequest, regionId: string) {
    const found = await getRegion(db, regionId);
    if (!found) throw new DomainError('error.region.notFound');
    return found;
  }
  const saveRegion = async (
    request: FastifyRequest,
    regionId: string,
    body: z.infer<typeof regionBodySchema>,
  ) => {
    await execute(store, regionDecider, regionId, [{ type: 'Save', regionId, ...body }], {
      ...meta(request),
      taken: 'error.region.exists',
    });
    return region(request, regionId);
  };
  const regionResponse = apiResponses(envelopeSchema(regionViewSchema));

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

  app.get(
    '/tenant/region/:regionId',
    {
      config: operatorOnly('tenant:region:query'),
      schema: {
        tags: ['region'],
        summary: 'One region',
        params: z.object({ regionId: z.uuid() }),
        response: regionResponse,
      },
    },
    async (request) => ok(request, await region(request, request.params.regionId)),
  );

  app.post(
    '/tenant/region',
    {
      config: operatorOnly('tenant:region:add'),
      schema: {
        tags: ['region'],
        summary: 'Add a top region (no parent) or a sub-region',
        body: regionBodySchema,
        response: regionResponse,
      },
    },
    async (request) => {
      if (request.body.parentId) await region(request, request.body.parentId);
      return ok(request, await saveRegion(request, uuidv7(), request.body));
    },
  );

  app.put(
    '/tenant/region',
    {
      config: operatorOnly('tenant:region:edit'),
      schema: {
        tags: ['region'],
        summary: 'Change a region',
        body: updateRegionBodySchema,
        response: regionResponse,
      },
    },
    async (request) => {
      const { regionId, ...body } = request.body;
      await region(request, regionId);
      const { parentId } = body;
      if (parentId) {
        await region(request, parentId);
        if (await isRegionOrBelow(db, regionId, parentId)) throw new DomainError('error.region.parentLoop');
      }
      return ok(request, await saveRegion(request, regionId, body));
    },
  );

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

  async function thirdParty(_request: FastifyRequest, thirdPartyId: string) {
    const found = await getThirdParty(db, thirdPartyId);
    if (!found) throw new DomainError('error.thirdParty.notFound');
    return found;
  }
  const saveThirdParty = async (
    request: FastifyRequest,
    thirdPartyId: string,
    body: z.infer<typeof thirdPartyBodySchema>,
  ) => {
    await execute(store, thirdPartyDecider, thirdPartyId, [{ type: 'Save', thirdPartyId, ...body }], {
      ...meta(request),
      taken: 'error.thirdParty.codeExists',
    });
    return thirdParty(request, thirdPartyId);
  };
  const thirdPartyResponse = apiResponses(envelopeSchema(thirdPartyViewSchema));
  const movementList = apiResponses(listEnvelopeSchema(agentMovementViewSchema));

  app.get(
    '/tenant/thirdParty/list',
    {
      config: operatorOnly('tenant:thirdParty:list'),
      schema: {
        tags: ['thirdParty'],
        summary: 'Third-party platforms with their recharge count and total',
        querystring: pageQuerySchema.extend({
          code: z.string().max(30).optional(),
          name: z.string().max(50).optional(),
        }),
        response: apiResponses(listEnvelopeSchema(thirdPartyViewSchema)),
      },
    },
    async (request) => okList(request, await listThirdParties(db, request.query)),
  );

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

  app.get(
    '/tenant/thirdParty/:thirdPartyId',
    {
      config: operatorOnly('tenant:thirdParty:query'),
      schema: {
        tags: ['thirdParty'],
        summary: 'One third-party platform',
        params: z.object({ thirdPartyId: z.uuid() }),
        response: thirdPartyResponse,
      },
    },
    async (request) => ok(request, await thirdParty(request, request.params.thirdPartyId)),
  );

  app.post(
    '/tenant/thirdParty',
    {
      config: operatorOnly('tenant:thirdParty:add'),
      schema: {
        tags: ['thirdParty'],
        summary: 'Add a third-party platform',
        body: thirdPartyBodySchema,
        response: thirdPartyResponse,
      },
    },
    async (request) => ok(request, await saveThirdParty(request, uuidv7(), request.body)),
  );

  app.put(
    '/tenant/thirdParty',
    {
      config: operatorOnly('tenant:thirdParty:edit'),
      schema: {
        tags: ['thirdParty'],
        summary: 'Change a third-party platform',
        body: updateThirdPartyBodySchema,
        response: thirdPartyResponse,
      },
    },
    async (request) => {
      const { thirdPartyId, ...body } = request.body;
      await thirdParty(request, thirdPartyId);
      return ok(request, await saveThirdParty(request, thirdPartyId, body));
    },
  );

  app.delete(
    '/tenant/thirdParty/:thirdPartyIds',
    {
      config: operatorOnly('tenant:thirdParty:remove'),
      schema: {
        tags: ['thirdParty'],
        summary: 'Delete third-party platforms without recharge records',
        params: ids('thirdPartyIds'),
        response: noDataResponses,
      },
    },
    async (request) => {
      const thirdPartyIds = splitIds(String(request.params.thirdPartyIds));
      for (const id of thirdPartyIds)
        if ((await thirdParty(request, id)).rechargeCount > 0)
          throw new DomainError('error.thirdParty.hasRecharges');
      for (const id of thirdPartyIds)
        await execute(store, thirdPartyDecider, id, [{ type: 'Delete' }], meta(request));
      return ok(request, null);
    },
  );

  // ---- Agents --------------------------------------------------------------------------------------------

  async function agent(request: FastifyRequest, userId: string) {
    const found = await scoped(request, (sql) => getAgent(sql, userId));
    if (!found) throw new DomainError('error.agent.notFound');
    return found;
  }
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
