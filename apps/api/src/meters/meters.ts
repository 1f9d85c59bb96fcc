import { DomainError, meterDecider } from '@hydrolog/domain';
import { activeAccountOfMeter, findMeters, getMeterView, meterHasReadings } from '@hydrolog/projections';
import type { MeterBody, MeterView, meterChangeBodySchema } from '@hydrolog/schemas';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { callerMetadata, callerOf, readAsCaller } from '../auth/guard.ts';
import { commandContext } from '../caller-command.ts';
import { execute, executeAll, type StreamCommand } from '../commands.ts';
import type { Services } from '../services.ts';
import { meterTypeOf } from './meter-types.ts';
import { registerMeters } from './registry.ts';

/** The caller's meter, or "not found" (also for another tenant's id). */
export async function meterOf(
  db: Services['db'],
  request: FastifyRequest,
  meterId: string,
): Promise<MeterView> {
  const found = await readAsCaller(db, request, (sql) => getMeterView(sql, meterId));
  if (!found) throw new DomainError('error.meter.notFound');
  return found;
}

/** Registers one meter of one of the caller's meter types. */
export async function registerMeter(
  { db, store }: Services,
  request: FastifyRequest,
  body: MeterBody,
): Promise<MeterView> {
  await meterTypeOf(db, request, body.meterTypeId);
  const taken = await readAsCaller(db, request, (sql) =>
    findMeters(sql, callerOf(request).tenantId, [body.meterNo]),
  );
  const [meterId] = await registerMeters(store, callerMetadata(request), [body], {
    taken: new Set(taken.keys()),
  });
  return meterOf(db, request, meterId!);
}

/** Changes a meter's fields; its number stays. */
export async function changeMeter(
  { db, store }: Services,
  request: FastifyRequest,
  { meterId, version, ...fields }: z.output<typeof meterChangeBodySchema>,
): Promise<MeterView> {
  await meterOf(db, request, meterId);
  await meterTypeOf(db, request, fields.meterTypeId);
  await execute(
    store,
    meterDecider,
    meterId,
    [{ type: 'ChangeMeter', ...fields }],
    commandContext(request, 'error.meter.exists', version),
  );
  return meterOf(db, request, meterId);
}

/** Deletes meters registered by mistake, in one transaction: one refused meter leaves every meter in place. */
export async function deleteMeters(
  { db, store }: Services,
  request: FastifyRequest,
  meterIds: string,
): Promise<void> {
  const deletions: StreamCommand[] = [];
  for (const meterId of new Set(meterIds.split(','))) {
    await meterOf(db, request, meterId);
    const { hasReadings, onAccount } = await readAsCaller(db, request, async (sql) => ({
      hasReadings: await meterHasReadings(sql, meterId),
      onAccount: (await activeAccountOfMeter(sql, meterId)) !== null,
    }));
    deletions.push({
      decider: meterDecider,
      id: meterId,
      command: { type: 'DeleteMeter', hasReadings, onAccount },
    });
  }
  await executeAll(store, deletions, { metadata: callerMetadata(request) });
}
