import { meterDecider, pressureMeterDecider } from '@hydrolog/domain';
import { findMeters } from '@hydrolog/projections';
import { meterBodySchema, type PressureMeterBody, type PressureMeterView, uuidv7 } from '@hydrolog/schemas';
import type { FastifyRequest } from 'fastify';
import { callerOf, readAsCaller } from '../auth/guard.ts';
import { commandContext } from '../caller-command.ts';
import { executeAll, type StreamCommand } from '../commands.ts';
import { meterTypeOf } from '../meters/index.ts';
import type { Services } from '../services.ts';
import { pressureMeterOf } from './pressure-meters.ts';

/**
 * Makes a device number a pressure meter. Like a flow meter, it is a meter of the registry (its pressures come
 * through the gateway protocol): a new number is registered as a meter of the chosen type in the same
 * transaction; a number already registered keeps its meter and history. Its stream is the meter's id, so a
 * device number is one pressure meter at most.
 */
export async function createPressureMeter(
  { db, store }: Services,
  request: FastifyRequest,
  { deviceNumber, meterTypeId, ...fields }: PressureMeterBody,
): Promise<PressureMeterView> {
  const { tenantId } = callerOf(request);
  const createdAt = new Date().toISOString();
  const registered = await readAsCaller(db, request, (sql) => findMeters(sql, tenantId, [deviceNumber]));
  const steps: StreamCommand[] = [];
  let meterId = registered.get(deviceNumber);
  if (!meterId) {
    await meterTypeOf(db, request, meterTypeId);
    meterId = uuidv7();
    steps.push({
      decider: meterDecider,
      id: meterId,
      command: {
        type: 'RegisterMeter',
        meterId,
        tenantId,
        ...meterBodySchema.parse({ meterNo: deviceNumber, meterTypeId }),
        registeredAt: createdAt,
        numberTaken: false,
      },
    });
  }
  steps.push({
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
  });
  await executeAll(store, steps, commandContext(request, 'error.meter.exists'));
  return pressureMeterOf(db, request, meterId);
}
