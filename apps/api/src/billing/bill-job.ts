import { addDays } from '@hydrolog/domain';
import { startTenantJob } from '../periodic-job.ts';
import type { Services } from '../services.ts';
import { runBills } from './run-bills.ts';

/** Days after a period ends before the job bills it: readings arrive late, and a bill is never edited. */
export const BILL_RUN_GRACE_DAYS = 2;

/**
 * The periodic bill run: every `everyMs` (the first round after `everyMs` too, so that readings held up
 * while the service was down come in first), each tenant with postpaid accounts bills the billing periods
 * that ended at least BILL_RUN_GRACE_DAYS before its local today (a period already billed is passed over).
 * Returns a stop function.
 */
export function startBillRunJob(services: Services, everyMs: number): () => void {
  return startTenantJob(services, {
    name: 'bill run',
    everyMs,
    waitFirstRound: true,
    async tenants() {
      const { rows } = await services.db.query<{ tenant_id: string }>(
        `SELECT DISTINCT tenant_id::text FROM customers WHERE account->>'businessMode' = 'postpaid'`,
      );
      return rows.map((r) => r.tenant_id);
    },
    run: (tenantId, today, timeZone) =>
      runBills(services, tenantId, { today: addDays(today, -BILL_RUN_GRACE_DAYS), timeZone }),
  });
}
