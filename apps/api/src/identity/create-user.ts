import type { UserCommand } from '@hydrolog/domain';
import { type createUserBodySchema, uuidv7 } from '@hydrolog/schemas';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { hashPassword, newInitialPassword } from '../auth/crypto.ts';
import { callerOf } from '../auth/guard.ts';
import type { Services } from '../services.ts';
import { administer, administration, checkDept, checkRoles, staffUser } from './staff.ts';

/** Creates a staff user with a random initial password, answered once with the new user. */
export async function createUser(
  services: Services,
  request: FastifyRequest,
  body: z.infer<typeof createUserBodySchema>,
) {
  const { userName, nickName, email, phonenumber, roleIds, deptId, status } = body;
  await checkRoles(services, request, roleIds);
  await checkDept(services, request, deptId);
  const userId = uuidv7();
  const initialPassword = newInitialPassword();
  const commands: UserCommand[] = [
    {
      type: 'CreateUser',
      userId,
      tenantId: callerOf(request).tenantId,
      userName,
      nickName,
      email: email || null,
      phonenumber: phonenumber || null,
      passwordHash: await hashPassword(initialPassword),
      initialPassword: true,
      roleIds,
      deptId,
      createdAt: new Date().toISOString(),
    },
  ];
  if (status === '1') commands.push({ type: 'ChangeStatus', status });
  await administer(
    services,
    request,
    userId,
    commands,
    await administration(services, request, null, roleIds),
  );
  return { ...(await staffUser(services, request, userId)), initialPassword };
}
