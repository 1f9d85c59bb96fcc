import { DomainError, type NoticeCommand, noticeDecider } from '@hydrolog/domain';
import { getNotice, noticesForReader } from '@hydrolog/projections';
import {
  type noticeBodySchema,
  type PageQuery,
  type updateNoticeBodySchema,
  uuidv7,
} from '@hydrolog/schemas';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { callerMetadata, callerOf, readAsCaller } from '../auth/guard.ts';
import { execute, executeAll } from '../commands.ts';
import type { Services } from '../services.ts';

/** A notice of the caller's tenant, or "not found" (also for another tenant's id). */
export async function noticeOf(services: Services, request: FastifyRequest, noticeId: string) {
  const found = await readAsCaller(services.db, request, (sql) => getNotice(sql, noticeId));
  if (!found) throw new DomainError('error.notice.notFound');
  return found;
}

const runNotice = (services: Services, request: FastifyRequest, noticeId: string, command: NoticeCommand) =>
  execute(services.store, noticeDecider, noticeId, [command], { metadata: callerMetadata(request) });

/** The published notices with the caller's read state, and how many are unread. */
export function noticeCenter(
  services: Services,
  request: FastifyRequest,
  query: PageQuery & { unread: boolean },
) {
  const { userId } = callerOf(request);
  return readAsCaller(services.db, request, (sql) => noticesForReader(sql, userId, query));
}

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

/** Publishes a notice to every user of the tenant, or withdraws it; answers it as it is then. */
export async function publishNotice(
  services: Services,
  request: FastifyRequest,
  noticeId: string,
  type: 'PublishNotice' | 'WithdrawNotice',
) {
  const found = await noticeOf(services, request, noticeId);
  await runNotice(services, request, found.noticeId, { type, at: new Date().toISOString() });
  return noticeOf(services, request, found.noticeId);
}

/** Marks a published notice read for the caller. */
export async function readNotice(services: Services, request: FastifyRequest, noticeId: string) {
  const found = await noticeOf(services, request, noticeId);
  await runNotice(services, request, found.noticeId, {
    type: 'ReadNotice',
    userId: callerOf(request).userId,
    at: new Date().toISOString(),
  });
}

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
