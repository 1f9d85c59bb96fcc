import { addDays, localMidnight, pressureAlarmDecider, pressureAlarmStreamId } from '@hydrolog/domain';
import {
  pressureFindings,
  tenantsWithPressureMeters,
  tenantTimeZone,
  withTenant,
} from '@hydrolog/projections';
import { type EventData, uuidv7 } from '@hydrolog/schemas';
import { execute } from '../commands.ts';
import { derivedId } from '../derived-id.ts';
import { startTenantJob } from '../periodic-job.ts';
import type { Services } from '../services.ts';

/**
 * Raises the pressure alarms of a tenant's local day: per pressure meter, the first reading above its upper
 * limit, below its lower limit and after an abrupt change. An alarm's stream is named by meter, kind and day,
 * so checking the day again raises nothing twice. Returns the alarms raised now.
 */
export async function evaluatePressureAlarms(
  services: Services,
  tenantId: string,
  day: string,
  now = new Date(),
): Promise<EventData<'PressureAlarmRaised'>[]> {
  const findings = await withTenant(services.db, tenantId, async (sql) => {
    const timeZone = await tenantTimeZone(sql, tenantId);
    const start = new Date(localMidnight(day, timeZone));
    const end = new Date(localMidnight(addDays(day, 1), timeZone));
    return pressureFindings(sql, start, end);
  });
  const raised: EventData<'PressureAlarmRaised'>[] = [];
  for (const finding of findings) {
    const alarm = { ...finding, day, raisedAt: now.toISOString() };
    const id = pressureAlarmStreamId(alarm);
    const { events } = await execute(
      services.store,
      pressureAlarmDecider,
      id,
      [{ type: 'RaisePressureAlarm', ...alarm, alarmId: derivedId(`pressure.${id}`) }],
      { metadata: { tenantId, correlationId: uuidv7() } },
    );
    for (const event of events) raised.push(event.data);
  }
  return raised;
}

/**
 * The periodic pressure check: at start and every `everyMs`, each tenant's yesterday (late readings) and today
 * so far, in the tenant's time zone. Returns a stop function.
 */
export function startPressureAlarmJob(services: Services, everyMs: number): () => void {
  return startTenantJob(services, {
    name: 'pressure alarm job',
    everyMs,
    tenants: () => tenantsWithPressureMeters(services.db),
    async run(tenantId, today) {
      await evaluatePressureAlarms(services, tenantId, addDays(today, -1));
      await evaluatePressureAlarms(services, tenantId, today);
    },
  });
}
