import { meterAlarmDecider, meterAlarmStreamId } from '@hydrolog/domain';
import { openSystemAlarms, withTenant } from '@hydrolog/projections';
import { type EventData, SYSTEM_ALARM_KIND, uuidv7 } from '@hydrolog/schemas';
import { execute } from '../commands.ts';
import type { Services } from '../services.ts';

export type SystemAlarm = Omit<EventData<'SystemAlarmRaised'>, 'alarmId' | 'raisedAt'>;

/**
 * Raises a system alarm of a tenant, at most once per subject, kind and day (its stream is named by them): the
 * alarm raised, or null when that stream already has one.
 */
export async function raiseSystemAlarm(
  services: Pick<Services, 'store'>,
  tenantId: string,
  alarm: SystemAlarm,
  now = new Date(),
): Promise<EventData<'SystemAlarmRaised'> | null> {
  const raised = { ...alarm, alarmId: uuidv7(), raisedAt: now.toISOString() };
  const { events } = await execute(
    services.store,
    meterAlarmDecider,
    meterAlarmStreamId(alarm),
    [{ type: 'RaiseSystemAlarm', ...raised }],
    { metadata: { tenantId, correlationId: uuidv7() } },
  );
  return events.length > 0 ? raised : null;
}

/** The key a job's failed rounds are raised under: its name in lower case, words joined by dashes. */
export const jobSubjectId = (jobName: string) =>
  `job:${jobName
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')}`;

/** A round of a scheduled job failed for a tenant: a system alarm of that tenant names the job. */
export function raiseJobFailedAlarm(
  services: Pick<Services, 'store'>,
  tenantId: string,
  jobName: string,
  day: string,
  now = new Date(),
) {
  return raiseSystemAlarm(
    services,
    tenantId,
    {
      kind: SYSTEM_ALARM_KIND.jobFailed,
      subjectId: jobSubjectId(jobName),
      subjectName: jobName,
      day,
      level: 'medium',
      value: null,
      threshold: null,
    },
    now,
  );
}

export type OpenSystemAlarm = { alarmId: string; subjectId: string; kind: string; day: string };

/** An open system alarm says it cleared by itself (once): whether it did now. */
export async function clearSystemAlarm(
  services: Pick<Services, 'store'>,
  tenantId: string,
  alarm: OpenSystemAlarm,
  now = new Date(),
): Promise<boolean> {
  const { events } = await execute(
    services.store,
    meterAlarmDecider,
    meterAlarmStreamId(alarm),
    [{ type: 'ClearMeterAlarm', clearedAt: now.toISOString() }],
    { metadata: { tenantId, correlationId: uuidv7() } },
  );
  return events.length > 0;
}

/** A job's round succeeded for a tenant: its open "job failed" alarms of that tenant say they cleared. */
export async function clearJobFailedAlarms(
  services: Pick<Services, 'db' | 'store'>,
  tenantId: string,
  jobName: string,
  now = new Date(),
): Promise<number> {
  const open = await withTenant(services.db, tenantId, (sql) =>
    openSystemAlarms(sql, SYSTEM_ALARM_KIND.jobFailed, jobSubjectId(jobName)),
  );
  let cleared = 0;
  for (const alarm of open) if (await clearSystemAlarm(services, tenantId, alarm, now)) cleared++;
  return cleared;
}
