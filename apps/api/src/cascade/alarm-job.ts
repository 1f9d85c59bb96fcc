import { addDays } from '@hydrolog/domain';
import { startTenantJob } from '../periodic-job.ts';
import type { Services } from '../services.ts';
import { LOOKBACK_DAYS } from './alarms.ts';
import { evaluateCascadeAlarms } from './evaluate-cascade-alarms.ts';
import { evaluateLeakAlarms } from './evaluate-leak-alarms.ts';

/**
 * The periodic job: at start and every `everyMs`, the last finished days of each tenant with cascade
 * partitions are evaluated in the tenant's time zone. Returns a stop function.
 */
export function startCascadeAlarmJob(services: Services, everyMs: number): () => void {
  return startTenantJob(services, {
    name: 'cascade alarm job',
    everyMs,
    async tenants() {
      const { rows } = await services.db.query<{ tenant_id: string }>(
        'SELECT DISTINCT tenant_id::text FROM cascade_partitions',
      );
      return rows.map((r) => r.tenant_id);
    },
    async run(tenantId, today) {
      for (let back = LOOKBACK_DAYS; back >= 1; back--)
        await evaluateCascadeAlarms(services, tenantId, addDays(today, -back));
      await evaluateLeakAlarms(services, tenantId, addDays(today, -1));
    },
  });
}
