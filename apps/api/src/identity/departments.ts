import { type DeptCommand, DomainError, deptDecider } from '@hydrolog/domain';
import { getDept, isDeptOrBelow, listDepts } from '@hydrolog/projections';
import { type deptBodySchema, type updateDeptBodySchema, uuidv7 } from '@hydrolog/schemas';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { callerMetadata, callerOf, readAsCaller } from '../auth/guard.ts';
import { execute } from '../commands.ts';
import type { Services } from '../services.ts';

/** A department of the caller's tenant, or "not found". */
export async function deptOf(services: Services, request: FastifyRequest, deptId: string) {
  const found = await readAsCaller(services.db, request, (sql) => getDept(sql, deptId));
  if (!found) throw new DomainError('error.dept.notFound');
  return found;
}

/** The departments that may become the parent of this one (not itself or below it). */
export async function parentCandidates(services: Services, request: FastifyRequest, deptId: string) {
  await deptOf(services, request, deptId);
  return readAsCaller(services.db, request, async (sql) => {
    const all = await listDepts(sql);
    const allowed = [];
    for (const d of all) if (!(await isDeptOrBelow(sql, deptId, d.deptId))) allowed.push(d);
    return allowed;
  });
}

const deptFields = (body: z.infer<typeof deptBodySchema>) => ({
  parentId: body.parentId,
  deptName: body.deptName,
  orderNum: body.orderNum,
  leader: body.leader || null,
  phone: body.phone || null,
  email: body.email || null,
  status: body.status,
});

const runDept = (services: Services, request: FastifyRequest, deptId: string, command: DeptCommand) =>
  execute(services.store, deptDecider, deptId, [command], {
    metadata: callerMetadata(request),
    taken: 'error.dept.exists',
  });

export async function createDept(
  services: Services,
  request: FastifyRequest,
  body: z.infer<typeof deptBodySchema>,
) {
  const fields = deptFields(body);
  if (fields.parentId) await deptOf(services, request, fields.parentId);
  const deptId = uuidv7();
  await runDept(services, request, deptId, {
    type: 'CreateDept',
    deptId,
    tenantId: callerOf(request).tenantId,
    ...fields,
  });
  return deptOf(services, request, deptId);
}

export async function changeDept(
  services: Services,
  request: FastifyRequest,
  { deptId, ...body }: z.infer<typeof updateDeptBodySchema>,
) {
  await deptOf(services, request, deptId);
  const fields = deptFields(body);
  const { parentId } = fields;
  if (parentId) await deptOf(services, request, parentId);
  const parentInSubtree =
    parentId !== null &&
    (await readAsCaller(services.db, request, (sql) => isDeptOrBelow(sql, deptId, parentId)));
  await runDept(services, request, deptId, { type: 'ChangeDept', ...fields, parentInSubtree });
  return deptOf(services, request, deptId);
}

/** Deletes a department without users or sub-departments. */
export async function deleteDept(services: Services, request: FastifyRequest, deptId: string) {
  const found = await deptOf(services, request, deptId);
  await runDept(services, request, found.deptId, {
    type: 'DeleteDept',
    subDepts: found.childCount,
    users: found.userCount,
  });
}
