import { meterAlarmDecider, meterAlarmStreamId } from '@hydrolog/domain';
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
