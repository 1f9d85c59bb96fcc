import type { MeterGroupBody, MeterGroupView } from '@hydrolog/schemas';
import type { FastifyRequest } from 'fastify';
import type { Services } from '../services.ts';
import { groupOf, runGroup } from './groups.ts';

export async function renameGroup(
  { db, store }: Services,
  request: FastifyRequest,
  { groupId, version, ...body }: MeterGroupBody & { groupId: string; version: number },
): Promise<MeterGroupView> {
  await groupOf(db, request, groupId);
  await runGroup(store, request, groupId, [{ type: 'ChangeMeterGroup', ...body }], version);
  return groupOf(db, request, groupId);
}
