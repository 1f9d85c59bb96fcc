import type { ConcentratorView, UpdateConcentratorBody } from '@hydrolog/schemas';
import type { FastifyRequest } from 'fastify';
import { changeGateway } from '../meters/index.ts';
import type { Services } from '../services.ts';
import { concentratorOf, concentratorView } from './concentrators.ts';

/** Changes a concentrator relaying no meter (the gateway decider holds that rule). */
export async function changeConcentrator(
  services: Services,
  request: FastifyRequest,
  { concentratorId, number, ...body }: UpdateConcentratorBody,
): Promise<ConcentratorView> {
  await concentratorOf(services.db, request, concentratorId);
  const gateway = await changeGateway(services, request, {
    ...body,
    gatewayId: concentratorId,
    name: number,
    kind: 'concentrator',
  });
  return concentratorView(gateway);
}
