import { api } from '../../../api/client.ts';

export const fetchHealth = () => api.data('GET /health');

/** The dashboards: /index of a tenant (spec section 7 /business/dashboard/*) and the operators' tenant dashboard. */

export type {
  AlarmStatistics,
  BillStatistics,
  CommunicationStatistics,
  DashboardTopData,
  DayValue,
  TenantDashboard,
  UsageStatistics,
} from '@hydrolog/schemas';
export { HOME_TREND_DAYS, TENANT_TREND_DAYS, USAGE_PRESETS } from '@hydrolog/schemas';

export const getTopData = () => api.data('GET /business/dashboard/topData');

export const getUsage = (days: 7 | 30 | 90) =>
  api.data('POST /business/dashboard/statisticsUsedTotalData', { body: { days } });

export const getBillStatistics = () => api.data('GET /business/dashboard/statisticsBillData');

export const getCommunication = () => api.data('GET /business/dashboard/statisticsCommunicationData');

export const getAlarmStatistics = () => api.data('GET /business/dashboard/statisticsAlarmData');

/** Every utility tenant (no id), or one. */
export const getTenantDashboard = (tenantId: string | null) =>
  api.data('GET /tenant/dashboard/statistics', { query: tenantId ? { tenantId } : {} });

/** The meter_alarm_type dictionary, labels in the caller's language (names the alarm codes). */
export const getAlarmTypes = () =>
  api.data('GET /system/dict/data/type/:dictType', { params: { dictType: 'meter_alarm_type' } });
