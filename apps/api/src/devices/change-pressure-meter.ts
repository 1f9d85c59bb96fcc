import { pressureMeterDecider } from '@hydrolog/domain';
import type { PressureMeterView, UpdatePressureMeterBody } from '@hydrolog/schemas';
import type { FastifyRequest } from 'fastify';
import { commandContext } from '../caller-command.ts';
import { execute } from '../commands.ts';
import type { Services } from '../services.ts';
import { pressureMeterOf } from './pressure-meters.ts';

/** Changes a pressure meter's fields and limits, on the version the caller saw. */
export async function changePressureMeter(
  { db, store }: Services,
  request: FastifyRequest,
  { pressureMeterId, version, ...fields }: UpdatePressureMeterBody,
): Promise<PressureMeterView> {
  await pressureMeterOf(db, request, pressureMeterId);
  await execute(
    store,
    pressureMeterDecider,
    pressureMeterId,
    [{ type: 'ChangePressureMeter', ...fields, changedAt: new Date().toISOString() }],
    commandContext(request, 'error.pressureMeter.exists', version),
  );
  return pressureMeterOf(db, request, pressureMeterId);
}
