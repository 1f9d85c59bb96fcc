import { addDays, cascadeAlarmDecider } from '@hydrolog/domain';
import { listPoints, pointLeaks, tenantTimeZone, withTenant } from '@hydrolog/projections';
import { type EventData, uuidv7 } from '@hydrolog/schemas';
import { execute } from '../commands.ts';
import { derivedId } from '../derived-id.ts';
import type { Services } from '../services.ts';
import { alarmStreamId, LOOKBACK_DAYS, raiseAlarm } from './alarms.ts';

const LEAK_ALARM_KIND = { abrupt: 'newLeak', incipient: 'growingLeak' } as const;

/**
 * Leak alarms of a tenant up to its local day `day`: every point's leaks as the detector finds them on its
 * nights (pointLeaks). A leak under way, or found in the last days, raises a "new leak" or "growing leak"
 * alarm once (its stream is named by its start night); a leak the detector sees repaired closes its alarm,
 * once, with the repair night. Leaks repaired long before are history, not alarms. Returns the alarms
 * raised and the ones closed now.
 */
export async function evaluateLeakAlarms(
  services: Services,
  tenantId: string,
  day: string,
  now = new Date(),
): Promise<{ raised: EventData<'CascadeAlarmRaised'>[]; repaired: string[] }> {
  const found = await withTenant(services.db, tenantId, async (sql) => {
    const timeZone = await tenantTimeZone(sql, tenantId);
    const out = [];
    for (const point of await listPoints(sql)) {
      if (!point.summaryMeter) continue;
      const { nights, leaks } = await pointLeaks(
        sql,
        point,
        addDays(day, -(LOOKBACK_DAYS - 1)),
        day,
        timeZone,
      );
      const margins = new Map(nights.map((n) => [n.date, n.margin]));
      for (const leak of leaks) out.push({ point, leak, margin: margins.get(leak.detected) ?? null });
    }
    return out;
  });
  const raised: EventData<'CascadeAlarmRaised'>[] = [];
  const repaired: string[] = [];
  for (const { point, leak, margin } of found) {
    const kind = LEAK_ALARM_KIND[leak.kind];
    const alarm: EventData<'CascadeAlarmRaised'> = {
      alarmId: derivedId(`${point.pointId}.${kind}.${leak.start}`),
      partitionId: point.partitionId,
      pointId: point.pointId,
      kind,
      day: leak.start,
      value: leak.sizeM3h,
      threshold: margin ?? leak.sizeM3h,
      trend: null,
      raisedAt: now.toISOString(),
      baseline: leak.baseline,
    };
    if (await raiseAlarm(services, tenantId, alarm)) raised.push(alarm);
    if (leak.repaired === null) continue;
    const { events } = await execute(
      services.store,
      cascadeAlarmDecider,
      alarmStreamId(alarm),
      [{ type: 'RecordLeakRepair', repairedDay: leak.repaired, at: now.toISOString() }],
      { metadata: { tenantId, correlationId: uuidv7() } },
    );
    if (events.length > 0) repaired.push(alarm.alarmId);
  }
  return { raised, repaired };
}
