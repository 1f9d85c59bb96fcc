import { type CascadeCommand, cascadeDecider } from '@hydrolog/domain';
import { handledTypes, readingsProjection } from '@hydrolog/projections';
import type { FastifyRequest } from 'fastify';
import { commandContext } from '../caller-command.ts';
import { execute } from '../commands.ts';
import type { Services } from '../services.ts';

/**
 * Decides commands on a partition's stream (its points and meters are in it); a taken name is refused. When a
 * point's meters change, the answer waits for the readings projection, which keeps the points' running
 * totals the ranking reads.
 */
export async function executeOnPartition(
  services: Services,
  request: FastifyRequest,
  partitionId: string,
  commands: CascadeCommand[],
  expectedVersion?: number,
) {
  const result = await execute(
    services.store,
    cascadeDecider,
    partitionId,
    commands,
    commandContext(request, 'error.cascade.nameExists', expectedVersion),
  );
  const readingsTypes = handledTypes(readingsProjection);
  if (result.events.some((e) => readingsTypes.includes(e.type))) await services.runner.catchUp('readings');
  return result;
}
