import { localDate } from '@hydrolog/domain';
import {
  GATEWAY_ONLINE_MINUTES,
  gatewaysLastSeen,
  openSystemAlarms,
  tenantTimeZone,
  withTenant,
} from '@hydrolog/projections';
import { type EventData, SYSTEM_ALARM_KIND } from '@hydrolog/schemas';
import { overBound, type ReadingsBacklog } from '../ingest/receive-readings.ts';
import type { Services } from '../services.ts';
import { clearSystemAlarm, type OpenSystemAlarm, raiseSystemAlarm } from './system-alarms.ts';

/** The subject of a readings backlog alarm: the readings read model that gateways' uploads wait for. */
export const READINGS_SUBJECT = 'readings';

export interface SystemAlarmRun {
  raised: EventData<'SystemAlarmRaised'>[];
  cleared: string[];
}

/**
 * The system alarms of a tenant at `now`. A gateway or concentrator that has reported at least once, but not
 * within the last GATEWAY_ONLINE_MINUTES, is offline; a readings backlog (shared by every tenant's uploads) of
 * its bound or more is over it. Each raises an alarm once per subject and
 * day, and not while an alarm of it is still open and not cleared; an open alarm says it cleared by itself
 * when its gateway has reported since it was raised, or when the backlog is under its bound again.
 */
export async function evaluateSystemAlarms(
  services: Pick<Services, 'db' | 'store'>,
  tenantId: string,
  backlog: ReadingsBacklog,
  now = new Date(),
): Promise<SystemAlarmRun> {
  const { today, gateways, offlineOpen, backlogOpen } = await withTenant(
    services.db,
    tenantId,
    async (sql) => ({
      today: localDate(+now, await tenantTimeZone(sql, tenantId)),
      gateways: await gatewaysLastSeen(sql),
      offlineOpen: await openSystemAlarms(sql, SYSTEM_ALARM_KIND.gatewayOffline),
      backlogOpen: await openSystemAlarms(sql, SYSTEM_ALARM_KIND.readingsBacklog),
    }),
  );
  const raised: EventData<'SystemAlarmRaised'>[] = [];
  const cleared: string[] = [];
  const clear = async (alarm: OpenSystemAlarm) => {
    if (await clearSystemAlarm(services, tenantId, alarm, now)) cleared.push(alarm.alarmId);
  };

  const silentMinutes = (lastSeenAt: Date) => Math.floor((+now - +lastSeenAt) / 60_000);
  for (const gateway of gateways) {
    const open = offlineOpen.filter((a) => a.subjectId === gateway.gatewayId);
    for (const alarm of open) if (gateway.lastSeenAt > alarm.raisedAt) await clear(alarm);
    if (open.length > 0 || silentMinutes(gateway.lastSeenAt) <= GATEWAY_ONLINE_MINUTES) continue;
    const alarm = await raiseSystemAlarm(
      services,
      tenantId,
      {
        kind: SYSTEM_ALARM_KIND.gatewayOffline,
        subjectId: gateway.gatewayId,
        subjectName: gateway.name,
        day: today,
        level: 'high',
        value: silentMinutes(gateway.lastSeenAt),
        threshold: GATEWAY_ONLINE_MINUTES,
      },
      now,
    );
    if (alarm) raised.push(alarm);
  }

  if (!overBound(backlog)) for (const alarm of backlogOpen) await clear(alarm);
  else if (backlogOpen.length === 0) {
    const alarm = await raiseSystemAlarm(
      services,
      tenantId,
      {
        kind: SYSTEM_ALARM_KIND.readingsBacklog,
        subjectId: READINGS_SUBJECT,
        subjectName: READINGS_SUBJECT,
        day: today,
        level: 'high',
        value: backlog.count,
        threshold: backlog.bound,
      },
      now,
    );
    if (alarm) raised.push(alarm);
  }
  return { raised, cleared };
}
