import { listAlarmRules, listMeterAlarms } from '@hydrolog/projections';
import {
  alarmIdsBodySchema,
  alarmRuleBodySchema,
  alarmRuleListQuerySchema,
  alarmRuleViewSchema,
  apiResponses,
  cleanNoticeBodySchema,
  envelopeSchema,
  idListSchema,
  listEnvelopeSchema,
  meterAlarmDetailSchema,
  meterAlarmListQuerySchema,
  meterAlarmViewSchema,
  noDataResponses,
  noticeListSchema,
  pagedQuerySchema,
  processAlarmsBodySchema,
  updateAlarmRuleBodySchema,
  viewNoticeBodySchema,
} from '@hydrolog/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { readAsCaller, requires, signedIn } from '../auth/guard.ts';
import { distinctIds, ok, okList } from '../http.ts';
import type { Services } from '../services.ts';
import { alarmRuleOf } from './alarm-rules.ts';
import { cleanNotices } from './clean-notices.ts';
import { deleteAlarmRules } from './delete-alarm-rules.ts';
import { exportAlarms } from './export-alarms.ts';
import { ignoreAlarms } from './ignore-alarms.ts';
import { alarmDetailsOf } from './meter-alarms.ts';
import { ALARM_LIST_PERMISSION, noticesOf } from './notices.ts';
import { processAlarms } from './process-alarms.ts';
import { saveAlarmRule } from './save-alarm-rule.ts';
import { viewNotice } from './view-notice.ts';

const tags = ['operations'];
const detailResponse = apiResponses(envelopeSchema(meterAlarmDetailSchema));
const ruleResponse = apiResponses(envelopeSchema(alarmRuleViewSchema));

/** Meter alarm records and the notification bell, at the paths of spec section 7. */
export const meterAlarmRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const { db } = services;

  app.get(
    '/report/alarm/processed/list',
    {
      config: requires(ALARM_LIST_PERMISSION),
      schema: {
        tags,
        summary: 'Alarm records, newest first, by status, type, meter, time and address',
        querystring: pagedQuerySchema(meterAlarmListQuerySchema),
        response: apiResponses(listEnvelopeSchema(meterAlarmViewSchema)),
      },
    },
    async (request) =>
      okList(request, await readAsCaller(db, request, (sql) => listMeterAlarms(sql, request.query))),
  );

  app.post(
    '/report/alarm/processed/export',
    {
      config: { ...requires('report:alarm:export'), audit: '5' },
      schema: {
        tags,
        summary: 'Export the alarm records of a filter (xlsx)',
        body: meterAlarmListQuerySchema,
      },
    },
    async (request, reply) => exportAlarms(services, request, reply, request.body),
  );

  app.get(
    '/report/alarm/processed/listNotice',
    {
      config: signedIn,
      schema: {
        tags,
        summary: "The caller's notification bell: the open alarms notified to them, by type, with counts",
        response: apiResponses(envelopeSchema(noticeListSchema)),
      },
    },
    async (request) => ok(request, await noticesOf(db, request)),
  );

  app.post(
    '/report/alarm/processed/viewNotice',
    {
      config: signedIn,
      schema: {
        tags,
        summary: 'Mark a notice read, for the caller',
        body: viewNoticeBodySchema,
        response: noDataResponses,
      },
    },
    async (request) => {
      await viewNotice(services, request, request.body.alarmProcessedId);
      return ok(request, null);
    },
  );

  app.post(
    '/report/alarm/processed/cleanNotice',
    {
      config: signedIn,
      schema: {
        tags,
        summary: "Clear the caller's notices of these alarm types (0 meter, 1 system)",
        body: cleanNoticeBodySchema,
        response: noDataResponses,
      },
    },
    async (request) => {
      await cleanNotices(services, request, request.body.alarmTypes);
      return ok(request, null);
    },
  );

  app.post(
    '/report/alarm/processed/getSelectedAlarmInfo',
    {
      config: requires('report:alarm:query'),
      schema: {
        tags,
        summary: 'The selected alarms with their meter record and account',
        body: alarmIdsBodySchema,
        response: apiResponses(envelopeSchema(z.array(meterAlarmDetailSchema))),
      },
    },
    async (request) => ok(request, await alarmDetailsOf(db, request, request.body.alarmProcessedIds)),
  );

  app.post(
    '/report/alarm/processed/process',
    {
      config: requires('report:alarm:process'),
      schema: {
        tags,
        summary: 'Process alarms with a remark (one or a batch; all or none)',
        body: processAlarmsBodySchema,
        response: noDataResponses,
      },
    },
    async (request) => {
      await processAlarms(services, request, request.body);
      return ok(request, null);
    },
  );

  app.post(
    '/report/alarm/processed/ignore',
    {
      config: requires('report:alarm:ignore'),
      schema: {
        tags,
        summary: 'Ignore a batch of alarms (all or none)',
        body: alarmIdsBodySchema,
        response: noDataResponses,
      },
    },
    async (request) => {
      await ignoreAlarms(services, request, request.body.alarmProcessedIds);
      return ok(request, null);
    },
  );

  app.put(
    '/report/alarm/processed/ignore/:alarmProcessedId',
    {
      config: requires('report:alarm:ignore'),
      schema: {
        tags,
        summary: 'Ignore an alarm',
        params: z.object({ alarmProcessedId: z.uuid() }),
        response: noDataResponses,
      },
    },
    async (request) => {
      await ignoreAlarms(services, request, [request.params.alarmProcessedId]);
      return ok(request, null);
    },
  );

  app.get(
    '/report/alarm/processed/:alarmProcessedId',
    {
      config: requires('report:alarm:query'),
      schema: {
        tags,
        summary: "An alarm with its meter's latest day record (meterFrozen) and the account's name and phone",
        params: z.object({ alarmProcessedId: z.uuid() }),
        response: detailResponse,
      },
    },
    async (request) =>
      ok(request, (await alarmDetailsOf(db, request, [request.params.alarmProcessedId]))[0]!),
  );
};

