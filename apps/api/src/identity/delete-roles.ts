import { roleDecider } from '@hydrolog/domain';
import type { FastifyRequest } from 'fastify';
import { callerMetadata } from '../auth/guard.ts';
import { executeAll, type StreamCommand } from '../commands.ts';
import type { Services } from '../services.ts';
import { roleAdministration, roleOf } from './roles.ts';

/** Deletes roles no user has, all in one transaction: one refused role leaves every role in place. */
export async function deleteRoles(services: Services, request: FastifyRequest, roleIds: readonly string[]) {
  const deletions: StreamCommand[] = [];
  for (const roleId of roleIds) {
    const current = await roleOf(services, request, roleId);
    const administration = await roleAdministration(services, request, current, []);
    deletions.push({
      decider: roleDecider,
      id: roleId,
      command: { type: 'DeleteRole', usersWithRole: current.userCount, administration },
    });
  }
  await executeAll(services.store, deletions, { metadata: callerMetadata(request) });
}
