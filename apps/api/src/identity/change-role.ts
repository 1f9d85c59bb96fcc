import { listDepts } from '@hydrolog/projections';
import type { roleDataScopeBodySchema, updateRoleBodySchema, userStatusSchema } from '@hydrolog/schemas';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { readAsCaller } from '../auth/guard.ts';
import type { Services } from '../services.ts';
import { roleFields, roleOf, runRole } from './roles.ts';

/** Changes a role and the menus it grants; answers the role as changed. */
export async function changeRole(
  services: Services,
  request: FastifyRequest,
  { roleId, ...body }: z.infer<typeof updateRoleBodySchema>,
) {
  const current = await roleOf(services, request, roleId);
  const fields = await roleFields(services, request, body);
  await runRole(services, request, roleId, current, { type: 'ChangeRole', ...fields }, fields.menuIds);
  return roleOf(services, request, roleId);
}

/** Enables or disables a role (a disabled role grants nothing). */
export async function changeRoleStatus(
  services: Services,
  request: FastifyRequest,
  roleId: string,
  status: z.infer<typeof userStatusSchema>,
) {
  const current = await roleOf(services, request, roleId);
  const { roleId: _, admin: __, userCount: ___, dataScope: _s, deptIds: _d, ...fields } = current;
  await runRole(
    services,
    request,
    current.roleId,
    current,
    // Its menus stay as they are: none is given anew.
    { type: 'ChangeRole', ...fields, status, unknownMenus: 0 },
    current.menuIds,
  );
}

/** Sets which records the role's users see; answers the role as changed. */
export async function changeRoleDataScope(
  services: Services,
  request: FastifyRequest,
  { roleId, dataScope, deptIds }: z.infer<typeof roleDataScopeBodySchema>,
) {
  const current = await roleOf(services, request, roleId);
  const known = new Set(
    (await readAsCaller(services.db, request, (sql) => listDepts(sql))).map((d) => d.deptId),
  );
  const unknownDepts = deptIds.filter((id) => !known.has(id)).length;
  // A role beyond the actor is beyond them here too: its menus stay as they are.
  await runRole(
    services,
    request,
    roleId,
    current,
    { type: 'ChangeDataScope', dataScope, deptIds, unknownDepts },
    current.menuIds,
  );
  return roleOf(services, request, roleId);
}
