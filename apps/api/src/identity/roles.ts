import { DomainError, type RoleAdministration, type RoleCommand, roleDecider } from '@hydrolog/domain';
import { getRole } from '@hydrolog/projections';
import type { roleBodySchema } from '@hydrolog/schemas';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import {
  authorityOf,
  type Caller,
  callerMetadata,
  callerOf,
  permissionsOf,
  readAsCaller,
} from '../auth/guard.ts';
import { execute } from '../commands.ts';
import type { Services } from '../services.ts';
import { menuEntries, permsByMenu, visibleTo } from './menus.ts';

/** What the authority rule needs of a role: whether it is the administrator role, and its menus. */
export type RoleGrants = { admin: boolean; menuIds: readonly string[] };

/** A role of the caller's tenant, or "not found" (also for another tenant's id). */
export async function roleOf(services: Services, request: FastifyRequest, roleId: string) {
  const found = await readAsCaller(services.db, request, (sql) => getRole(sql, roleId));
  if (!found) throw new DomainError('error.role.notFound');
  return found;
}

/** The menus a role of this tenant may be given: platform screens only on the platform. */
export async function assignableMenus(services: Services, caller: Caller) {
  return visibleTo(await menuEntries(services.db), caller.tenantKind);
}

/**
 * The body as a role stores it, its menus sorted and once each, with how many of them a role of the tenant
 * may not have (`unknownMenus`: the role decider refuses them).
 */
export async function roleFields(
  services: Services,
  request: FastifyRequest,
  body: z.infer<typeof roleBodySchema>,
) {
  const allowed = new Set((await assignableMenus(services, callerOf(request))).map((m) => m.menuId));
  const { remark, menuIds, ...rest } = body;
  const unique = [...new Set(menuIds)].sort();
  const unknownMenus = unique.filter((id) => !allowed.has(id)).length;
  return { ...rest, menuIds: unique, remark: remark || null, unknownMenus };
}

/** What a role carries: the permissions of its menus (`*:*:*` for the administrator role). */
async function carried(services: Services, role: RoleGrants | null) {
  return role
    ? permissionsOf(
        [{ all_permissions: role.admin, menu_ids: [...role.menuIds] }],
        await permsByMenu(services.db),
      )
    : [];
}

/** The facts of the authority rule for a change of role `current` (null: a new one) to `menuIds`. */
export async function roleAdministration(
  services: Services,
  request: FastifyRequest,
  current: RoleGrants | null,
  menuIds: readonly string[],
): Promise<RoleAdministration> {
  return {
    by: authorityOf(callerOf(request)),
    held: await carried(services, current),
    granted: await carried(services, { admin: false, menuIds }),
  };
}

/** Runs a command on a role (null: a new one) that leaves it with `menuIds`, under the authority rule. */
export async function runRole(
  services: Services,
  request: FastifyRequest,
  roleId: string,
  current: RoleGrants | null,
  command: RoleCommand,
  menuIds: readonly string[],
) {
  const administration = await roleAdministration(services, request, current, menuIds);
  await execute(services.store, roleDecider, roleId, [{ ...command, administration }], {
    metadata: callerMetadata(request),
    taken: 'error.role.keyExists',
  });
}
