import { gatewayDecider } from '@hydrolog/domain';
import type { GatewayBody, GatewayView } from '@hydrolog/schemas';
import type { FastifyRequest } from 'fastify';
import { commandContext } from '../caller-command.ts';
import { execute } from '../commands.ts';
import type { Services } from '../services.ts';
import { gatewayOf } from './gateways.ts';

export async function changeGateway(
  { db, store }: Services,
  request: FastifyRequest,
  { gatewayId, version, ...body }: GatewayBody & { gatewayId: string; version: number },
): Promise<GatewayView> {
  const { meterCount } = await gatewayOf(db, request, gatewayId);
  await execute(
    store,
    gatewayDecider,
    gatewayId,
    [{ type: 'ChangeGateway', ...body, associatedMeters: meterCount }],
    commandContext(request, 'error.gateway.nameExists', version),
  );
  return gatewayOf(db, request, gatewayId);
}
