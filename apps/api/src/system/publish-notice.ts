import type { FastifyRequest } from 'fastify';
import type { Services } from '../services.ts';
import { noticeOf, runNotice } from './notices.ts';

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
