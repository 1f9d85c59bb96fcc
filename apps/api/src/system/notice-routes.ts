import { listNotices } from '@hydrolog/projections';
import {
  apiResponses,
  envelopeSchema,
  idListSchema,
  listEnvelopeSchema,
  noDataResponses,
  noticeBodySchema,
  noticeCenterListSchema,
  noticeCenterQuerySchema,
  noticeListQuerySchema,
  noticeViewSchema,
  updateNoticeBodySchema,
} from '@hydrolog/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { readAsCaller, requires } from '../auth/guard.ts';
import type { Identity } from '../auth/identity.ts';
import { distinctIds, ok, okList } from '../http.ts';
import { changeNotice } from './change-notice.ts';
import { createNotice } from './create-notice.ts';
import { deleteNotices } from './delete-notices.ts';
import { noticeCenter, noticeOf } from './notices.ts';
import { publishNotice } from './publish-notice.ts';
import { readNotice } from './read-notice.ts';

/** Notices with the notice centre (every tenant), spec section 2. */
export const noticeRoutes: FastifyPluginAsyncZod<{ identity: Identity }> = async (app, { identity }) => {
  const { services } = identity;
  const noticeResponse = apiResponses(envelopeSchema(noticeViewSchema));
  const noticeId = z.object({ noticeId: z.uuid() });

  app.get(
    '/system/notice/list',
    {
      config: requires('system:notice:list'),
      schema: {
        tags: ['notice'],
        summary: "The tenant's notices, newest first",
        querystring: noticeListQuerySchema,
        response: apiResponses(listEnvelopeSchema(noticeViewSchema)),
      },
    },
    async (request) =>
      okList(request, await readAsCaller(services.db, request, (sql) => listNotices(sql, request.query))),
  );

  app.get(
    '/system/notice/center/list',
    {
      config: requires('system:noticeCenter:list'),
      schema: {
        tags: ['notice'],
        summary: "The published notices with the caller's read state, and how many are unread",
        querystring: noticeCenterQuerySchema,
        response: apiResponses(noticeCenterListSchema),
      },
    },
    async (request) => {
      const { unread, ...page } = request.query;
      const result = await noticeCenter(services, request, { ...page, unread: unread === 'true' });
      return { ...okList(request, result), unread: result.unread };
    },
  );

  app.post(
    '/system/notice/center/read/:noticeId',
    {
      config: requires('system:noticeCenter:list'),
      schema: {
        tags: ['notice'],
        summary: 'Mark a published notice read for the caller',
        params: noticeId,
        response: noDataResponses,
      },
    },
    async (request) => {
      await readNotice(services, request, request.params.noticeId);
      return ok(request, null);
    },
  );

  app.get(
    '/system/notice/:noticeId',
    {
      config: requires('system:notice:query'),
      schema: { tags: ['notice'], summary: 'One notice', params: noticeId, response: noticeResponse },
    },
    async (request) => ok(request, await noticeOf(services, request, request.params.noticeId)),
  );

  app.post(
    '/system/notice',
    {
      config: requires('system:notice:add'),
      schema: {
        tags: ['notice'],
        summary: 'Write a notice (a draft until published)',
        body: noticeBodySchema,
        response: noticeResponse,
      },
    },
    async (request) => ok(request, await createNotice(services, request, request.body)),
  );

  app.put(
    '/system/notice',
    {
      config: requires('system:notice:edit'),
      schema: {
        tags: ['notice'],
        summary: 'Change a notice that is not published',
        body: updateNoticeBodySchema,
        response: noticeResponse,
      },
    },
    async (request) => ok(request, await changeNotice(services, request, request.body)),
  );

  for (const [action, type, summary] of [
    ['publish', 'PublishNotice', 'Publish a notice to every user of the tenant'],
    ['withdraw', 'WithdrawNotice', 'Withdraw a published notice'],
  ] as const) {
    app.put(
      `/system/notice/${action}/:noticeId`,
      {
        config: requires('system:notice:publish'),
        schema: { tags: ['notice'], summary, params: noticeId, response: noticeResponse },
      },
      async (request) => ok(request, await publishNotice(services, request, request.params.noticeId, type)),
    );
  }

  app.delete(
    '/system/notice/:noticeIds',
    {
      config: requires('system:notice:remove'),
      schema: {
        tags: ['notice'],
        summary: 'Delete notices that are not published',
        params: z.object({ noticeIds: idListSchema }),
        response: noDataResponses,
      },
    },
    async (request) => {
      await deleteNotices(services, request, distinctIds(request.params.noticeIds));
      return ok(request, null);
    },
  );
};
