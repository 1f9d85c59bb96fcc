import { localDate } from '@hydrolog/domain';
import { tenantTimeZone, withTenant } from '@hydrolog/projections';
import type { Services } from './services.ts';

/**
 * A job over tenants, at start and every `everyMs`: each round asks which tenants it concerns (read as the
 * owner, across tenants) and works on each with the tenant's local today. A round still running when the
 * next is due is not started twice; a failed round is logged and the next one runs. Returns a stop function.
 */
export function startTenantJob(
  services: Services,
  job: {
    name: string;
    everyMs: number;
    tenants(): Promise<string[]>;
    run(tenantId: string, today: string, timeZone: string): Promise<unknown>;
  },
): () => void {
  let running = false;
  const round = async () => {
    if (running) return;
    running = true;
    try {
      for (const tenantId of await job.tenants()) {
        const timeZone = await withTenant(services.db, tenantId, (sql) => tenantTimeZone(sql, tenantId));
        await job.run(tenantId, localDate(Date.now(), timeZone), timeZone);
      }
    } catch (error) {
      console.error(`${job.name}:`, error);
    } finally {
      running = false;
    }
  };
  const first = setTimeout(round, 0);
  const timer = setInterval(round, job.everyMs);
  timer.unref();
  return () => {
    clearTimeout(first);
    clearInterval(timer);
  };
}
