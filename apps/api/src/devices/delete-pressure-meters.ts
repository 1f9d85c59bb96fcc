import { pressureMeterDecider } from '@hydrolog/domain';
import type { FastifyRequest } from 'fastify';
import { commandContext } from '../caller-command.ts';
import { executeAll, type StreamCommand } from '../commands.ts';
import { distinctIds } from '../http.ts';
import type { Services } from '../services.ts';
import { pressureMeterOf } from './pressure-meters.ts';

/** Deletes the pressure meters of a comma-separated id list in one transaction; their meters and readings stay. */
export async function deletePressureMeters(
  { db, store }: Services,
  request: FastifyRequest,
  pressureMeterIds: string,
): Promise<void> {
  const deletions: StreamCommand[] = [];
  for (const id of distinctIds(pressureMeterIds)) {
    await pressureMeterOf(db, request, id);
    deletions.push({ decider: pressureMeterDecider, id, command: { type: 'DeletePressureMeter' } });
  }
  await executeAll(store, deletions, commandContext(request, 'error.pressureMeter.exists'));
}