/** Alarm rules of the caller's tenant. */
export const alarmRuleRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const { db } = services;

  app.get(
    '/alarm/rule/list',
    {
      config: requires('alarm:rule:list'),
      schema: {
        tags,
        summary: 'Alarm rules of the tenant',
        querystring: pagedQuerySchema(alarmRuleListQuerySchema),
        response: apiResponses(listEnvelopeSchema(alarmRuleViewSchema)),
      },
    },
    async (request) =>
      okList(request, await readAsCaller(db, request, (sql) => listAlarmRules(sql, request.query))),
  );

  app.get(
    '/alarm/rule/:ruleId',
    {
      config: requires('alarm:rule:query'),
      schema: {
        tags,
        summary: 'An alarm rule',
        params: z.object({ ruleId: z.uuid() }),
        response: ruleResponse,
      },
    },
    async (request) => ok(request, await alarmRuleOf(db, request, request.params.ruleId)),
  );

  app.post(
    '/alarm/rule',
    {
      config: requires('alarm:rule:add'),
      schema: { tags, summary: 'Create an alarm rule', body: alarmRuleBodySchema, response: ruleResponse },
    },
    async (request) => ok(request, await saveAlarmRule(services, request, request.body)),
  );

  app.put(
    '/alarm/rule',
    {
      config: requires('alarm:rule:edit'),
      schema: {
        tags,
        summary: 'Change an alarm rule',
        body: updateAlarmRuleBodySchema,
        response: ruleResponse,
      },
    },
    async (request) => ok(request, await saveAlarmRule(services, request, request.body)),
  );

  app.delete(
    '/alarm/rule/:ids',
    {
      config: requires('alarm:rule:remove'),
      schema: {
        tags,
        summary: 'Delete alarm rules',
        params: z.object({ ids: idListSchema }),
        response: noDataResponses,
      },
    },
    async (request) => {
      await deleteAlarmRules(services, request, distinctIds(request.params.ids));
      return ok(request, null);
    },
  );
};
