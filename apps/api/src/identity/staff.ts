import { DomainError, type StaffAdministration, type UserCommand, userDecider } from '@hydrolog/domain';
import type { Sql } from '@hydrolog/eventstore';
import { builtInAdministratorId, getDept, getRoles, getStaffUser, getUser } from '@hydrolog/projections';
import type { FastifyRequest } from 'fastify';
import { authorityOf, callerMetadata, callerOf, permissionsOf, readAsCaller } from '../auth/guard.ts';
import { execute } from '../commands.ts';
import type { Services } from '../services.ts';
import { permsByMenu } from './menus.ts';

const scoped = <T>(services: Services, request: FastifyRequest, work: (sql: Sql) => Promise<T>) =>
  readAsCaller(services.db, request, work);

/** The user of the caller's tenant, or "not found" (also for another tenant's id). */
export async function staffUser(services: Services, request: FastifyRequest, userId: string) {
  const user = await scoped(services, request, (sql) => getStaffUser(sql, userId));
  if (!user) throw new DomainError('error.user.notFound');
  return user;
}

/** A department must be the tenant's own. */
export async function checkDept(services: Services, request: FastifyRequest, deptId: string | null) {
  if (deptId && !(await scoped(services, request, (sql) => getDept(sql, deptId))))
    throw new DomainError('error.dept.notFound');
}

/** Roles must be the tenant's own. */
export async function checkRoles(services: Services, request: FastifyRequest, roleIds: readonly string[]) {
  const found = await scoped(services, request, (sql) => getRoles(sql, roleIds));
  if (found.length !== new Set(roleIds).size) throw new DomainError('error.role.notFound');
}

/** The permissions the roles carry, disabled ones too (they can be enabled again). */
async function permissionsOfRoles(services: Services, request: FastifyRequest, roleIds: readonly string[]) {
  const roles = await scoped(services, request, (sql) => getRoles(sql, roleIds));
  return permissionsOf(roles, await permsByMenu(services.db));
}

/** The facts the deciders' authority rule needs: on user `userId` (null: a new one), giving `roleIds`. */
export async function administration(
  services: Services,
  request: FastifyRequest,
  userId: string | null,
  roleIds: readonly string[],
): Promise<StaffAdministration> {
  const target = userId ? await scoped(services, request, (sql) => getUser(sql, userId)) : null;
  return {
    by: authorityOf(callerOf(request)),
    target: {
      permissions: target ? await permissionsOfRoles(services, request, target.role_ids) : [],
      builtInAdministrator:
        userId !== null && (await scoped(services, request, builtInAdministratorId)) === userId,
    },
    granted: await permissionsOfRoles(services, request, roleIds),
  };
}

/** Runs an administrator's commands on a user, each under the authority rule. */
export async function administer(
  services: Services,
  request: FastifyRequest,
  userId: string,
  commands: UserCommand[],
  facts: StaffAdministration,
) {
  const administered = commands.map((command) => ({ ...command, administration: facts }));
  await execute(services.store, userDecider, userId, administered, {
    metadata: callerMetadata(request),
    taken: 'error.user.exists',
  });
}
