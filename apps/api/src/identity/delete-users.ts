import { administrationRefusal } from '@hydrolog/domain';
import type { FastifyRequest } from 'fastify';
import type { Services } from '../services.ts';
import { administer, administration, notSelf, staffUser } from './staff.ts';

/** Deletes staff users (not oneself). */
export async function deleteUsers(services: Services, request: FastifyRequest, userIds: readonly string[]) {
  // All checked first: one refused id leaves every user in place.
  const deletions = [];
  for (const userId of userIds) {
    notSelf(request, userId);
    await staffUser(services, request, userId);
    const facts = await administration(services, request, userId, []);
    const refused = administrationRefusal(facts, userId);
    if (refused) throw refused;
    deletions.push({ userId, facts });
  }
  for (const { userId, facts } of deletions)
    await administer(services, request, userId, [{ type: 'DeleteUser' }], facts);
}
