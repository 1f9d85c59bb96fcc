import { pressureMeterDecider } from '@hydrolog/domain';
import type { PressureMeterBody, PressureMeterView } from '@hydrolog/schemas';
import type { FastifyRequest } from 'fastify';
import { callerOf } from '../auth/guard.ts';
import { commandContext } from '../caller-command.ts';
import { executeAll } from '../commands.ts';
import type { Services } from '../services.ts';
import { deviceMeter } from './device-meter.ts';
import { pressureMeterOf } from './pressure-meters.ts';

/**
 * Makes a device number a pressure meter: the meter it reports as (its pressures come through the gateway
 * protocol), registered with it when new. Its stream is the meter's id, so a device number is one pressure
 * meter at most.
 */
export async function createPressureMeter(
  services: Services,
  request: FastifyRequest,
  { deviceNumber, meterTypeId, ...fields }: PressureMeterBody,
): Promise<PressureMeterView> {
  const { tenantId } = callerOf(request);
  const createdAt = new Date().toISOString();
  const { meterId, registration } = await deviceMeter(
    services,
    request,
    deviceNumber,
    meterTypeId,
    createdAt,
  );
  await executeAll(
    services.store,
    [
      ...registration,
      {
        decider: pressureMeterDecider,
        id: meterId,
        command: {
          type: 'RegisterPressureMeter',
          pressureMeterId: meterId,
          tenantId,
          deviceNumber,
          ...fields,
          createdAt,
        },
      },
    ],
    commandContext(request, 'error.meter.exists'),
  );
  return pressureMeterOf(services.db, request, meterId);
}
