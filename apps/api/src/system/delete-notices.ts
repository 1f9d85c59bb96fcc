import { noticeDecider } from '@hydrolog/domain';
import type { FastifyRequest } from 'fastify';
import { callerMetadata } from '../auth/guard.ts';
import { executeAll } from '../commands.ts';
import type { Services } from '../services.ts';
import { noticeOf } from './notices.ts';

/** Deletes notices that are not published, all or none. */
export async function deleteNotices(
  services: Services,
  request: FastifyRequest,
  noticeIds: readonly string[],
) {
  for (const noticeId of noticeIds) await noticeOf(services, request, noticeId);
  await executeAll(
    services.store,
    noticeIds.map((id) => ({ decider: noticeDecider, id, command: { type: 'DeleteNotice' } })),
    { metadata: callerMetadata(request) },
  );
}
