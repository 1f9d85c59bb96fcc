import { DomainError, gatewayDecider } from '@hydrolog/domain';
import { getGateway } from '@hydrolog/projections';
import { type GatewayBody, type GatewayView, uuidv7 } from '@hydrolog/schemas';
import type { FastifyRequest } from 'fastify';
import { callerOf, readAsCaller } from '../auth/guard.ts';
import { commandContext } from '../caller-command.ts';
import { execute } from '../commands.ts';
import { newGatewayKey } from '../ingest/auth.ts';
import type { Services } from '../services.ts';

/** A gateway's new key, answered once: only its hash is kept. */
type GatewayKey = { gatewayId: string; key: string };

/** The caller's gateway, or "not found" (also for another tenant's id). */
export async function gatewayOf(
  db: Services['db'],
  request: FastifyRequest,
  gatewayId: string,
): Promise<GatewayView> {
  const found = await readAsCaller(db, request, (sql) => getGateway(sql, gatewayId));
  if (!found) throw new DomainError('error.gateway.notFound');
  return found;
}

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

export async function changeGateway(
  { db, store }: Services,
  request: FastifyRequest,
  { gatewayId, version, ...body }: GatewayBody & { gatewayId: string; version: number },
): Promise<GatewayView> {
  await gatewayOf(db, request, gatewayId);
  await execute(
    store,
    gatewayDecider,
    gatewayId,
    [{ type: 'ChangeGateway', ...body }],
    commandContext(request, 'error.gateway.nameExists', version),
  );
  return gatewayOf(db, request, gatewayId);
}

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

/** Revokes a gateway: its key stops working; it stays listed as revoked. */
export async function revokeGateway({ db, store }: Services, request: FastifyRequest, gatewayId: string) {
  await gatewayOf(db, request, gatewayId);
  await execute(
    store,
    gatewayDecider,
    gatewayId,
    [{ type: 'RevokeGateway', revokedAt: new Date().toISOString() }],
    commandContext(request, 'error.gateway.nameExists'),
  );
}
