import { type DeptCommand, DomainError, deptDecider } from '@hydrolog/domain';
import { getDept, isDeptOrBelow, listDepts } from '@hydrolog/projections';
import type { deptBodySchema } from '@hydrolog/schemas';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { callerMetadata, readAsCaller } from '../auth/guard.ts';
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

/** The body's fields as a department keeps them: empty contacts are absent. */
export const deptFields = (body: z.infer<typeof deptBodySchema>) => ({
  parentId: body.parentId,
  deptName: body.deptName,
  orderNum: body.orderNum,
  leader: body.leader || null,
  phone: body.phone || null,
  email: body.email || null,
  status: body.status,
});

/** Runs one command on a department, as the caller; a taken name is refused as such. */
export const runDept = (services: Services, request: FastifyRequest, deptId: string, command: DeptCommand) =>
  execute(services.store, deptDecider, deptId, [command], {
    metadata: callerMetadata(request),
    taken: 'error.dept.exists',
  });
