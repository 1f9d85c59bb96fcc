import type { MeterTypeBody, MeterTypeView } from '@hydrolog/schemas';
import type { FastifyRequest } from 'fastify';
import { callerMetadata } from '../auth/guard.ts';
import type { Services } from '../services.ts';
import { meterTypeOf } from './meter-types.ts';
import { registerMeterType } from './registry.ts';

export async function createMeterType(
  { db, store }: Services,
  request: FastifyRequest,
  body: MeterTypeBody,
): Promise<MeterTypeView> {
  const meterTypeId = await registerMeterType(store, callerMetadata(request), body);
  return meterTypeOf(db, request, meterTypeId);
}
