import { addDays, localDate } from '@hydrolog/domain';
import { tenantTimeZone, withTenant } from '@hydrolog/projections';
import type { Services } from '../services.ts';
import { LOOKBACK_DAYS } from './alarms.ts';
import { evaluateCascadeAlarms } from './evaluate-cascade-alarms.ts';
import { evaluateLeakAlarms } from './evaluate-leak-alarms.ts';

/** The tenants that have cascade partitions (the job's round; read as the owner, across tenants). */
async function tenantsWithPartitions(services: Services): Promise<string[]> {
  const { rows } = await services.db.query<{ tenant_id: string }>(
    'SELECT DISTINCT tenant_id::text FROM cascade_partitions',
  );
  return rows.map((r) => r.tenant_id);
}

/**
 * The periodic job: at start and every `everyMs`, each tenant's last finished days are evaluated in the
 * tenant's time zone. Returns a stop function.
 */
export function startCascadeAlarmJob(services: Services, everyMs: number): () => void {
  let running = false;
  const round = async () => {
    if (running) return;
    running = true;
    try {
      for (const tenantId of await tenantsWithPartitions(services)) {
        const timeZone = await withTenant(services.db, tenantId, (sql) => tenantTimeZone(sql, tenantId));
        const today = localDate(Date.now(), timeZone);
        for (let back = LOOKBACK_DAYS; back >= 1; back--)
          await evaluateCascadeAlarms(services, tenantId, addDays(today, -back));
        await evaluateLeakAlarms(services, tenantId, addDays(today, -1));
      }
    } catch (error) {
      console.error('cascade alarm job:', error);
    } finally {
      running = false;
    }
  };
  const first = setTimeout(round, 0);
  const timer = setInterval(round, everyMs);
  timer.unref();
  return () => {
    clearTimeout(first);
    clearInterval(timer);
  };
}
