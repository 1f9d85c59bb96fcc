import { flowMeterDecider } from '@hydrolog/domain';
import type { FastifyRequest } from 'fastify';
import { commandContext } from '../caller-command.ts';
import { executeAll, type StreamCommand } from '../commands.ts';
import { distinctIds } from '../http.ts';
import type { Services } from '../services.ts';
import { flowMeterOf } from './flow-meters.ts';

/** Deletes the flow meters of a comma-separated id list in one transaction; their meters and readings stay. */
export async function deleteFlowMeters(
  { db, store }: Services,
  request: FastifyRequest,
  flowMeterIds: string,
): Promise<void> {
  const deletions: StreamCommand[] = [];
  for (const id of distinctIds(flowMeterIds)) {
    await flowMeterOf(db, request, id);
    deletions.push({ decider: flowMeterDecider, id, command: { type: 'DeleteFlowMeter' } });
  }
  await executeAll(store, deletions, commandContext(request, 'error.flowMeter.exists'));
}
