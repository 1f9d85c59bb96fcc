import type { FastifyRequest } from 'fastify';
import { callerMetadata } from '../auth/guard.ts';
import type { CommandDispatch } from '../ingest/dispatch.ts';

/**
 * Opens or closes the valves of one meter or a batch, in one append: an unknown meter or one without a
 * valve refuses the batch whole. Answers the ids of the commands issued.
 */
export function operateValves(
  dispatch: CommandDispatch,
  request: FastifyRequest,
  action: 'open' | 'close',
  meterIds: readonly string[],
): Promise<string[]> {
  return dispatch.issue(callerMetadata(request), meterIds, action === 'open' ? 'valveOpen' : 'valveClose');
}
