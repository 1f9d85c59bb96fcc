import type { FastifyRequest } from 'fastify';
import type { Services } from '../services.ts';
import { groupOf, runGroup } from './groups.ts';

/** Deletes groups (the meters stay); all are found first. */
export async function deleteGroups({ db, store }: Services, request: FastifyRequest, groupIds: string) {
  const ids = [...new Set(groupIds.split(','))];
  for (const id of ids) await groupOf(db, request, id);
  for (const id of ids) await runGroup(store, request, id, [{ type: 'DeleteMeterGroup' }]);
}
