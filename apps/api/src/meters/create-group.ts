import { type MeterGroupBody, type MeterGroupView, uuidv7 } from '@hydrolog/schemas';
import type { FastifyRequest } from 'fastify';
import { callerOf } from '../auth/guard.ts';
import type { Services } from '../services.ts';
import { groupOf, runGroup } from './groups.ts';

export async function createGroup(
  { db, store }: Services,
  request: FastifyRequest,
  body: MeterGroupBody,
): Promise<MeterGroupView> {
  const groupId = uuidv7();
  await runGroup(store, request, groupId, [
    {
      type: 'CreateMeterGroup',
      groupId,
      tenantId: callerOf(request).tenantId,
      ...body,
      createdAt: new Date().toISOString(),
    },
  ]);
  return groupOf(db, request, groupId);
}
