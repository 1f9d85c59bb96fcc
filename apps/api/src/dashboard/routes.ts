import {
  alarmStatisticsSchema,
  apiResponses,
  billStatisticsSchema,
  communicationStatisticsSchema,
  dashboardTopDataSchema,
  envelopeSchema,
  tenantDashboardQuerySchema,
  tenantDashboardSchema,
  usageFilterSchema,
  usageStatisticsSchema,
} from '@hydrolog/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { operatorOnly, signedIn } from '../auth/guard.ts';
import { ok } from '../http.ts';
import type { Services } from '../services.ts';
import {
  alarmStatistics,
  billStatistics,
  communicationStatistics,
  topData,
  usageStatistics,
} from './home.ts';
import { tenantStatistics } from './tenant-statistics.ts';

/**
 * The dashboards: /index of a tenant (spec section 7, /business/dashboard/*, read behind row-level
 * security) and the platform's tenant data dashboard (operators, across tenants).
 */
export const dashboardRoutes: FastifyPluginAsyncZod<{ services: Services; now: () => Date }> = async (
  app,
  { services, now },
) => {
  const { db } = services;

  app.get(
    '/business/dashboard/topData',
    {
      config: signedIn,
      schema: {
        tags: ['dashboard'],
        summary: 'Water use, meters (outbound or not), customers and the reading rate of the caller tenant',
        response: apiResponses(envelopeSchema(dashboardTopDataSchema)),
      },
    },
    async (request) => ok(request, await topData(db, request, now)),
  );

  app.post(
    '/business/dashboard/statisticsUsedTotalData',
    {
      config: signedIn,
      schema: {
        tags: ['dashboard'],
        summary: 'Water used per local day over the last 7, 30 or 90 days (body filter)',
        body: usageFilterSchema,
        response: apiResponses(envelopeSchema(usageStatisticsSchema)),
      },
    },
    async (request) => ok(request, await usageStatistics(db, request, now, request.body)),
  );

  app.get(
    '/business/dashboard/statisticsBillData',
    {
      config: signedIn,
      schema: {
        tags: ['dashboard'],
        summary:
          'Billed and paid amounts per local day of the last days (not available before the first bill)',
        response: apiResponses(envelopeSchema(billStatisticsSchema)),
      },
    },
    async (request) => ok(request, await billStatistics(db, request, now)),
  );

  app.get(
    '/business/dashboard/statisticsCommunicationData',
    {
      config: signedIn,
      schema: {
        tags: ['dashboard'],
        summary: 'Meters online, offline and never heard from; meters that reported per day (7 days)',
        response: apiResponses(envelopeSchema(communicationStatisticsSchema)),
      },
    },
    async (request) => ok(request, await communicationStatistics(db, request, now)),
  );

  app.get(
    '/business/dashboard/statisticsAlarmData',
    {
      config: signedIn,
      schema: {
        tags: ['dashboard'],
        summary: 'Meters that reported alarm codes per day (7 days) and meter-days per alarm type',
        response: apiResponses(envelopeSchema(alarmStatisticsSchema)),
      },
    },
    async (request) => ok(request, await alarmStatistics(db, request, now)),
  );

  app.get(
    '/tenant/dashboard/statistics',
    {
      config: operatorOnly('tenant:dashboard:list'),
      schema: {
        tags: ['dashboard'],
        summary: 'Tenant data dashboard: every utility tenant, or one (demo mode cycles through them)',
        querystring: tenantDashboardQuerySchema,
        response: apiResponses(envelopeSchema(tenantDashboardSchema)),
      },
    },
    async (request) => ok(request, await tenantStatistics(db, request.query.tenantId ?? null, now)),
  );
};
