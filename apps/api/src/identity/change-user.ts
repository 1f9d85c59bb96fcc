import { DomainError } from '@hydrolog/domain';
import { getUser } from '@hydrolog/projections';
import type { updateUserBodySchema } from '@hydrolog/schemas';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { readAsCaller } from '../auth/guard.ts';
import type { Services } from '../services.ts';
import { administer, administration, checkDept, checkRoles, staffUser } from './staff.ts';

/** Changes a staff user's name, contacts, roles and department; answers the user as changed. */
export async function changeUser(
  services: Services,
  request: FastifyRequest,
  body: z.infer<typeof updateUserBodySchema>,
) {
  const { userId, nickName, email, phonenumber, roleIds, deptId } = body;
  const current = await readAsCaller(services.db, request, (sql) => getUser(sql, userId));
  if (!current) throw new DomainError('error.user.notFound');
  await checkRoles(services, request, roleIds);
  await checkDept(services, request, deptId);
  const sex = current.sex as '0' | '1' | '2' | null; // kept: only the user changes it, in the profile
  await administer(
    services,
    request,
    userId,
    [
      { type: 'ChangeProfile', nickName, email: email || null, phonenumber: phonenumber || null, sex },
      { type: 'ChangeRoles', roleIds },
      { type: 'ChangeDept', deptId },
    ],
    await administration(services, request, userId, roleIds),
  );
  return staffUser(services, request, userId);
}
