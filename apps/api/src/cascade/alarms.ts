import { createHash } from 'node:crypto';
import { addDays, alarmFindings, cascadeAlarmDecider, localDate, streamName } from '@hydrolog/domain';
import { WrongExpectedVersionError } from '@hydrolog/eventstore';
import {
  dailyFigures,
  listPoints,
  nightFigures,
  pointLeaks,
  tenantTimeZone,
  withTenant,
} from '@hydrolog/projections';
import { type EventData, uuidv7 } from '@hydrolog/schemas';
import { execute } from '../commands.ts';
import type { Services } from '../services.ts';

/** A UUID derived from a name (UUIDv7 layout, hash bits): the same alarm always gets the same id. */
function derivedId(name: string): string {
  const h = createHash('sha256').update(name).digest('hex');
  const variant = (8 | (Number.parseInt(h[16]!, 16) & 3)).toString(16);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-7${h.slice(13, 16)}-${variant}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

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
  for (const alarm of findings) if (await raise(services, tenantId, alarm)) raised.push(alarm);
  return raised;
}

/** The stream of an alarm: its point, kind and day (a leak's day is its estimated start night). */
export const alarmStreamId = (alarm: { pointId: string; kind: string; day: string }) =>
  `${alarm.pointId}.${alarm.kind}.${alarm.day}`;

/** Appends a raised alarm unless its stream exists; whether it was raised now. */
async function raise(
  services: Services,
  tenantId: string,
  alarm: EventData<'CascadeAlarmRaised'>,
): Promise<boolean> {
  const stream = streamName(cascadeAlarmDecider, alarmStreamId(alarm));
  // Raised before: the stream exists. Two evaluations at once: the derived event id makes the store
  // keep one, and the expected version refuses the other.
  if ((await services.store.readStream(stream)).length > 0) return false;
  try {
    await services.store.append(
      stream,
      [
        {
          id: alarm.alarmId,
          type: 'CascadeAlarmRaised',
          data: alarm,
          metadata: { tenantId, correlationId: uuidv7() },
        },
      ],
      { expectedVersion: 'no_stream' },
    );
    return true;
  } catch (error) {
    if (!(error instanceof WrongExpectedVersionError)) throw error;
    return false;
  }
}

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
    if (await raise(services, tenantId, alarm)) raised.push(alarm);
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

/** The tenants that have cascade partitions (the job's round; read as the owner, across tenants). */
async function tenantsWithPartitions(services: Services): Promise<string[]> {
  const { rows } = await services.db.query<{ tenant_id: string }>(
    'SELECT DISTINCT tenant_id::text FROM cascade_partitions',
  );
  return rows.map((r) => r.tenant_id);
}

/** Days the job looks back: late readings (daily uploads, a gateway back online) may complete a past day. */
const LOOKBACK_DAYS = 7;

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
