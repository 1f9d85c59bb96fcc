import { meterTypeDecider } from '@hydrolog/domain';
import type { MeterTypeBody, MeterTypeView } from '@hydrolog/schemas';
import type { FastifyRequest } from 'fastify';
import { commandContext } from '../caller-command.ts';
import { execute } from '../commands.ts';
import type { Services } from '../services.ts';
import { meterTypeOf } from './meter-types.ts';

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
