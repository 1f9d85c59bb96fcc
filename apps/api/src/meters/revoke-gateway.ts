import { gatewayDecider } from '@hydrolog/domain';
import type { FastifyRequest } from 'fastify';
import { commandContext } from '../caller-command.ts';
import { execute } from '../commands.ts';
import type { Services } from '../services.ts';
import { gatewayOf } from './gateways.ts';

/** Revokes a gateway relaying no meter: its key stops working; it stays listed as revoked. */
export async function revokeGateway({ db, store }: Services, request: FastifyRequest, gatewayId: string) {
  const { meterCount } = await gatewayOf(db, request, gatewayId);
  await execute(
    store,
    gatewayDecider,
    gatewayId,
    [{ type: 'RevokeGateway', revokedAt: new Date().toISOString(), associatedMeters: meterCount }],
    commandContext(request, 'error.gateway.nameExists'),
  );
}
