import type { Sql } from '@hydrolog/eventstore';
import { listLoginLog, listOperLog } from '@hydrolog/projections';
import {
  apiResponses,
  idListSchema,
  listEnvelopeSchema,
  loginLogFilterSchema,
  loginLogQuerySchema,
  loginLogRowSchema,
  noDataResponses,
  operLogFilterSchema,
  operLogQuerySchema,
  operLogRowSchema,
} from '@hydrolog/schemas';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { readAsCaller, requires } from '../auth/guard.ts';
import type { Identity } from '../auth/identity.ts';
import { ok, okList, requestLanguage } from '../http.ts';
import { cleanLog } from './clean-log.ts';
import { exportLoginLog } from './export-login-log.ts';
import { exportOperLog } from './export-oper-log.ts';
import { removeLogEntries } from './remove-log-entries.ts';
import { unlockUser } from './unlock-user.ts';

/** The login log and the operation log of the caller's tenant: list, export, remove, clean, unlock. */
export const auditRoutes: FastifyPluginAsyncZod<{ identity: Identity }> = async (app, { identity }) => {
  const { db, store } = identity.services;
  const scoped = <T>(request: FastifyRequest, work: (sql: Sql) => Promise<T>) =>
    readAsCaller(db, request, work);

  // ---- Login log ---------------------------------------------------------------------------------------

  app.get(
    '/monitor/logininfor/list',
    {
      config: requires('monitor:logininfor:list'),
      schema: {
        tags: ['logs'],
        summary: 'Login log',
        querystring: loginLogQuerySchema,
        response: apiResponses(listEnvelopeSchema(loginLogRowSchema)),
      },
    },
    async (request) =>
      okList(
        request,
        await scoped(request, (sql) => listLoginLog(sql, request.query, requestLanguage(request))),
      ),
  );

  app.post(
    '/monitor/logininfor/export',
    {
      config: { ...requires('monitor:logininfor:export'), audit: '5' },
      schema: {
        tags: ['logs'],
        summary: 'Export the login log (xlsx) of a filter',
        body: loginLogFilterSchema,
      },
    },
    async (request, reply) => exportLoginLog(db, request, reply, request.body),
  );

  app.delete(
    '/monitor/logininfor/clean',
    {
      config: { ...requires('monitor:logininfor:remove'), audit: '9' },
      schema: { tags: ['logs'], summary: 'Clean the login log', response: noDataResponses },
    },
    async (request) => {
      await cleanLog(store, request, 'loginlog');
      return ok(request, null);
    },
  );

  app.delete(
    '/monitor/logininfor/:infoIds',
    {
      config: requires('monitor:logininfor:remove'),
      schema: {
        tags: ['logs'],
        summary: 'Remove login log entries',
        params: z.object({ infoIds: idListSchema }),
        response: noDataResponses,
      },
    },
    async (request) => {
      await removeLogEntries(store, request, 'loginlog', request.params.infoIds);
      return ok(request, null);
    },
  );

  app.get(
    '/monitor/logininfor/unlock/:userName',
    {
      config: { ...requires('monitor:logininfor:unlock'), audit: '2' },
      schema: {
        tags: ['logs'],
        summary: 'Unlock a user locked by wrong passwords',
        params: z.object({ userName: z.string().max(100) }),
        response: noDataResponses,
      },
    },
    async (request) => {
      await unlockUser(identity.services, request, request.params.userName);
      return ok(request, null);
    },
  );

  // ---- Operation log -----------------------------------------------------------------------------------

  app.get(
    '/monitor/operlog/list',
    {
      config: requires('monitor:operlog:list'),
      schema: {
        tags: ['logs'],
        summary: 'Operation log',
        querystring: operLogQuerySchema,
        response: apiResponses(listEnvelopeSchema(operLogRowSchema)),
      },
    },
    async (request) =>
      okList(
        request,
        await scoped(request, (sql) => listOperLog(sql, request.query, requestLanguage(request))),
      ),
  );

  app.post(
    '/monitor/operlog/export',
    {
      config: { ...requires('monitor:operlog:export'), audit: '5' },
      schema: {
        tags: ['logs'],
        summary: 'Export the operation log (xlsx) of a filter',
        body: operLogFilterSchema,
      },
    },
    async (request, reply) => exportOperLog(db, request, reply, request.body),
  );

  app.delete(
    '/monitor/operlog/clean',
    {
      config: { ...requires('monitor:operlog:remove'), audit: '9' },
      schema: { tags: ['logs'], summary: 'Clean the operation log', response: noDataResponses },
    },
    async (request) => {
      await cleanLog(store, request, 'operlog');
      return ok(request, null);
    },
  );

  app.delete(
    '/monitor/operlog/:operIds',
    {
      config: requires('monitor:operlog:remove'),
      schema: {
        tags: ['logs'],
        summary: 'Remove operation log entries',
        params: z.object({ operIds: idListSchema }),
        response: noDataResponses,
      },
    },
    async (request) => {
      await removeLogEntries(store, request, 'operlog', request.params.operIds);
      return ok(request, null);
    },
  );
};
