import { agentAccountDecider } from '@hydrolog/domain';
import type { Database, EventStore } from '@hydrolog/eventstore';
import { type agentRechargeBodySchema, uuidv7 } from '@hydrolog/schemas';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { callerOf } from '../auth/guard.ts';
import { execute } from '../commands.ts';
import { agentOf } from './agents.ts';
import { meta, thirdPartyOf } from './records.ts';

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
