import { deviceDecider } from '@hydrolog/domain';
import type { FastifyRequest } from 'fastify';
import { commandContext } from '../caller-command.ts';
import { executeAll, type StreamCommand } from '../commands.ts';
import { distinctIds } from '../http.ts';
import type { Services } from '../services.ts';
import { deviceOf } from './devices.ts';

/** Deletes the devices of a comma-separated id list in one transaction: all of them or, one unknown, none. */
export async function deleteDevices(
  { db, store }: Services,
  request: FastifyRequest,
  ids: string,
): Promise<void> {
  const deletions: StreamCommand[] = [];
  for (const id of distinctIds(ids)) {
    await deviceOf(db, request, id);
    deletions.push({ decider: deviceDecider, id, command: { type: 'Delete' } });
  }
  await executeAll(store, deletions, commandContext(request, 'error.device.exists'));
}
