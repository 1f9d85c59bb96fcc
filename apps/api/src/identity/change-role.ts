import type { updateRoleBodySchema } from '@hydrolog/schemas';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
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
