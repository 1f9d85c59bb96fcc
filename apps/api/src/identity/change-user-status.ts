import type { changeStatusBodySchema } from '@hydrolog/schemas';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Services } from '../services.ts';
import { administer, administration, staffUser } from './staff.ts';

/** Enables or disables another staff user. */
export async function changeUserStatus(
  services: Services,
  request: FastifyRequest,
  body: z.infer<typeof changeStatusBodySchema>,
) {
  const { userId, status } = body;
  await staffUser(services, request, userId);
  await administer(
    services,
    request,
    userId,
    [{ type: 'ChangeStatus', status }],
    await administration(services, request, userId, []),
  );
}
