import { DomainError } from '@hydrolog/domain';
import type { Sql } from '@hydrolog/eventstore';
import { findUserByAccount, listLoginLog, listOperLog } from '@hydrolog/projections';
import {
  apiResponses,
  idListSchema,
  type LoginLogRow,
  listEnvelopeSchema,
  loginLogQuerySchema,
  loginLogRowSchema,
  noDataResponses,
  type OperLogRow,
  operLogQuerySchema,
  operLogRowSchema,
  translate,
} from '@hydrolog/schemas';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { callerMetadata, callerOf, readAsCaller, requires } from '../auth/guard.ts';
import type { Identity } from '../auth/identity.ts';
import { record } from '../commands.ts';
import { ok, okList, requestLanguage } from '../http.ts';
import { EXPORT_MAX_ROWS, sendXlsx } from '../xlsx.ts';

/** An export takes the whole filter, up to this many rows. */
const { pageNum: _, pageSize: __, ...loginFilter } = loginLogQuerySchema.shape;
const { pageNum: ___, pageSize: ____, ...operFilter } = operLogQuerySchema.shape;

/** The login log and the operation log of the caller's tenant: list, export, remove, clean, unlock. */
export const auditRoutes: FastifyPluginAsyncZod<{ identity: Identity }> = async (app, { identity }) => {
  const { db, store } = identity.services;
  const scoped = <T>(request: FastifyRequest, work: (sql: Sql) => Promise<T>) =>
    readAsCaller(db, request, work);
  const meta = callerMetadata;
  const log = (request: FastifyRequest, kind: 'loginlog' | 'operlog') =>
    `${kind}-${callerOf(request).tenantId}`;

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
        body: z.object(loginFilter),
      },
    },
    async (request, reply) => {
      const language = requestLanguage(request);
      const { rows } = await scoped(request, (sql) =>
        listLoginLog(sql, { ...request.body, pageNum: 1, pageSize: EXPORT_MAX_ROWS }, language),
      );
      const t = (key: Parameters<typeof translate>[0]) => translate(key, language);
      return sendXlsx<LoginLogRow>(
        reply,
        'login-log',
        [
          { header: t('log.userName'), value: (r) => r.userName },
          { header: t('log.ip'), value: (r) => r.ipaddr },
          { header: t('log.browser'), value: (r) => r.browser },
          { header: t('log.os'), value: (r) => r.os },
          { header: t('log.status'), value: (r) => t(r.status === '0' ? 'log.success' : 'log.failure') },
          { header: t('log.message'), value: (r) => r.msg, width: 40 },
          { header: t('log.time'), value: (r) => r.loginTime, width: 26 },
        ],
        rows,
      );
    },
  );

  app.delete(
    '/monitor/logininfor/clean',
    {
      config: { ...requires('monitor:logininfor:remove'), audit: '9' },
      schema: { tags: ['logs'], summary: 'Clean the login log', response: noDataResponses },
    },
    async (request) => {
      await record(
        store,
        log(request, 'loginlog'),
        { type: 'LoginLogCleaned', data: { at: new Date().toISOString() } },
        meta(request),
      );
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
      const infoIds = [...new Set(request.params.infoIds.split(','))];
      await record(
        store,
        log(request, 'loginlog'),
        { type: 'LoginLogRemoved', data: { infoIds } },
        meta(request),
      );
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
      const user = await findUserByAccount(db, request.params.userName);
      // Only the caller's own users: another tenant's user is "not found".
      if (!user || user.tenant_id !== callerOf(request).tenantId)
        throw new DomainError('error.user.notFound');
      const data = { userId: user.user_id, userName: user.user_name, at: new Date().toISOString() };
      await record(store, log(request, 'loginlog'), { type: 'LoginUnlocked', data }, meta(request));
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
    async (request) => okList(request, await scoped(request, (sql) => listOperLog(sql, request.query))),
  );

  app.post(
    '/monitor/operlog/export',
    {
      config: { ...requires('monitor:operlog:export'), audit: '5' },
      schema: {
        tags: ['logs'],
        summary: 'Export the operation log (xlsx) of a filter',
        body: z.object(operFilter),
      },
    },
    async (request, reply) => {
      const language = requestLanguage(request);
      const { rows } = await scoped(request, (sql) =>
        listOperLog(sql, { ...request.body, pageNum: 1, pageSize: EXPORT_MAX_ROWS }),
      );
      const t = (key: Parameters<typeof translate>[0]) => translate(key, language);
      return sendXlsx<OperLogRow>(
        reply,
        'operation-log',
        [
          { header: t('log.title'), value: (r) => r.title, width: 36 },
          { header: t('log.businessType'), value: (r) => r.businessType },
          { header: t('log.method'), value: (r) => `${r.requestMethod} ${r.operUrl}`, width: 36 },
          { header: t('log.operator'), value: (r) => r.operName },
          { header: t('log.ip'), value: (r) => r.operIp },
          { header: t('log.parameters'), value: (r) => r.operParam, width: 50 },
          { header: t('log.status'), value: (r) => t(r.status === '0' ? 'log.success' : 'log.failure') },
          { header: t('log.message'), value: (r) => r.errorMsg, width: 30 },
          { header: t('log.duration'), value: (r) => r.costTime },
          { header: t('log.time'), value: (r) => r.operTime, width: 26 },
        ],
        rows,
      );
    },
  );

  app.delete(
    '/monitor/operlog/clean',
    {
      config: { ...requires('monitor:operlog:remove'), audit: '9' },
      schema: { tags: ['logs'], summary: 'Clean the operation log', response: noDataResponses },
    },
    async (request) => {
      await record(
        store,
        log(request, 'operlog'),
        { type: 'OperationLogCleaned', data: { at: new Date().toISOString() } },
        meta(request),
      );
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
      const operIds = [...new Set(request.params.operIds.split(','))];
      await record(
        store,
        log(request, 'operlog'),
        { type: 'OperationLogRemoved', data: { operIds } },
        meta(request),
      );
      return ok(request, null);
    },
  );
};
