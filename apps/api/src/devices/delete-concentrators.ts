import { gatewayDecider } from '@hydrolog/domain';
import type { FastifyRequest } from 'fastify';
import { commandContext } from '../caller-command.ts';
import { executeAll, type StreamCommand } from '../commands.ts';
import { distinctIds } from '../http.ts';
import type { Services } from '../services.ts';
import { concentratorOf } from './concentrators.ts';

/**
 * Deletes the concentrators of a comma-separated id list: their gateway keys are revoked. One relaying
 * meters is refused by the gateway decider, and then none of the list is deleted (one transaction).
 */
export async function deleteConcentrators(
  { db, store }: Services,
  request: FastifyRequest,
  concentratorIds: string,
): Promise<void> {
  const revokedAt = new Date().toISOString();
  const revocations: StreamCommand[] = [];
  for (const id of distinctIds(concentratorIds)) {
    const { meterCount } = await concentratorOf(db, request, id);
    revocations.push({
      decider: gatewayDecider,
      id,
      command: { type: 'RevokeGateway', revokedAt, associatedMeters: meterCount },
    });
  }
  await executeAll(store, revocations, commandContext(request, 'error.gateway.nameExists'));
}
