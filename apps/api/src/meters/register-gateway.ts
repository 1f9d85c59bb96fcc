import { gatewayDecider } from '@hydrolog/domain';
import { type GatewayBody, uuidv7 } from '@hydrolog/schemas';
import type { FastifyRequest } from 'fastify';
import { callerOf } from '../auth/guard.ts';
import { commandContext } from '../caller-command.ts';
import { execute } from '../commands.ts';
import { newGatewayKey } from '../ingest/auth.ts';
import type { Services } from '../services.ts';
import type { GatewayKey } from './gateways.ts';

/** Registers a gateway; its key is answered once. */
export async function registerGateway(
  { store }: Services,
  request: FastifyRequest,
  body: GatewayBody,
): Promise<GatewayKey> {
  const gatewayId = uuidv7();
  const { key, keyHash, keyPrefix } = newGatewayKey();
  await execute(
    store,
    gatewayDecider,
    gatewayId,
    [
      {
        type: 'RegisterGateway',
        gatewayId,
        tenantId: callerOf(request).tenantId,
        ...body,
        keyHash,
        keyPrefix,
        createdAt: new Date().toISOString(),
      },
    ],
    commandContext(request, 'error.gateway.nameExists'),
  );
  return { gatewayId, key };
}
