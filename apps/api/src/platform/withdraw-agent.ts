import { agentAccountDecider } from '@hydrolog/domain';
import type { Database, EventStore } from '@hydrolog/eventstore';
import { type agentWithdrawBodySchema, uuidv7 } from '@hydrolog/schemas';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { callerOf } from '../auth/guard.ts';
import { execute } from '../commands.ts';
import { agentOf } from './agents.ts';
import { meta } from './records.ts';

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
