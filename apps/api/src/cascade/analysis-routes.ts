import {
  cascadeHolidays,
  dailyFigures,
  listCascadeAlarms,
  nightFigures,
  periodBalance,
  pointLeaks,
} from '@hydrolog/projections';
import {
  analysisQuerySchema,
  apiResponses,
  cascadeAlarmListQuerySchema,
  cascadeAlarmViewSchema,
  cascadeHolidaysSchema,
  cascadeOverviewSchema,
  dailyFigureSchema,
  envelopeSchema,
  figuresExportBodySchema,
  hourlyFlowQuerySchema,
  hourlyFlowSchema,
  iliQuerySchema,
  iliResultSchema,
  leakAnalysisSchema,
  listEnvelopeSchema,
  nightFigureSchema,
  noDataResponses,
  pagedQuerySchema,
  periodBalanceSchema,
  rankingQuerySchema,
  rankingRowSchema,
} from '@hydrolog/schemas';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { readAsCaller, requires } from '../auth/guard.ts';
import { distinctIds, ok, okList } from '../http.ts';
import type { Services } from '../services.ts';
import { hourlyFlow, leakageIndex, periodFigures, rankingOfLastDays } from './analysis.ts';
import { exportCascadeAlarms } from './export-cascade-alarms.ts';
import { exportFigures } from './export-figures.ts';
import { setHolidays } from './holidays.ts';
import { cascadeOverview } from './overview.ts';
import { idList } from './params.ts';
import { processAlarms } from './process-alarms.ts';

/** A list answered whole, as one page. */
const okAll = <T>(request: FastifyRequest, rows: T[]) => okList(request, { total: rows.length, rows });

/**
 * The leakage figures of a point (DESIGN's "Leakage definitions"), their exports, the tenant's holidays,
 * cascade alarms and the overviews of the GIS and the big screen.
 */
