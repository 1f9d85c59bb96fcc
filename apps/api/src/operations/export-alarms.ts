import { dictByType, listMeterAlarms } from '@hydrolog/projections';
import type { MeterAlarmListQuery, MeterAlarmView } from '@hydrolog/schemas';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { readAsCaller } from '../auth/guard.ts';
import { requestLanguage, translator } from '../http.ts';
import type { Services } from '../services.ts';
import { everyRow, sendXlsx } from '../xlsx.ts';

/**
 * The alarm records of a filter as an xlsx workbook, the alarm categories, types and states in the caller's
 * language; a system alarm's subject stands where a meter alarm's meter number does.
 */
export async function exportAlarms(
  { db }: Services,
  request: FastifyRequest,
  reply: FastifyReply,
  filter: MeterAlarmListQuery,
): Promise<FastifyReply> {
  const t = translator(request);
  const { rows } = await readAsCaller(db, request, (sql) => listMeterAlarms(sql, { ...filter, ...everyRow }));
  // The dictionaries are the platform's, read as the owner.
  const kinds = new Map(
    (await dictByType(db, 'meter_alarm_type', requestLanguage(request))).map((d) => [
      d.dictValue,
      d.dictLabel,
    ]),
  );
  return sendXlsx<MeterAlarmView>(
    reply,
    'alarms',
    [
      { header: t('alarms.alarmType'), value: (r) => t(`alarms.alarmTypes.${r.alarmType}`), width: 14 },
      { header: t('alarms.status'), value: (r) => t(`alarms.statuses.${r.status}`), width: 14 },
      { header: t('alarms.eventType'), value: (r) => kinds.get(r.eventType) ?? r.eventType, width: 28 },
      { header: t('alarms.level'), value: (r) => t(`alarms.levels.${r.level}`), width: 10 },
      { header: t('alarms.meterOrSubject'), value: (r) => r.meterNo, width: 20 },
      { header: t('alarms.meterTypeName'), value: (r) => r.meterTypeName ?? '', width: 16 },
      { header: t('alarms.accountName'), value: (r) => r.accountName ?? '', width: 16 },
      { header: t('alarms.customerTel'), value: (r) => r.customerTel ?? '', width: 14 },
      { header: t('alarms.areaAddress'), value: (r) => r.areaAddress ?? '', width: 24 },
      { header: t('alarms.value'), value: (r) => r.value ?? '', width: 10 },
      { header: t('alarms.threshold'), value: (r) => r.threshold ?? '', width: 10 },
      { header: t('alarms.alarmTime'), value: (r) => r.alarmTime, width: 22 },
      { header: t('alarms.remark'), value: (r) => r.remark ?? '', width: 30 },
      { header: t('alarms.processedTime'), value: (r) => r.processedTime ?? '', width: 22 },
    ],
    rows,
  );
}
