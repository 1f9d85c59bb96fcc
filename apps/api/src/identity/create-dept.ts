import { type deptBodySchema, uuidv7 } from '@hydrolog/schemas';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { callerOf } from '../auth/guard.ts';
import type { Services } from '../services.ts';
import { deptFields, deptOf, runDept } from './departments.ts';

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
