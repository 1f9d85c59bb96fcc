import { meterGroupDecider } from '@hydrolog/domain';
import type { FastifyRequest } from 'fastify';
import { commandContext } from '../caller-command.ts';
import { executeAll } from '../commands.ts';
import { distinctIds } from '../http.ts';
import type { Services } from '../services.ts';
import { groupOf } from './groups.ts';

/** Deletes groups (the meters stay), all found first, in one transaction. */
export async function deleteGroups({ db, store }: Services, request: FastifyRequest, groupIds: string) {
  const ids = distinctIds(groupIds);
  for (const id of ids) await groupOf(db, request, id);
  await executeAll(
    store,
    ids.map((id) => ({ decider: meterGroupDecider, id, command: { type: 'DeleteMeterGroup' } })),
    commandContext(request, 'error.group.exists'),
  );
}
