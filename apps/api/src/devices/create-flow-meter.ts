import { flowMeterDecider } from '@hydrolog/domain';
import type { FlowMeterBody, FlowMeterView } from '@hydrolog/schemas';
import type { FastifyRequest } from 'fastify';
import { callerOf } from '../auth/guard.ts';
import { commandContext } from '../caller-command.ts';
import { executeAll } from '../commands.ts';
import type { Services } from '../services.ts';
import { deviceMeter } from './device-meter.ts';
import { flowMeterOf } from './flow-meters.ts';

/**
 * Makes a meter address a flow meter: the meter it reports as, registered with it when new. Its stream is
 * the meter's id.
 */
export async function createFlowMeter(
  services: Services,
  request: FastifyRequest,
  { meterAddress, meterTypeId, ...fields }: FlowMeterBody,
): Promise<FlowMeterView> {
  const { tenantId } = callerOf(request);
  const createdAt = new Date().toISOString();
  const { meterId, registration } = await deviceMeter(
    services,
    request,
    meterAddress,
    meterTypeId,
    createdAt,
  );
  await executeAll(
    services.store,
    [
      ...registration,
      {
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
      },
    ],
    commandContext(request, 'error.meter.exists'),
  );
  return flowMeterOf(services.db, request, meterId);
}
