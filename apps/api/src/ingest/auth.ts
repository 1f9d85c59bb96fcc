import { findGatewayByKeyHash } from '@hydrolog/projections';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { newToken, sha256 } from '../auth/crypto.ts';
import { bearerToken } from '../auth/guard.ts';
import { failure } from '../http.ts';
import type { Services } from '../services.ts';

/** A fresh gateway key: shown once; only its SHA-256 is kept (a random 256-bit key needs no slow hash). */
export function newGatewayKey(): { key: string; keyHash: string; keyPrefix: string } {
  const key = `hgk_${newToken()}`;
  return { key, keyHash: sha256(key), keyPrefix: key.slice(0, 12) };
}

/** The gateway whose key a request carries. */
export interface GatewayCaller {
  gatewayId: string;
  tenantId: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    gateway?: GatewayCaller;
  }
}

/**
 * The gateway a key names, or why it is refused: an unknown, revoked or rotated key (`key`), a key of a
 * suspended tenant (`suspended`: its gateways are refused like its users, and take up again when it is
 * resumed). HTTP and MQTT both ask here.
 */
export async function authenticateGateway(
  services: Services,
  key: string,
): Promise<GatewayCaller | 'key' | 'suspended'> {
  const gateway = await findGatewayByKeyHash(services.db, sha256(key));
  if (gateway?.status !== 'active') return 'key';
  if (gateway.tenantStatus === 'suspended') return 'suspended';
  return { gatewayId: gateway.gatewayId, tenantId: gateway.tenantId };
}

/**
 * Every /ingest/v1 request carries `Authorization: Bearer <gateway key>`. A user token, a revoked or an
 * unknown key all get the same 401; a gateway key is unknown to the /prod-api guard, which refuses it too;
 * a key of a suspended tenant gets 403.
 */
export function registerGatewayAuth(scope: FastifyInstance, services: Services): void {
  scope.decorateRequest('gateway', undefined);
  scope.addHook('onRequest', async (request, reply) => {
    const key = bearerToken(request);
    const gateway = key ? await authenticateGateway(services, key) : 'key';
    if (gateway === 'key') return reply.status(401).send(failure(request, 'error.gateway.key', {}, 401));
    if (gateway === 'suspended')
      return reply.status(403).send(failure(request, 'error.tenant.suspended', {}, 403));
    request.gateway = gateway;
  });
}

export function gatewayOf(request: FastifyRequest): GatewayCaller {
  if (!request.gateway) throw new Error('gateway route without gateway authentication');
  return request.gateway;
}
