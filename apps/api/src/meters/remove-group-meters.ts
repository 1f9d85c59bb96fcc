import type { MeterGroupView } from '@hydrolog/schemas';
import type { FastifyRequest } from 'fastify';
import type { Services } from '../services.ts';
import { groupOf, runGroup } from './groups.ts';

export async function removeGroupMeters(
  { db, store }: Services,
  request: FastifyRequest,
  groupId: string,
  meterIds: string,
): Promise<MeterGroupView> {
  await groupOf(db, request, groupId);
  await runGroup(store, request, groupId, [{ type: 'RemoveGroupMeters', meterIds: meterIds.split(',') }]);
  return groupOf(db, request, groupId);
}
