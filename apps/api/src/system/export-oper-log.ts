import type { Database } from '@hydrolog/eventstore';
import { listOperLog } from '@hydrolog/projections';
import type { OperLogRow, operLogQuerySchema } from '@hydrolog/schemas';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { readAsCaller } from '../auth/guard.ts';
import { requestLanguage, translator } from '../http.ts';
import { everyRow, type Filter, sendXlsx } from '../xlsx.ts';

/** The operation log of a filter as an xlsx download, titles and statuses in the caller's language. */
export async function exportOperLog(
  db: Database,
  request: FastifyRequest,
  reply: FastifyReply,
  filter: Filter<typeof operLogQuerySchema>,
) {
  const language = requestLanguage(request);
  const { rows } = await readAsCaller(db, request, (sql) =>
    listOperLog(sql, { ...filter, ...everyRow }, language),
  );
  const t = translator(request);
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
