import { listCascadeAlarms } from '@hydrolog/projections';
import type { CascadeAlarmListQuery, CascadeAlarmView } from '@hydrolog/schemas';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { readAsCaller } from '../auth/guard.ts';
import { translator } from '../http.ts';
import type { Services } from '../services.ts';
import { everyRow, sendXlsx } from '../xlsx.ts';

/** The cascade alarms of a filter as an xlsx workbook, newest first, with the list's columns. */
export async function exportCascadeAlarms(
  { db }: Services,
  request: FastifyRequest,
  reply: FastifyReply,
  filter: CascadeAlarmListQuery,
): Promise<FastifyReply> {
  const t = translator(request);
  const { rows } = await readAsCaller(db, request, (sql) =>
    listCascadeAlarms(sql, { ...filter, ...everyRow }),
  );
  return sendXlsx<CascadeAlarmView>(
    reply,
    'cascade-alarms',
    [
      { header: t('cascade.alarmType'), value: (r) => t(`cascade.alarmKinds.${r.kind}`), width: 22 },
      { header: t('cascade.point'), value: (r) => r.pointName, width: 24 },
      { header: t('cascade.alarmContent'), value: (r) => t(`cascade.alarmContents.${r.kind}`), width: 40 },
      { header: t('cascade.alarmValue'), value: (r) => r.value },
      { header: t('cascade.alarmTrend'), value: (r) => r.trend },
      { header: t('cascade.alarmTime'), value: (r) => r.day },
      { header: t('cascade.alarmStatus'), value: (r) => t(`cascade.alarmStatuses.${r.status}`) },
    ],
    rows,
  );
}
