import { DomainError, meterTypeDecider } from '@hydrolog/domain';
import { getMeterType, listMeterTypes } from '@hydrolog/projections';
import type { MeterTypeBody, MeterTypeView } from '@hydrolog/schemas';
import type { FastifyRequest } from 'fastify';
import { callerMetadata, readAsCaller } from '../auth/guard.ts';
import { commandContext } from '../caller-command.ts';
import { execute, executeAll, type StreamCommand } from '../commands.ts';
import type { Services } from '../services.ts';
import { registerMeterType } from './registry.ts';

/** The caller's meter type, or "not found" (also for another tenant's id). */
export async function meterTypeOf(
  db: Services['db'],
  request: FastifyRequest,
  meterTypeId: string,
): Promise<MeterTypeView> {
  const found = await readAsCaller(db, request, (sql) => getMeterType(sql, meterTypeId));
  if (!found) throw new DomainError('error.meterType.notFound');
  return found;
}

/** Every meter type of the tenant, for choosing. */
export async function meterTypeOptions(
  db: Services['db'],
  request: FastifyRequest,
): Promise<MeterTypeView[]> {
  const page = await readAsCaller(db, request, (sql) =>
    listMeterTypes(sql, { pageNum: 1, pageSize: 10_000 }),
  );
  return page.rows;
}

export async function createMeterType(
  { db, store }: Services,
  request: FastifyRequest,
  body: MeterTypeBody,
): Promise<MeterTypeView> {
  const meterTypeId = await registerMeterType(store, callerMetadata(request), body);
  return meterTypeOf(db, request, meterTypeId);
}

export async function changeMeterType(
  { db, store }: Services,
  request: FastifyRequest,
  { meterTypeId, version, ...body }: MeterTypeBody & { meterTypeId: string; version: number },
): Promise<MeterTypeView> {
  await meterTypeOf(db, request, meterTypeId);
  await execute(
    store,
    meterTypeDecider,
    meterTypeId,
    [{ type: 'ChangeMeterType', ...body }],
    commandContext(request, 'error.meterType.exists', version),
  );
  return meterTypeOf(db, request, meterTypeId);
}

/** Deletes meter types that no meter uses, in one transaction: one refused type leaves every type in place. */
export async function deleteMeterTypes(
  { db, store }: Services,
  request: FastifyRequest,
  meterTypeIds: string,
): Promise<void> {
  const deletions: StreamCommand[] = [];
  for (const id of new Set(meterTypeIds.split(','))) {
    const type = await meterTypeOf(db, request, id);
    deletions.push({
      decider: meterTypeDecider,
      id: type.meterTypeId,
      command: { type: 'DeleteMeterType', metersUsing: type.meterCount },
    });
  }
  await executeAll(store, deletions, commandContext(request, 'error.meterType.exists'));
}
