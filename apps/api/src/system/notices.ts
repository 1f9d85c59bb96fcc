import { DomainError, type NoticeCommand, noticeDecider } from '@hydrolog/domain';
import { getNotice, noticesForReader } from '@hydrolog/projections';
import type { PageQuery } from '@hydrolog/schemas';
import type { FastifyRequest } from 'fastify';
import { callerMetadata, callerOf, readAsCaller } from '../auth/guard.ts';
import { execute } from '../commands.ts';
import type { Services } from '../services.ts';

/** A notice of the caller's tenant, or "not found" (also for another tenant's id). */
export async function noticeOf(services: Services, request: FastifyRequest, noticeId: string) {
  const found = await readAsCaller(services.db, request, (sql) => getNotice(sql, noticeId));
  if (!found) throw new DomainError('error.notice.notFound');
  return found;
}

/** Runs one command on a notice, as the caller. */
export const runNotice = (
  services: Services,
  request: FastifyRequest,
  noticeId: string,
  command: NoticeCommand,
) => execute(services.store, noticeDecider, noticeId, [command], { metadata: callerMetadata(request) });

/** The published notices with the caller's read state, and how many are unread. */
export function noticeCenter(
  services: Services,
  request: FastifyRequest,
  query: PageQuery & { unread: boolean },
) {
  const { userId } = callerOf(request);
  return readAsCaller(services.db, request, (sql) => noticesForReader(sql, userId, query));
}
