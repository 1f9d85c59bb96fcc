import type { FastifyRequest } from 'fastify';
import { callerOf } from '../auth/guard.ts';
import type { Services } from '../services.ts';
import { noticeOf, runNotice } from './notices.ts';

/** Marks a published notice read for the caller. */
export async function readNotice(services: Services, request: FastifyRequest, noticeId: string) {
  const found = await noticeOf(services, request, noticeId);
  await runNotice(services, request, found.noticeId, {
    type: 'ReadNotice',
    userId: callerOf(request).userId,
    at: new Date().toISOString(),
  });
}
