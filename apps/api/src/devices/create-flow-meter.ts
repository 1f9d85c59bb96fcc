import { flowMeterDecider, meterDecider } from '@hydrolog/domain';
import { findMeters } from '@hydrolog/projections';
import { type FlowMeterBody, type FlowMeterView, meterBodySchema, uuidv7 } from '@hydrolog/schemas';
import type { FastifyRequest } from 'fastify';
import { callerOf, readAsCaller } from '../auth/guard.ts';
import { commandContext } from '../caller-command.ts';
import { executeAll, type StreamCommand } from '../commands.ts';
import { meterTypeOf } from '../meters/index.ts';
import type { Services } from '../services.ts';
import { flowMeterOf } from './flow-meters.ts';

/**
 * Makes a meter address a flow meter. The flow meter is a meter of the registry (its readings, volumes and
 * partitions are every meter's): a new address is registered as a meter of the chosen type in the same
 * transaction; an address already registered keeps its meter and history. Its stream is the meter's id.
 */
export async function createFlowMeter(
  { db, store }: Services,
  request: FastifyRequest,
  { meterAddress, meterTypeId, ...fields }: FlowMeterBody,
): Promise<FlowMeterView> {
  const { tenantId } = callerOf(request);
  const createdAt = new Date().toISOString();
  const registered = await readAsCaller(db, request, (sql) => findMeters(sql, tenantId, [meterAddress]));
  const steps: StreamCommand[] = [];
  let meterId = registered.get(meterAddress);
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
        ...meterBodySchema.parse({ meterNo: meterAddress, meterTypeId }),
        registeredAt: createdAt,
        numberTaken: false,
      },
    });
  }
  steps.push({
    decider: flowMeterDecider,
    id: meterId,
    command: {
      type: 'RegisterFlowMeter',
      flowMeterId: meterId,
      tenantId,
      meterAddress,
      ...fields,
      createdAt,
    },
  });
  await executeAll(store, steps, commandContext(request, 'error.meter.exists'));
  return flowMeterOf(db, request, meterId);
}
