import { isDeptOrBelow } from '@hydrolog/projections';
import type { updateDeptBodySchema } from '@hydrolog/schemas';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { readAsCaller } from '../auth/guard.ts';
import type { Services } from '../services.ts';
import { deptFields, deptOf, runDept } from './departments.ts';

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
