import { meterTypeDecider } from '@hydrolog/domain';
import type { FastifyRequest } from 'fastify';
import { commandContext } from '../caller-command.ts';
import { executeAll, type StreamCommand } from '../commands.ts';
import { distinctIds } from '../http.ts';
import type { Services } from '../services.ts';
import { meterTypeOf } from './meter-types.ts';

/** Deletes meter types that no meter uses, in one transaction: one refused type leaves every type in place. */
export async function deleteMeterTypes(
  { db, store }: Services,
  request: FastifyRequest,
  meterTypeIds: string,
): Promise<void> {
  const deletions: StreamCommand[] = [];
  for (const id of distinctIds(meterTypeIds)) {
    const type = await meterTypeOf(db, request, id);
    deletions.push({
      decider: meterTypeDecider,
      id: type.meterTypeId,
      command: { type: 'DeleteMeterType', metersUsing: type.meterCount },
    });
  }
  await executeAll(store, deletions, commandContext(request, 'error.meterType.exists'));
}
