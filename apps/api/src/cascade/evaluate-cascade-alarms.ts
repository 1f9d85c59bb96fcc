import { addDays, alarmFindings } from '@hydrolog/domain';
import { dailyFigures, listPoints, nightFigures, tenantTimeZone, withTenant } from '@hydrolog/projections';
import type { EventData } from '@hydrolog/schemas';
import { derivedId } from '../derived-id.ts';
import type { Services } from '../services.ts';
import { raiseAlarm } from './alarms.ts';

/**
 * Raises the cascade alarms of a tenant's local day: each point's leakage rate, MNF and KL over its
 * thresholds (no leakage alarm without sub-meters). An alarm's stream is named by point, kind and day and
 * must not exist yet, so evaluating a day again (a later run, two service instances) raises nothing twice.
 * Returns the alarms raised now.
 */
export async function evaluateCascadeAlarms(
  services: Services,
  tenantId: string,
  day: string,
  now = new Date(),
): Promise<EventData<'CascadeAlarmRaised'>[]> {
  const findings = await withTenant(services.db, tenantId, async (sql) => {
    const timeZone = await tenantTimeZone(sql, tenantId);
    const out: EventData<'CascadeAlarmRaised'>[] = [];
    for (const point of await listPoints(sql)) {
      if (!point.summaryMeter) continue;
      const previous = addDays(day, -1);
      const daily = await dailyFigures(sql, point, previous, day, timeZone);
      const nights = await nightFigures(sql, point, previous, day, timeZone);
      const figures = (i: number) => ({
        leakageRate: daily[i]!.leakageRate,
        coverage: daily[i]!.coverage,
        mnf: nights[i]!.mnf,
        kl: nights[i]!.kl,
      });
      const before = figures(0);
      for (const finding of alarmFindings(figures(1), point.thresholds, point.subMeterCount > 0)) {
        const last = before[finding.kind] as number | null;
        out.push({
          alarmId: derivedId(`${point.pointId}.${finding.kind}.${day}`),
          partitionId: point.partitionId,
          pointId: point.pointId,
          kind: finding.kind,
          day,
          value: finding.value,
          threshold: finding.threshold,
          trend: last === null ? null : finding.value - last,
          raisedAt: now.toISOString(),
        });
      }
    }
    return out;
  });
  const raised: EventData<'CascadeAlarmRaised'>[] = [];
  for (const alarm of findings) if (await raiseAlarm(services, tenantId, alarm)) raised.push(alarm);
  return raised;
}
