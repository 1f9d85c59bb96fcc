import type { FastifyBaseLogger } from 'fastify';
import { type ReadingsBacklog, readingsBacklog } from '../ingest/receive-readings.ts';
import { startTenantJob } from '../periodic-job.ts';
import type { Services } from '../services.ts';
import type { MessageProvider } from '../sms.ts';
import { evaluateMeterAlarms } from './evaluate-meter-alarms.ts';
import { evaluateSystemAlarms } from './evaluate-system-alarms.ts';

/** Evaluates the meter alarms of every tenant with alarm rules, at start and every `everyMs`. */
export function startMeterAlarmJob(
  services: Services,
  everyMs: number,
  notify: { messages: MessageProvider; log: FastifyBaseLogger },
): () => void {
  return startTenantJob(services, {
    name: 'meter alarm job',
    everyMs,
    async tenants() {
      const { rows } = await services.db.query<{ tenant_id: string }>(
        'SELECT DISTINCT tenant_id::text FROM alarm_rules WHERE enabled',
      );
      return rows.map((r) => r.tenant_id);
    },
    run: (tenantId) => evaluateMeterAlarms(services, tenantId, new Date(), notify),
  });
}

/**
 * Evaluates the system alarms (gateways offline, the readings backlog) of every tenant with a gateway that has
 * reported, at start and every `everyMs`; `maxBacklog` is the ingest's readings backlog bound.
 */
export function startSystemAlarmJob(services: Services, everyMs: number, maxBacklog: number): () => void {
  // The backlog is the service's, measured once a round for every tenant.
  let backlog: ReadingsBacklog = { count: 0, bound: maxBacklog };
  return startTenantJob(services, {
    name: 'system alarm job',
    everyMs,
    async tenants() {
      backlog = await readingsBacklog(services, maxBacklog);
      const { rows } = await services.db.query<{ tenant_id: string }>(
        `SELECT DISTINCT tenant_id::text FROM gateways WHERE status = 'active' AND last_seen_at IS NOT NULL`,
      );
      return rows.map((r) => r.tenant_id);
    },
    run: (tenantId) => evaluateSystemAlarms(services, tenantId, backlog),
  });
}
