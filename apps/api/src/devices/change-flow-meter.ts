import { flowMeterDecider } from '@hydrolog/domain';
import type { FlowMeterView, UpdateFlowMeterBody } from '@hydrolog/schemas';
import type { FastifyRequest } from 'fastify';
import { commandContext } from '../caller-command.ts';
import { execute } from '../commands.ts';
import type { Services } from '../services.ts';
import { flowMeterOf } from './flow-meters.ts';

/** Changes a flow meter's device fields, on the version the caller saw. */
export async function changeFlowMeter(
  { db, store }: Services,
  request: FastifyRequest,
  { flowMeterId, version, ...fields }: UpdateFlowMeterBody,
): Promise<FlowMeterView> {
  await flowMeterOf(db, request, flowMeterId);
  await execute(
    store,
    flowMeterDecider,
    flowMeterId,
    [{ type: 'ChangeFlowMeter', ...fields, changedAt: new Date().toISOString() }],
    commandContext(request, 'error.flowMeter.exists', version),
  );
  return flowMeterOf(db, request, flowMeterId);
}
