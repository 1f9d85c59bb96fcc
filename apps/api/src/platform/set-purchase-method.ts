import { agentAccountDecider } from '@hydrolog/domain';
import type { Database, EventStore } from '@hydrolog/eventstore';
import type { agentPurchaseMethodBodySchema } from '@hydrolog/schemas';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { execute } from '../commands.ts';
import { agentOf } from './agents.ts';
import { meta } from './records.ts';

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
