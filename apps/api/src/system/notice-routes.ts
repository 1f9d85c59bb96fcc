import { DomainError, type NoticeCommand, noticeDecider } from '@hydrolog/domain';
import type { Sql } from '@hydrolog/eventstore';
import { getNotice, listNotices, noticesForReader } from '@hydrolog/projections';
import {
  apiResponses,
  envelopeSchema,
  idListSchema,
  listEnvelopeSchema,
  noDataResponses,
  noticeBodySchema,
  noticeReadingSchema,
  noticeStatusSchema,
  noticeTypeSchema,
  noticeViewSchema,
  pageQuerySchema,
  updateNoticeBodySchema,
  uuidv7,
} from '@hydrolog/schemas';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { callerMetadata, callerOf, readAsCaller, requires } from '../auth/guard.ts';
import type { Identity } from '../auth/identity.ts';
import { execute } from '../commands.ts';
import { ok, okList } from '../http.ts';

/** Notices with the notice centre (every tenant), spec section 2. */
export const noticeRoutes: FastifyPluginAsyncZod<{ identity: Identity }> = async (app, { identity }) => {
  const { db, store } = identity.services;
  const meta = (request: FastifyRequest) => ({ metadata: callerMetadata(request) });
  const scoped = <T>(request: FastifyRequest, work: (sql: Sql) => Promise<T>) =>
    readAsCaller(db, request, work);

  // ---- Notices -----------------------------------------------------------------------------------------

  async function notice(request: FastifyRequest, noticeId: string) {
    const found = await scoped(request, (sql) => getNotice(sql, noticeId));
    if (!found) throw new DomainError('error.notice.notFound');
    return found;
  }
  const runNotice = (request: FastifyRequest, noticeId: string, command: NoticeCommand) =>
    execute(store, noticeDecider, noticeId, [command], meta(request));
  const noticeResponse = apiResponses(envelopeSchema(noticeViewSchema));
  const noticeId = z.object({ noticeId: z.uuid() });

  app.get(
    '/system/notice/list',
    {
      config: requires('system:notice:list'),
      schema: {
        tags: ['notice'],
        summary: "The tenant's notices, newest first",
        querystring: pageQuerySchema.extend({
          noticeTitle: z.string().max(50).optional(),
          noticeType: noticeTypeSchema.optional(),
          status: noticeStatusSchema.optional(),
        }),
        response: apiResponses(listEnvelopeSchema(noticeViewSchema)),
      },
    },
    async (request) => okList(request, await scoped(request, (sql) => listNotices(sql, request.query))),
  );

  app.get(
    '/system/notice/center/list',
    {
      config: requires('system:noticeCenter:list'),
      schema: {
        tags: ['notice'],
        summary: "The published notices with the caller's read state, and how many are unread",
        querystring: pageQuerySchema.extend({ unread: z.enum(['true', 'false']).optional() }),
        response: apiResponses(listEnvelopeSchema(noticeReadingSchema).extend({ unread: z.number().int() })),
      },
    },
    async (request) => {
      const { unread, ...page } = request.query;
      const { userId } = callerOf(request);
      const result = await scoped(request, (sql) =>
        noticesForReader(sql, userId, { ...page, unread: unread === 'true' }),
      );
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
      const found = await notice(request, request.params.noticeId);
      await runNotice(request, found.noticeId, {
        type: 'ReadNotice',
        userId: callerOf(request).userId,
        at: new Date().toISOString(),
      });
      return ok(request, null);
    },
  );

  app.get(
    '/system/notice/:noticeId',
    {
      config: requires('system:notice:query'),
      schema: { tags: ['notice'], summary: 'One notice', params: noticeId, response: noticeResponse },
    },
    async (request) => ok(request, await notice(request, request.params.noticeId)),
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
    async (request) => {
      const caller = callerOf(request);
      const id = uuidv7();
      await runNotice(request, id, {
        type: 'CreateNotice',
        noticeId: id,
        tenantId: caller.tenantId,
        ...request.body,
        createBy: caller.userName,
        createdAt: new Date().toISOString(),
      });
      return ok(request, await notice(request, id));
    },
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
    async (request) => {
      const { noticeId: id, ...body } = request.body;
      await notice(request, id);
      await runNotice(request, id, { type: 'ChangeNotice', ...body });
      return ok(request, await notice(request, id));
    },
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
      async (request) => {
        const found = await notice(request, request.params.noticeId);
        await runNotice(request, found.noticeId, { type, at: new Date().toISOString() });
        return ok(request, await notice(request, found.noticeId));
      },
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
      const ids = [...new Set(request.params.noticeIds.split(','))];
      // All checked first: one refused notice leaves every notice in place.
      for (const id of ids) {
        if ((await notice(request, id)).status === 'published')
          throw new DomainError('error.notice.published');
      }
      for (const id of ids) await runNotice(request, id, { type: 'DeleteNotice' });
      return ok(request, null);
    },
  );
};
