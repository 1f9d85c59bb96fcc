import type { updateNoticeBodySchema } from '@hydrolog/schemas';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Services } from '../services.ts';
import { noticeOf, runNotice } from './notices.ts';

/** Changes a notice that is not published; answers it as changed. */
export async function changeNotice(
  services: Services,
  request: FastifyRequest,
  { noticeId, ...body }: z.infer<typeof updateNoticeBodySchema>,
) {
  await noticeOf(services, request, noticeId);
  await runNotice(services, request, noticeId, { type: 'ChangeNotice', ...body });
  return noticeOf(services, request, noticeId);
}
