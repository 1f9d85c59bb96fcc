import type { userStatusSchema } from '@hydrolog/schemas';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Services } from '../services.ts';
import { roleOf, runRole } from './roles.ts';

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
