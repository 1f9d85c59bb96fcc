import { type CascadeCommand, cascadeDecider } from '@hydrolog/domain';
import {
  type meterPositionsBodySchema,
  type partitionBodySchema,
  type partitionUpdateBodySchema,
  uuidv7,
} from '@hydrolog/schemas';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { callerOf } from '../auth/guard.ts';
import { commandContext } from '../caller-command.ts';
import { execute } from '../commands.ts';
import type { Services } from '../services.ts';
import { partitionOf, tenantMeters } from './lookups.ts';

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

/** Creates a partition and its root metering point; answers both ids. */
export async function createPartition(
  services: Services,
  request: FastifyRequest,
  body: z.infer<typeof partitionBodySchema>,
) {
  const partitionId = uuidv7();
  const pointId = uuidv7();
  await executeOnPartition(services, request, partitionId, [
    {
      type: 'CreatePartition',
      partitionId,
      pointId,
      tenantId: callerOf(request).tenantId,
      ...body,
      createdAt: new Date().toISOString(),
    },
  ]);
  return { partitionId, pointId };
}

/** Changes a partition at the version the caller saw; answers it as it is now. */
export async function changePartition(
  services: Services,
  request: FastifyRequest,
  { partitionId, version, ...body }: z.infer<typeof partitionUpdateBodySchema>,
) {
  await partitionOf(services, request, partitionId);
  await executeOnPartition(services, request, partitionId, [{ type: 'ChangePartition', ...body }], version);
  return partitionOf(services, request, partitionId);
}

export async function deletePartition(services: Services, request: FastifyRequest, partitionId: string) {
  await partitionOf(services, request, partitionId);
  await executeOnPartition(services, request, partitionId, [
    { type: 'DeletePartition', deletedAt: new Date().toISOString() },
  ]);
}

/** Places registered meters of the tenant on a partition's map. */
export async function placeMeters(
  services: Services,
  request: FastifyRequest,
  { partitionId, positions }: z.infer<typeof meterPositionsBodySchema>,
) {
  await partitionOf(services, request, partitionId);
  await tenantMeters(
    services,
    request,
    positions.map((p) => p.meterNo),
  );
  await executeOnPartition(services, request, partitionId, [{ type: 'SetMeterPositions', positions }]);
}
