import { startTenantJob } from '../periodic-job.ts';
import type { Services } from '../services.ts';
import { runBills } from './run-bills.ts';

/**
 * The periodic bill run: at start and every `everyMs`, each tenant with postpaid accounts bills the billing
 * periods that ended by its local today (a period already billed is passed over). Returns a stop function.
 */
export function startBillRunJob(services: Services, everyMs: number): () => void {
  return startTenantJob(services, {
    name: 'bill run',
    everyMs,
    async tenants() {
      const { rows } = await services.db.query<{ tenant_id: string }>(
        `SELECT DISTINCT tenant_id::text FROM customers WHERE account->>'businessMode' = 'postpaid'`,
      );
      return rows.map((r) => r.tenant_id);
    },
    run: (tenantId, today, timeZone) => runBills(services, tenantId, { today, timeZone }),
  });
}
