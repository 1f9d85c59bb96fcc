import { listAgents } from '@hydrolog/projections';
import {
  agentListQuerySchema,
  agentMovementQuerySchema,
  agentMovementViewSchema,
  agentPurchaseMethodBodySchema,
  agentRechargeBodySchema,
  agentViewSchema,
  agentWithdrawBodySchema,
  apiResponses,
  envelopeSchema,
  listEnvelopeSchema,
} from '@hydrolog/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { operatorOnly, readAsCaller } from '../auth/guard.ts';
import type { Identity } from '../auth/identity.ts';
import { ok, okList } from '../http.ts';
import { agentMovements, agentOf } from './agents.ts';
import { rechargeAgent } from './recharge-agent.ts';
import { setPurchaseMethod } from './set-purchase-method.ts';
import { withdrawAgent } from './withdraw-agent.ts';

/** Agents with their accounts (spec section 2, operators only). */
export const agentRoutes: FastifyPluginAsyncZod<{ identity: Identity }> = async (app, { identity }) => {
  const { db, store } = identity.services;
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
        response: apiResponses(listEnvelopeSchema(agentMovementViewSchema)),
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
