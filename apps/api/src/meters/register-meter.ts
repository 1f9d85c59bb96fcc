import { findMeters } from '@hydrolog/projections';
import type { MeterBody, MeterView } from '@hydrolog/schemas';
import type { FastifyRequest } from 'fastify';
import { callerMetadata, callerOf, readAsCaller } from '../auth/guard.ts';
import type { Services } from '../services.ts';
import { meterTypeOf } from './meter-types.ts';
import { meterOf } from './meters.ts';
import { registerMeters } from './registry.ts';

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
