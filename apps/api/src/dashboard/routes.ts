import { DomainError, localDate } from '@hydrolog/domain';
import type { Sql } from '@hydrolog/eventstore';
import {
  accountCounts,
  alarmMeterDays,
  dailyConsumption,
  getTenant,
  meterCounts,
  meterDistribution,
  meterStates,
  readingRate,
  reportedToday,
  totalConsumption,
  utilityTenants,
} from '@hydrolog/projections';
import {
  alarmStatisticsSchema,
  apiResponses,
  billStatisticsSchema,
  communicationStatisticsSchema,
  dashboardTopDataSchema,
  envelopeSchema,
  HOME_TREND_DAYS,
  TENANT_TREND_DAYS,
  tenantDashboardSchema,
  usageFilterSchema,
  usageStatisticsSchema,
} from '@hydrolog/schemas';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { callerOf, operatorOnly, readAsCaller, signedIn } from '../auth/guard.ts';
import { ok } from '../http.ts';
import type { Services } from '../services.ts';

/**
 * The dashboards: /index of a tenant (spec section 7, /business/dashboard/*, read behind row-level
 * security) and the platform's tenant data dashboard (operators, across tenants).
 */
export const dashboardRoutes: FastifyPluginAsyncZod<{ services: Services; now: () => Date }> = async (
  app,
  { services, now },
) => {
  const { db } = services;

  /** Reads of the caller's tenant, with its time zone and id. */
  function asTenant<T>(
    request: FastifyRequest,
    work: (sql: Sql, tenant: { tenantId: string; timeZone: string }) => Promise<T>,
  ): Promise<T> {
    return readAsCaller(db, request, async (sql) => {
      const { tenantId } = callerOf(request);
      const timeZone = (await getTenant(sql, tenantId))?.settings.timeZone ?? 'UTC';
      return work(sql, { tenantId, timeZone });
    });
  }

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
    async (request) =>
      ok(
        request,
        await asTenant(request, async (sql, { tenantId, timeZone }) => {
          const meters = await meterCounts(sql, tenantId);
          const accounts = await accountCounts(sql, tenantId);
          // The last finished day: today is not over, so its rate would look low all day.
          const [yesterday] = await readingRate(sql, timeZone, localDate(now().getTime(), timeZone), 2);
          return {
            waterUse: await totalConsumption(sql, tenantId),
            meterCount: meters.total,
            metersOutbound: meters.reported,
            metersNotOutbound: meters.total - meters.reported,
            customerCount: accounts.opened,
            readingRate: yesterday?.rate ?? null,
            // Billing has not landed: no figures rather than zeros.
            billed: null,
            paid: null,
            unpaid: null,
          };
        }),
      ),
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
    async (request) =>
      ok(
        request,
        await asTenant(request, async (sql, { tenantId, timeZone }) => {
          const days = await dailyConsumption(sql, tenantId, now(), request.body.days, timeZone);
          return { total: days.reduce((sum, d) => sum + d.value, 0), days };
        }),
      ),
  );

  app.get(
    '/business/dashboard/statisticsBillData',
    {
      config: signedIn,
      schema: {
        tags: ['dashboard'],
        summary: 'Billed and paid amounts per day (not available until the billing module lands)',
        response: apiResponses(envelopeSchema(billStatisticsSchema)),
      },
    },
    async (request) => ok(request, { available: false, days: [] }),
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
    async (request) =>
      ok(
        request,
        await asTenant(request, async (sql, { timeZone }) => {
          const at = now();
          const states = await meterStates(sql, at);
          const rate = await readingRate(sql, timeZone, localDate(at.getTime(), timeZone), HOME_TREND_DAYS);
          return {
            online: states.filter((s) => s.online).length,
            offline: states.filter((s) => !s.online && s.lastReportAt !== null).length,
            neverReported: states.filter((s) => s.lastReportAt === null).length,
            days: rate.map((d) => ({ date: d.date, value: d.reported })),
          };
        }),
      ),
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
    async (request) =>
      ok(
        request,
        await asTenant(request, (sql, { tenantId, timeZone }) =>
          alarmMeterDays(sql, tenantId, now(), HOME_TREND_DAYS, timeZone, 'tenant_readings'),
        ),
      ),
  );

  app.get(
    '/tenant/dashboard/statistics',
    {
      config: operatorOnly('tenant:dashboard:list'),
      schema: {
        tags: ['dashboard'],
        summary: 'Tenant data dashboard: every utility tenant, or one (demo mode cycles through them)',
        querystring: z.object({ tenantId: z.uuid().optional() }),
        response: apiResponses(envelopeSchema(tenantDashboardSchema)),
      },
    },
    async (request) => {
      const tenants = await utilityTenants(db);
      const tenantId = request.query.tenantId ?? null;
      const tenant = tenantId === null ? null : await getTenant(db, tenantId);
      if (tenantId !== null && tenant?.kind !== 'utility') throw new DomainError('error.tenant.notFound');
      const zone = tenant?.settings.timeZone ?? 'UTC';
      const at = now();
      const today = await reportedToday(db, tenantId, at);
      const alarms = await alarmMeterDays(db, tenantId, at, TENANT_TREND_DAYS, zone, 'readings');
      return ok(request, {
        tenantId,
        tenants,
        totalTenants: tenants.length,
        trialTenants: tenants.filter((t) => t.trial).length,
        accounts: await accountCounts(db, tenantId),
        today: {
          reported: today.reported,
          notReported: today.meters - today.reported,
          rate: today.meters > 0 ? today.reported / today.meters : null,
        },
        meterDistribution: await meterDistribution(db, tenantId),
        consumption: await dailyConsumption(db, tenantId, at, TENANT_TREND_DAYS, zone),
        alarms: alarms.days,
      });
    },
  );
};
