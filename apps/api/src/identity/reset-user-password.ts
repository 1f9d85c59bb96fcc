import type { FastifyRequest } from 'fastify';
import { hashPassword, newInitialPassword } from '../auth/crypto.ts';
import type { Services } from '../services.ts';
import { administer, administration, staffUser } from './staff.ts';

/** Gives another staff user a new random initial password, answered once. */
export async function resetUserPassword(services: Services, request: FastifyRequest, userId: string) {
  await staffUser(services, request, userId);
  const initialPassword = newInitialPassword();
  const passwordHash = await hashPassword(initialPassword);
  await administer(
    services,
    request,
    userId,
    [{ type: 'ChangePassword', passwordHash, initialPassword: true, changedAt: new Date().toISOString() }],
    await administration(services, request, userId, []),
  );
  return initialPassword;
}
