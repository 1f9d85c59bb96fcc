import { z } from 'zod';

/** Spec section 9: the date presets of the usage statistics. */
export const USAGE_PRESETS = [7, 30, 90] as const;
/** Days of the tenant dashboard's trends (spec section 3: 10-day consumption and alarms). */
export const TENANT_TREND_DAYS = 10;
/** Days of the communication and alarm trends on /index. */
export const HOME_TREND_DAYS = 7;

/** A value per local day (YYYY-MM-DD). */
export const dayValueSchema = z.object({ date: z.string(), value: z.number() });
export type DayValue = z.infer<typeof dayValueSchema>;

/** Customer accounts open (not closed), and registered meters that no open account holds. */
export const accountCountsSchema = z.object({ opened: z.number().int(), notOpened: z.number().int() });

/** GET /tenant/dashboard/statistics: the platform's tenant data dashboard (one tenant, or all). */
export const tenantDashboardSchema = z.object({
  /** null: every utility tenant. */
  tenantId: z.string().nullable(),
  tenants: z.array(z.object({ tenantId: z.string(), name: z.string(), trial: z.boolean() })),
  totalTenants: z.number().int(),
  trialTenants: z.number().int(),
  accounts: accountCountsSchema,
  today: z.object({ reported: z.number().int(), notReported: z.number().int(), rate: z.number().nullable() }),
  /** Meters per tenant (all tenants) or per meter type (one tenant). */
  meterDistribution: z.array(z.object({ label: z.string(), count: z.number().int() })),
  consumption: z.array(dayValueSchema),
  /** Meters that reported an alarm code, per day (alarm records arrive with the alarms module). */
  alarms: z.array(dayValueSchema),
});
export type TenantDashboard = z.infer<typeof tenantDashboardSchema>;

/** GET /business/dashboard/topData: the figures of /index (bill figures in the currency, from the bills). */
export const dashboardTopDataSchema = z.object({
  waterUse: z.number(),
  meterCount: z.number().int(),
  metersOutbound: z.number().int(),
  metersNotOutbound: z.number().int(),
  customerCount: z.number().int(),
  /** The last finished day's reading rate. */
  readingRate: z.number().nullable(),
  billed: z.number().nullable(),
  paid: z.number().nullable(),
  unpaid: z.number().nullable(),
});
export type DashboardTopData = z.infer<typeof dashboardTopDataSchema>;

/** POST /business/dashboard/statisticsUsedTotalData: the filter (a date preset). */
export const usageFilterSchema = z.strictObject({
  days: z.union([z.literal(7), z.literal(30), z.literal(90)]).default(7),
});
export type UsageFilter = z.input<typeof usageFilterSchema>;
export const usageStatisticsSchema = z.object({ total: z.number(), days: z.array(dayValueSchema) });
export type UsageStatistics = z.infer<typeof usageStatisticsSchema>;

export const billStatisticsSchema = z.object({
  /** False while the tenant has no bill: the screen says so instead of showing zeros. */
  available: z.boolean(),
  days: z.array(z.object({ date: z.string(), billed: z.number(), paid: z.number() })),
});
export type BillStatistics = z.infer<typeof billStatisticsSchema>;

export const communicationStatisticsSchema = z.object({
  online: z.number().int(),
  offline: z.number().int(),
  neverReported: z.number().int(),
  /** Meters that reported per day. */
  days: z.array(dayValueSchema),
});
export type CommunicationStatistics = z.infer<typeof communicationStatisticsSchema>;

export const alarmStatisticsSchema = z.object({
  days: z.array(dayValueSchema),
  /** Meter-days per alarm code (a value of the meter_alarm_type dictionary). */
  byType: z.array(z.object({ alarmType: z.string(), count: z.number().int() })),
});
export type AlarmStatistics = z.infer<typeof alarmStatisticsSchema>;
