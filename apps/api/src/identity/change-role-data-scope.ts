import { listDepts } from '@hydrolog/projections';
import type { roleDataScopeBodySchema } from '@hydrolog/schemas';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { readAsCaller } from '../auth/guard.ts';
import type { Services } from '../services.ts';
import { roleOf, runRole } from './roles.ts';

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
