import { DomainError, type MeterGroupCommand, meterGroupDecider } from '@hydrolog/domain';
import { findMeters, getMeterGroup } from '@hydrolog/projections';
import { type MeterGroupBody, type MeterGroupView, uuidv7 } from '@hydrolog/schemas';
import type { FastifyRequest } from 'fastify';
import { callerOf, readAsCaller } from '../auth/guard.ts';
import { commandContext } from '../caller-command.ts';
import { execute } from '../commands.ts';
import type { Services } from '../services.ts';

/** The caller's group, or "not found" (also for another tenant's id). */
export async function groupOf(
  db: Services['db'],
  request: FastifyRequest,
  groupId: string,
): Promise<MeterGroupView> {
  const found = await readAsCaller(db, request, (sql) => getMeterGroup(sql, groupId));
  if (!found) throw new DomainError('error.group.notFound');
  return found;
}

const run = (
  store: Services['store'],
  request: FastifyRequest,
  groupId: string,
  commands: MeterGroupCommand[],
  version?: number,
) =>
  execute(
    store,
    meterGroupDecider,
    groupId,
    commands,
    commandContext(request, 'error.group.exists', version),
  );

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

export async function createGroup(
  { db, store }: Services,
  request: FastifyRequest,
  body: MeterGroupBody,
): Promise<MeterGroupView> {
  const groupId = uuidv7();
  await run(store, request, groupId, [
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

export async function renameGroup(
  { db, store }: Services,
  request: FastifyRequest,
  { groupId, version, ...body }: MeterGroupBody & { groupId: string; version: number },
): Promise<MeterGroupView> {
  await groupOf(db, request, groupId);
  await run(store, request, groupId, [{ type: 'ChangeMeterGroup', ...body }], version);
  return groupOf(db, request, groupId);
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
  await run(store, request, groupId, [{ type: 'AddGroupMeters', meterIds }]);
  return groupOf(db, request, groupId);
}

export async function removeGroupMeters(
  { db, store }: Services,
  request: FastifyRequest,
  groupId: string,
  meterIds: string,
): Promise<MeterGroupView> {
  await groupOf(db, request, groupId);
  await run(store, request, groupId, [{ type: 'RemoveGroupMeters', meterIds: meterIds.split(',') }]);
  return groupOf(db, request, groupId);
}

/** Deletes groups (the meters stay); all are found first. */
export async function deleteGroups({ db, store }: Services, request: FastifyRequest, groupIds: string) {
  const ids = [...new Set(groupIds.split(','))];
  for (const id of ids) await groupOf(db, request, id);
  for (const id of ids) await run(store, request, id, [{ type: 'DeleteMeterGroup' }]);
}
