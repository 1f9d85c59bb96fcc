import type { ConcentratorBody, ConcentratorKey } from '@hydrolog/schemas';
import type { FastifyRequest } from 'fastify';
import { registerGateway } from '../meters/index.ts';
import type { Services } from '../services.ts';

/** Registers a concentrator in the gateway registry; its gateway key is answered once. */
export async function createConcentrator(
  services: Services,
  request: FastifyRequest,
  { number, ...body }: ConcentratorBody,
): Promise<ConcentratorKey> {
  const { gatewayId, key } = await registerGateway(services, request, {
    ...body,
    name: number,
    kind: 'concentrator',
  });
  return { concentratorId: gatewayId, key };
}
