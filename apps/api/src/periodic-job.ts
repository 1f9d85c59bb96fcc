import { localDate } from '@hydrolog/domain';
import { tenantTimeZone, withTenant } from '@hydrolog/projections';
import { clearJobFailedAlarms, raiseJobFailedAlarm } from './operations/system-alarms.ts';
import type { Services } from './services.ts';

/**
 * A job over tenants, at start (unless it waits a first round) and every `everyMs`: each round asks which tenants it concerns (read as the
 * owner, across tenants) and works on each with the tenant's local today. A round still running when the
 * next is due is not started twice. A round that fails for a tenant is logged and raises a "job failed" system
 * alarm of that tenant (once a day), and goes on with the next tenant; the next round runs, and once it
 * succeeds for the tenant, the open alarm says it cleared. Returns a stop function.
 */
export function startTenantJob(
  services: Services,
  job: {
    name: string;
    everyMs: number;
    /** The first round one `everyMs` after start instead of at once. */
    waitFirstRound?: boolean;
    tenants(): Promise<string[]>;
    run(tenantId: string, today: string, timeZone: string): Promise<unknown>;
  },
): () => void {
  let running = false;
  const roundFor = async (tenantId: string) => {
    // The day of the alarm if the tenant's own cannot be read.
    let today = new Date().toISOString().slice(0, 10);
    try {
      const timeZone = await withTenant(services.db, tenantId, (sql) => tenantTimeZone(sql, tenantId));
      today = localDate(Date.now(), timeZone);
      await job.run(tenantId, today, timeZone);
    } catch (error) {
      console.error(`${job.name} (tenant ${tenantId}):`, error);
      await raiseJobFailedAlarm(services, tenantId, job.name, today).catch((failed: unknown) =>
        console.error(`${job.name} (tenant ${tenantId}): the job failed alarm was not raised:`, failed),
      );
      return;
    }
    await clearJobFailedAlarms(services, tenantId, job.name).catch((failed: unknown) =>
      console.error(`${job.name} (tenant ${tenantId}): its job failed alarms were not cleared:`, failed),
    );
  };
  const round = async () => {
    if (running) return;
    running = true;
    try {
      for (const tenantId of await job.tenants()) await roundFor(tenantId);
    } catch (error) {
      console.error(`${job.name}:`, error);
    } finally {
      running = false;
    }
  };
  const first = job.waitFirstRound ? undefined : setTimeout(round, 0);
  const timer = setInterval(round, job.everyMs);
  timer.unref();
  return () => {
    clearTimeout(first);
    clearInterval(timer);
  };
}
