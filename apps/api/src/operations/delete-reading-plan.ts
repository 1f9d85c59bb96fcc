import { readingPlanDecider } from '@hydrolog/domain';
import type { FastifyRequest } from 'fastify';
import { commandContext } from '../caller-command.ts';
import { execute } from '../commands.ts';
import type { Services } from '../services.ts';
import { readingPlanOf } from './reading-plans.ts';
import { actorOf } from './work-orders.ts';

/** Deletes a plan of the tenant; the readings entered on it stay readings of their meters. */
export async function deleteReadingPlan({ db, store }: Services, request: FastifyRequest, planId: string) {
  await readingPlanOf(db, request, planId);
  await execute(
    store,
    readingPlanDecider,
    planId,
    [{ type: 'DeleteReadingPlan', planId, ...actorOf(request) }],
    commandContext(request, 'error.readingPlan.exists'),
  );
}
