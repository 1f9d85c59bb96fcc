import { z } from 'zod';
import { envelopeSchema, listEnvelopeSchema, noDataEnvelopeSchema, pagedQuerySchema } from '../api.ts';
import { defineRoutes } from '../route-contract.ts';
import {
  alarmIdsBodySchema,
  alarmRuleBodySchema,
  alarmRuleListQuerySchema,
  alarmRuleViewSchema,
  cleanNoticeBodySchema,
  meterAlarmDetailSchema,
  meterAlarmListQuerySchema,
  meterAlarmViewSchema,
  noticeListSchema,
  processAlarmsBodySchema,
  updateAlarmRuleBodySchema,
  viewNoticeBodySchema,
} from './alarms.ts';

const ruleAnswer = envelopeSchema(alarmRuleViewSchema);

/** Meter alarm records, the bell (the paths of spec section 7 as named) and alarm rules. */
export const operationsRoutes = defineRoutes({
  'GET /report/alarm/processed/list': {
    query: pagedQuerySchema(meterAlarmListQuerySchema),
    answer: listEnvelopeSchema(meterAlarmViewSchema),
  },
  'POST /report/alarm/processed/export': { body: meterAlarmListQuerySchema },
  'GET /report/alarm/processed/listNotice': { answer: envelopeSchema(noticeListSchema) },
  'GET /report/alarm/processed/:alarmProcessedId': { answer: envelopeSchema(meterAlarmDetailSchema) },
  'PUT /report/alarm/processed/ignore/:alarmProcessedId': { answer: noDataEnvelopeSchema },
  'POST /report/alarm/processed/getSelectedAlarmInfo': {
    body: alarmIdsBodySchema,
    answer: envelopeSchema(z.array(meterAlarmDetailSchema)),
  },
  'POST /report/alarm/processed/viewNotice': { body: viewNoticeBodySchema, answer: noDataEnvelopeSchema },
  'POST /report/alarm/processed/cleanNotice': { body: cleanNoticeBodySchema, answer: noDataEnvelopeSchema },
  'POST /report/alarm/processed/process': { body: processAlarmsBodySchema, answer: noDataEnvelopeSchema },
  'POST /report/alarm/processed/ignore': { body: alarmIdsBodySchema, answer: noDataEnvelopeSchema },
  'GET /alarm/rule/list': {
    query: pagedQuerySchema(alarmRuleListQuerySchema),
    answer: listEnvelopeSchema(alarmRuleViewSchema),
  },
  'GET /alarm/rule/:ruleId': { answer: ruleAnswer },
  'POST /alarm/rule': { body: alarmRuleBodySchema, answer: ruleAnswer },
  'PUT /alarm/rule': { body: updateAlarmRuleBodySchema, answer: ruleAnswer },
  'DELETE /alarm/rule/:ids': { answer: noDataEnvelopeSchema },
});
