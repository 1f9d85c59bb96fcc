import { DomainError } from '@hydrolog/domain';
import { findMeters } from '@hydrolog/projections';
import type { MeterGroupView } from '@hydrolog/schemas';
import type { FastifyRequest } from 'fastify';
import { callerOf, readAsCaller } from '../auth/guard.ts';
import type { Services } from '../services.ts';
import { groupOf, runGroup } from './groups.ts';

/** The meter ids of these numbers in the caller's tenant; any unknown number refuses the whole request. */
async function meterIdsOf(
  db: Services['db'],
  request: FastifyRequest,
  meterNos: readonly string[],
): Promise<string[]> {
  const found = await readAsCaller(db, request, (sql) =>
    findMeters(sql, callerOf(request).tenantId, meterNos),
  );
  const unknown = [...new Set(meterNos)].filter((no) => !found.has(no));
  if (unknown.length > 0)
    throw new DomainError('error.group.unknownMeters', { meterNos: unknown.slice(0, 20).join(', ') });
  return meterNos.map((no) => found.get(no)!);
}

/** Adds meters to a group by number (those already in it are skipped). */
export async function addGroupMeters(
  { db, store }: Services,
  request: FastifyRequest,
  groupId: string,
  meterNos: readonly string[],
): Promise<MeterGroupView> {
  await groupOf(db, request, groupId);
  const meterIds = await meterIdsOf(db, request, meterNos);
  await runGroup(store, request, groupId, [{ type: 'AddGroupMeters', meterIds }]);
  return groupOf(db, request, groupId);
}
