import type { FastifyRequest } from 'fastify';
import type { Services } from '../services.ts';
import { deptOf, runDept } from './departments.ts';

/** Deletes a department without users or sub-departments. */
export async function deleteDept(services: Services, request: FastifyRequest, deptId: string) {
  const found = await deptOf(services, request, deptId);
  await runDept(services, request, found.deptId, {
    type: 'DeleteDept',
    subDepts: found.childCount,
    users: found.userCount,
  });
}
