import { personalSurchargeDecider } from '@hydrolog/domain';
import type { FastifyRequest } from 'fastify';
import { commandContext } from '../caller-command.ts';
import { executeAll, type StreamCommand } from '../commands.ts';
import { distinctIds } from '../http.ts';
import type { Services } from '../services.ts';
import { personalSurchargeOf } from './personal-surcharges.ts';

/** Unbinds the personal surcharges of a comma-separated id list. */
export async function deletePersonalSurcharges(
  { db, store }: Services,
  request: FastifyRequest,
  ids: string,
): Promise<void> {
  const deletions: StreamCommand[] = [];
  for (const id of distinctIds(ids)) {
    await personalSurchargeOf(db, request, id);
    deletions.push({ decider: personalSurchargeDecider, id, command: { type: 'Delete' } });
  }
  await executeAll(store, deletions, commandContext(request, 'error.personalSurcharge.exists'));
}
