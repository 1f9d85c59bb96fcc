import { z } from 'zod';
import { alarmLevelSchema, alarmRuleFieldsSchema, alarmTypeSchema } from './alarms.ts';

const eventSchema = <T extends z.ZodType>(data: T) => ({ schemaVersion: 1, data });

/**
 * Meter alarms (a stream per meter, kind and local day: detection raises each at most once), alarm rules
 * (a stream per rule) and what each user has read or cleared of the bell (a stream per user).
 */
export const operationsEventSchemas = {
  MeterAlarmRaised: eventSchema(
    z.object({
      alarmId: z.uuid(),
      meterId: z.uuid(),
      kind: z.string(),
      /** the tenant's local day the alarm is about */
      day: z.iso.date(),
      level: alarmLevelSchema,
      value: z.number().nullable(),
      threshold: z.number().nullable(),
      /** reported: a code in the meter's readings; detected: a condition computed from them */
      source: z.enum(['reported', 'detected']),
      /** who the bell notifies, from the rule (none: everyone who sees alarms) */
      notifyRoles: z.array(z.string()),
      raisedAt: z.string(),
    }),
  ),
  /**
   * A system alarm (alarm type 1), raised by the service itself about one of its subjects: a gateway or
   * concentrator, the readings intake, a scheduled job. It has no meter and notifies everyone who sees alarms;
   * the rest of its life (cleared, processed, ignored) is a meter alarm's.
   */
  SystemAlarmRaised: eventSchema(
    z.object({
      alarmId: z.uuid(),
      kind: z.string(),
      /** what it is about: a gateway's id, `readings`, a job's key */
      subjectId: z.string(),
      /** the subject's name when raised (a gateway's name, a job's name) */
      subjectName: z.string(),
      day: z.iso.date(),
      level: alarmLevelSchema,
      value: z.number().nullable(),
      threshold: z.number().nullable(),
      raisedAt: z.string(),
    }),
  ),
  MeterAlarmCleared: eventSchema(z.object({ alarmId: z.uuid(), clearedAt: z.string() })),
  MeterAlarmProcessed: eventSchema(
    z.object({ alarmId: z.uuid(), remark: z.string(), processedAt: z.string() }),
  ),
  MeterAlarmIgnored: eventSchema(z.object({ alarmId: z.uuid(), ignoredAt: z.string() })),
  /** A work order was made from the alarm: it is being processed, and completing the order processes it. */
  MeterAlarmTakenIntoWork: eventSchema(
    z.object({ alarmId: z.uuid(), workOrderId: z.uuid(), takenAt: z.string() }),
  ),
  AlarmRuleSaved: eventSchema(alarmRuleFieldsSchema.extend({ ruleId: z.uuid(), savedAt: z.string() })),
  AlarmRuleDeleted: eventSchema(z.object({ ruleId: z.uuid() })),
  AlarmNoticeViewed: eventSchema(z.object({ userId: z.string(), alarmId: z.uuid(), viewedAt: z.string() })),
  /** Every notice of these types raised up to `cleanedAt` leaves the user's bell. */
  AlarmNoticesCleaned: eventSchema(
    z.object({ userId: z.string(), alarmTypes: z.array(alarmTypeSchema), cleanedAt: z.string() }),
  ),
};
