import type { Database } from '@hydrolog/eventstore';
import { listLoginLog, listOperLog } from '@hydrolog/projections';
import type {
  Language,
  LoginLogRow,
  loginLogQuerySchema,
  OperLogRow,
  operLogQuerySchema,
} from '@hydrolog/schemas';
import { translate } from '@hydrolog/schemas/messages/all';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { readAsCaller } from '../auth/guard.ts';
import { requestLanguage } from '../http.ts';
import { EXPORT_MAX_ROWS, sendXlsx } from '../xlsx.ts';

/** An export takes the whole filter of a list, up to EXPORT_MAX_ROWS rows. */
type Filter<Query extends z.ZodObject> = Omit<z.output<Query>, 'pageNum' | 'pageSize'>;

const translator = (language: Language) => (key: Parameters<typeof translate>[0]) => translate(key, language);

/** The login log of a filter as an xlsx download, titles and statuses in the caller's language. */
export async function exportLoginLog(
  db: Database,
  request: FastifyRequest,
  reply: FastifyReply,
  filter: Filter<typeof loginLogQuerySchema>,
) {
  const language = requestLanguage(request);
  const { rows } = await readAsCaller(db, request, (sql) =>
    listLoginLog(sql, { ...filter, pageNum: 1, pageSize: EXPORT_MAX_ROWS }, language),
  );
  const t = translator(language);
  return sendXlsx<LoginLogRow>(
    reply,
    'login-log',
    [
      { header: t('log.userName'), value: (r) => r.userName },
      { header: t('logs.ipaddr'), value: (r) => r.ipaddr },
      { header: t('loginLog.browser'), value: (r) => r.browser },
      { header: t('loginLog.os'), value: (r) => r.os },
      { header: t('logs.status'), value: (r) => t(r.status === '0' ? 'log.success' : 'logs.statuses.1') },
      { header: t('log.message'), value: (r) => r.msg, width: 40 },
      { header: t('log.time'), value: (r) => r.loginTime, width: 26 },
    ],
    rows,
  );
}

/** The operation log of a filter as an xlsx download, titles and statuses in the caller's language. */
export async function exportOperLog(
  db: Database,
  request: FastifyRequest,
  reply: FastifyReply,
  filter: Filter<typeof operLogQuerySchema>,
) {
  const language = requestLanguage(request);
  const { rows } = await readAsCaller(db, request, (sql) =>
    listOperLog(sql, { ...filter, pageNum: 1, pageSize: EXPORT_MAX_ROWS }, language),
  );
  const t = translator(language);
  return sendXlsx<OperLogRow>(
    reply,
    'operation-log',
    [
      { header: t('log.title'), value: (r) => r.title, width: 36 },
      { header: t('log.businessType'), value: (r) => r.businessType },
      { header: t('operLog.request'), value: (r) => `${r.requestMethod} ${r.operUrl}`, width: 36 },
      { header: t('operLog.operName'), value: (r) => r.operName },
      { header: t('logs.ipaddr'), value: (r) => r.operIp },
      { header: t('operLog.params'), value: (r) => r.operParam, width: 50 },
      { header: t('logs.status'), value: (r) => t(r.status === '0' ? 'log.success' : 'logs.statuses.1') },
      { header: t('log.message'), value: (r) => r.errorMsg, width: 30 },
      { header: t('log.duration'), value: (r) => r.costTime },
      { header: t('log.time'), value: (r) => r.operTime, width: 26 },
    ],
    rows,
  );
}
