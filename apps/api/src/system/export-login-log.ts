import type { Database } from '@hydrolog/eventstore';
import { listLoginLog } from '@hydrolog/projections';
import type { LoginLogRow, loginLogQuerySchema } from '@hydrolog/schemas';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { readAsCaller } from '../auth/guard.ts';
import { requestLanguage, translator } from '../http.ts';
import { everyRow, type Filter, sendXlsx } from '../xlsx.ts';

/** The login log of a filter as an xlsx download, titles and statuses in the caller's language. */
export async function exportLoginLog(
  db: Database,
  request: FastifyRequest,
  reply: FastifyReply,
  filter: Filter<typeof loginLogQuerySchema>,
) {
  const language = requestLanguage(request);
  const { rows } = await readAsCaller(db, request, (sql) =>
    listLoginLog(sql, { ...filter, ...everyRow }, language),
  );
  const t = translator(request);
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
