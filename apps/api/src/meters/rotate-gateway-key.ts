import { gatewayDecider } from '@hydrolog/domain';
import type { FastifyRequest } from 'fastify';
import { commandContext } from '../caller-command.ts';
import { execute } from '../commands.ts';
import { newGatewayKey } from '../ingest/auth.ts';
import type { Services } from '../services.ts';
import { type GatewayKey, gatewayOf } from './gateways.ts';

/** Gives a gateway a new key; the old one stops working at once. */
export async function rotateGatewayKey(
  { db, store }: Services,
  request: FastifyRequest,
  gatewayId: string,
): Promise<GatewayKey> {
  await gatewayOf(db, request, gatewayId);
  const { key, keyHash, keyPrefix } = newGatewayKey();
  await execute(
    store,
    gatewayDecider,
    gatewayId,
    [{ type: 'RotateGatewayKey', keyHash, keyPrefix, rotatedAt: new Date().toISOString() }],
    commandContext(request, 'error.gateway.nameExists'),
  );
  return { gatewayId, key };
}
