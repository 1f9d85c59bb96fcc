import { type CascadeCommand, cascadeDecider } from '@hydrolog/domain';
import type { FastifyRequest } from 'fastify';
import { commandContext } from '../caller-command.ts';
import { execute } from '../commands.ts';
import type { Services } from '../services.ts';

/** Decides commands on a partition's stream (its points and meters are in it); a taken name is refused. */
export const executeOnPartition = (
  services: Services,
  request: FastifyRequest,
  partitionId: string,
  commands: CascadeCommand[],
  expectedVersion?: number,
) =>
  execute(
    services.store,
    cascadeDecider,
    partitionId,
    commands,
    commandContext(request, 'error.cascade.nameExists', expectedVersion),
  );
