import { userDecider } from '@hydrolog/domain';
import type { FastifyRequest } from 'fastify';
import { callerMetadata } from '../auth/guard.ts';
import { executeAll, type StreamCommand } from '../commands.ts';
import type { Services } from '../services.ts';
import { administration, staffUser } from './staff.ts';

/** Deletes staff users (not oneself), in one append: one refused user leaves every user in place. */
export async function deleteUsers(services: Services, request: FastifyRequest, userIds: readonly string[]) {
  const deletions: StreamCommand[] = [];
  for (const userId of new Set(userIds)) {
    await staffUser(services, request, userId);
    const facts = await administration(services, request, userId, []);
    deletions.push({
      decider: userDecider,
      id: userId,
      command: { type: 'DeleteUser', administration: facts },
    });
  }
  await executeAll(services.store, deletions, { metadata: callerMetadata(request) });
}
