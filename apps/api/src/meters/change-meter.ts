import { meterDecider } from '@hydrolog/domain';
import type { MeterView, meterChangeBodySchema } from '@hydrolog/schemas';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { commandContext } from '../caller-command.ts';
import { execute } from '../commands.ts';
import type { Services } from '../services.ts';
import { meterTypeOf } from './meter-types.ts';
import { meterOf } from './meters.ts';

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
