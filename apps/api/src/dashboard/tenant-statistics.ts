import { DomainError } from '@hydrolog/domain';
import type { Database } from '@hydrolog/eventstore';
import {
  accountCounts,
  alarmMeterDays,
  dailyConsumption,
  getTenant,
  meterDistribution,
  reportedToday,
  utilityTenants,
} from '@hydrolog/projections';
import { TENANT_TREND_DAYS } from '@hydrolog/schemas';

/** The platform's tenant data dashboard: every utility tenant (`tenantId` null), or one. */
export async function tenantStatistics(db: Database, tenantId: string | null, now: () => Date) {
  const tenants = await utilityTenants(db);
  const tenant = tenantId === null ? null : await getTenant(db, tenantId);
  if (tenantId !== null && tenant?.kind !== 'utility') throw new DomainError('error.tenant.notFound');
  const zone = tenant?.settings.timeZone ?? 'UTC';
  const at = now();
  const today = await reportedToday(db, tenantId, at);
  const alarms = await alarmMeterDays(db, tenantId, at, TENANT_TREND_DAYS, zone, 'readings');
  return {
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
  };
}
