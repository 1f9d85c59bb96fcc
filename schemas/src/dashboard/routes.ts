import { z } from 'zod';
import { envelopeSchema } from '../api.ts';
import { defineRoutes } from '../route-contract.ts';
import {
  alarmStatisticsSchema,
  billStatisticsSchema,
  communicationStatisticsSchema,
  dashboardTopDataSchema,
  tenantDashboardSchema,
  usageFilterSchema,
  usageStatisticsSchema,
} from './dashboard.ts';
import { healthSchema } from './health.ts';

/** Every utility tenant (no id), or one. */
export const tenantDashboardQuerySchema = z.object({ tenantId: z.uuid().optional() });

/** A tenant's home dashboard, the operators' tenant dashboard and the service's health. */
export const dashboardRoutes = defineRoutes({
  'GET /business/dashboard/topData': { answer: envelopeSchema(dashboardTopDataSchema) },
  'POST /business/dashboard/statisticsUsedTotalData': {
    body: usageFilterSchema,
    answer: envelopeSchema(usageStatisticsSchema),
  },
  'GET /business/dashboard/statisticsBillData': { answer: envelopeSchema(billStatisticsSchema) },
  'GET /business/dashboard/statisticsCommunicationData': {
    answer: envelopeSchema(communicationStatisticsSchema),
  },
  'GET /business/dashboard/statisticsAlarmData': { answer: envelopeSchema(alarmStatisticsSchema) },
  'GET /tenant/dashboard/statistics': {
    query: tenantDashboardQuerySchema,
    answer: envelopeSchema(tenantDashboardSchema),
  },
  'GET /health': { answer: envelopeSchema(healthSchema) },
});