export const analysisRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const { db } = services;

  app.get(
    '/cascade/analysis/daily',
    {
      config: requires('cascade:analysis:list'),
      schema: {
        tags: ['cascade'],
        summary: 'Supply, sales, leakage (m3), leakage rate and data coverage of a point per local day',
        querystring: analysisQuerySchema,
        response: apiResponses(listEnvelopeSchema(dailyFigureSchema)),
      },
    },
    async (request) => okAll(request, await periodFigures(services, request, request.query, dailyFigures)),
  );

  app.get(
    '/cascade/analysis/night',
    {
      config: requires('cascade:analysis:list'),
      schema: {
        tags: ['cascade'],
        summary:
          'Night minimum flow (02:00-04:00 local), average daily flow (m3/h) and KL of a point per night',
        querystring: analysisQuerySchema,
        response: apiResponses(listEnvelopeSchema(nightFigureSchema)),
      },
    },
    async (request) => okAll(request, await periodFigures(services, request, request.query, nightFigures)),
  );

  for (const kind of ['daily', 'night'] as const) {
    app.post(
      `/cascade/analysis/${kind}/export`,
      {
        config: { ...requires('cascade:analysis:export'), audit: '5' },
        schema: {
          tags: ['cascade'],
          summary: `Export the ${kind} figures of a point (csv or xlsx)`,
          body: figuresExportBodySchema,
        },
      },
      async (request, reply) => exportFigures(services, request, reply, kind, request.body),
    );
  }

  app.get(
    '/cascade/analysis/balance',
    {
      config: requires('cascade:analysis:list'),
      schema: {
        tags: ['cascade'],
        summary: 'Production versus sales of a point over a period',
        querystring: analysisQuerySchema,
        response: apiResponses(envelopeSchema(periodBalanceSchema)),
      },
    },
    async (request) => ok(request, await periodFigures(services, request, request.query, periodBalance)),
  );

  app.get(
    '/cascade/analysis/ranking',
    {
      config: requires('cascade:analysis:list'),
      schema: {
        tags: ['cascade'],
        summary: 'Metering points with sub-meters by leakage rate over the last days (30 by default), a page',
        querystring: pagedQuerySchema(rankingQuerySchema),
        response: apiResponses(listEnvelopeSchema(rankingRowSchema)),
      },
    },
    async (request) => okList(request, await rankingOfLastDays(services, request, request.query)),
  );

  app.get(
    '/cascade/analysis/leaks',
    {
      config: requires('cascade:analysis:list'),
      schema: {
        tags: ['cascade'],
        summary:
          "Leak detection on a point's nightly MNF: each night against its baseline and margin, and the new " +
          '(abrupt) and growing leaks under way in the period with their start, size, repair and volume lost',
        querystring: analysisQuerySchema,
        response: apiResponses(envelopeSchema(leakAnalysisSchema)),
      },
    },
    async (request) => ok(request, await periodFigures(services, request, request.query, pointLeaks)),
  );

  app.get(
    '/cascade/holidays',
    {
      config: requires('cascade:analysis:list'),
      schema: {
        tags: ['cascade'],
        summary: "The tenant's holidays: nights leak detection neither judges nor learns from",
        response: apiResponses(envelopeSchema(cascadeHolidaysSchema)),
      },
    },
    async (request) =>
      ok(request, { holidays: await readAsCaller(db, request, (sql) => cascadeHolidays(sql)) }),
  );
  app.put(
    '/cascade/holidays',
    {
      config: requires('cascade:analysis:process'),
      schema: {
        tags: ['cascade'],
        summary: "Set the tenant's holidays (the whole list)",
        body: cascadeHolidaysSchema,
        response: noDataResponses,
      },
    },
    async (request) => {
      await setHolidays(services, request, request.body.holidays);
      return ok(request, null);
    },
  );

  app.get(
    '/cascade/analysis/ili',
    {
      config: requires('cascade:analysis:list'),
      schema: {
        tags: ['cascade'],
        summary:
          'Infrastructure Leakage Index of a point: mean daily leakage over UARL = (18 Lm + 0.8 Nc + 25 Lp) x P',
        querystring: iliQuerySchema,
        response: apiResponses(envelopeSchema(iliResultSchema)),
      },
    },
    async (request) => ok(request, await leakageIndex(services, request, request.query)),
  );

  app.get(
    '/cascade/alarm/list',
    {
      config: requires('cascade:analysis:list'),
      schema: {
        tags: ['cascade'],
        summary:
          'Cascade alarms: leakage rate, night minimum flow and KL over their thresholds, new and growing leaks',
        querystring: pagedQuerySchema(cascadeAlarmListQuerySchema),
        response: apiResponses(listEnvelopeSchema(cascadeAlarmViewSchema)),
      },
    },
    async (request) =>
      okList(request, await readAsCaller(db, request, (sql) => listCascadeAlarms(sql, request.query))),
  );
  app.post(
    '/cascade/alarm/export',
    {
      config: { ...requires('cascade:analysis:export'), audit: '5' },
      schema: {
        tags: ['cascade'],
        summary: 'Export the cascade alarms of a filter (xlsx)',
        body: cascadeAlarmListQuerySchema,
      },
    },
    async (request, reply) => exportCascadeAlarms(services, request, reply, request.body),
  );
  app.put(
    '/cascade/alarm/process/:alarmIds',
    {
      config: requires('cascade:analysis:process'),
      schema: {
        tags: ['cascade'],
        summary: 'Mark cascade alarms processed (ids separated by commas; processed ones stay so)',
        params: z.object({ alarmIds: idList() }),
        response: noDataResponses,
      },
    },
    async (request) => {
      await processAlarms(services, request, distinctIds(request.params.alarmIds));
      return ok(request, null);
    },
  );

  for (const [url, permission] of [
    ['/cascade/gis/overview', 'cascade:gis:list'],
    ['/cascade/screen/overview', 'cascade:screen:list'],
  ] as const) {
    app.get(
      url,
      {
        config: requires(permission),
        schema: {
          tags: ['cascade'],
          summary: "The tenant's partitions at a glance: counts, month, yesterday, trend, ranking, alarms",
          response: apiResponses(envelopeSchema(cascadeOverviewSchema)),
        },
      },
      async (request) => ok(request, await cascadeOverview(services, request)),
    );
  }

  app.get(
    '/cascade/analysis/hourly',
    {
      config: requires('cascade:analysis:list'),
      schema: {
        tags: ['cascade'],
        summary: "The summary meter's flow in every local hour of one day (m3/h), for the night flow chart",
        querystring: hourlyFlowQuerySchema,
        response: apiResponses(listEnvelopeSchema(hourlyFlowSchema)),
      },
    },
    async (request) =>
      okAll(request, await hourlyFlow(services, request, request.query.pointId, request.query.date)),
  );
};
