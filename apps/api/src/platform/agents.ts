import { agentAccountDecider } from '@hydrolog/domain';
import type { Database, EventStore } from '@hydrolog/eventstore';
import { getAgent, listAgentMovements } from '@hydrolog/projections';
import {
  type AgentView,
  type agentPurchaseMethodBodySchema,
  type agentRechargeBodySchema,
  type agentWithdrawBodySchema,
  type PageQuery,
  uuidv7,
} from '@hydrolog/schemas';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { callerOf, readAsCaller } from '../auth/guard.ts';
import { execute } from '../commands.ts';
import { existing, meta, thirdPartyOf } from './records.ts';

// Agents are users of the platform tenant: read behind its row-level security.

export const agentOf = async (db: Database, request: FastifyRequest, userId: string): Promise<AgentView> =>
  existing(await readAsCaller(db, request, (sql) => getAgent(sql, userId)), 'error.agent.notFound');

/** The movements of an agent's account, newest first. */
export async function agentMovements(
  db: Database,
  request: FastifyRequest,
  query: PageQuery & { userId: string },
) {
  await agentOf(db, request, query.userId);
  return readAsCaller(db, request, (sql) => listAgentMovements(sql, query));
}

export async function setPurchaseMethod(
  store: EventStore,
  db: Database,
  request: FastifyRequest,
  { userId, purchaseMethod }: z.output<typeof agentPurchaseMethodBodySchema>,
) {
  await agentOf(db, request, userId);
  await execute(
    store,
    agentAccountDecider,
    userId,
    [{ type: 'SetPurchaseMethod', userId, purchaseMethod }],
    meta(request),
  );
  return agentOf(db, request, userId);
}

/** Credits an agent's account, through a third-party platform when the agent buys that way. */
export async function rechargeAgent(
  store: EventStore,
  db: Database,
  request: FastifyRequest,
  { userId, amount, thirdPartyId, remark }: z.output<typeof agentRechargeBodySchema>,
) {
  await agentOf(db, request, userId);
  if (thirdPartyId) await thirdPartyOf(db, thirdPartyId);
  const command = {
    type: 'Recharge',
    movementId: uuidv7(),
    userId,
    amount,
    thirdPartyId,
    remark: remark || null,
    operator: callerOf(request).userName,
    at: new Date().toISOString(),
  } as const;
  await execute(store, agentAccountDecider, userId, [command], meta(request));
  return agentOf(db, request, userId);
}

/** Debits an agent's account (a transfer out or a withdrawal); the decider keeps it from going below zero. */
export async function withdrawAgent(
  store: EventStore,
  db: Database,
  request: FastifyRequest,
  { userId, amount, remark }: z.output<typeof agentWithdrawBodySchema>,
) {
  await agentOf(db, request, userId);
  const command = {
    type: 'Withdraw',
    movementId: uuidv7(),
    userId,
    amount,
    remark: remark || null,
    operator: callerOf(request).userName,
    at: new Date().toISOString(),
  } as const;
  await execute(store, agentAccountDecider, userId, [command], meta(request));
  return agentOf(db, request, userId);
}
