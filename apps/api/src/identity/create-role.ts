import { type roleBodySchema, uuidv7 } from '@hydrolog/schemas';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { callerOf } from '../auth/guard.ts';
import type { Services } from '../services.ts';
import { roleFields, roleOf, runRole } from './roles.ts';

/** Adds a role with the menus and buttons it grants; answers the role as created. */
export async function createRole(
  services: Services,
  request: FastifyRequest,
  body: z.infer<typeof roleBodySchema>,
) {
  const { status, orderNum, remark, ...fields } = await roleFields(services, request, body);
  const roleId = uuidv7();
  await runRole(
    services,
    request,
    roleId,
    null,
    { type: 'CreateRole', roleId, tenantId: callerOf(request).tenantId, ...fields, allPermissions: false },
    fields.menuIds,
  );
  // Order, status and remark are not part of the creation event: one change records them.
  await runRole(
    services,
    request,
    roleId,
    await roleOf(services, request, roleId),
    { type: 'ChangeRole', ...fields, status, orderNum, remark },
    fields.menuIds,
  );
  return roleOf(services, request, roleId);
}
