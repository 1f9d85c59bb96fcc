import { type noticeBodySchema, uuidv7 } from '@hydrolog/schemas';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { callerOf } from '../auth/guard.ts';
import type { Services } from '../services.ts';
import { noticeOf, runNotice } from './notices.ts';

/** Writes a notice, a draft until published; answers it as written. */
export async function createNotice(
  services: Services,
  request: FastifyRequest,
  body: z.infer<typeof noticeBodySchema>,
) {
  const caller = callerOf(request);
  const noticeId = uuidv7();
  await runNotice(services, request, noticeId, {
    type: 'CreateNotice',
    noticeId,
    tenantId: caller.tenantId,
    ...body,
    createBy: caller.userName,
    createdAt: new Date().toISOString(),
  });
  return noticeOf(services, request, noticeId);
}
