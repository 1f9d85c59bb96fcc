import { z } from 'zod';

/**
 * Pressure alarms (spec sections 2 and 4): a pressure above the upper limit, below the lower limit, or an abrupt
 * change between two consecutive readings. One per meter, kind and local day, raised by a periodic check over
 * the readings read models.
 */
export const pressureAlarmKindSchema = z.enum(['high', 'low', 'abrupt']);
export type PressureAlarmKind = z.infer<typeof pressureAlarmKindSchema>;
export const PRESSURE_ALARM_KINDS = pressureAlarmKindSchema.options;
/** A change between two consecutive readings at least this large is abrupt, MPa. */
export const PRESSURE_ABRUPT_CHANGE = 0.1;

export const pressureAlarmViewSchema = z.object({
  alarmId: z.uuid(),
  pressureMeterId: z.uuid(),
  deviceNumber: z.string(),
  monitoringSite: z.string(),
  kind: pressureAlarmKindSchema,
  day: z.string(),
  /** The first reading of the day that raised it. */
  at: z.string(),
  /** The pressure (high, low) or the change (abrupt), MPa. */
  value: z.number(),
  /** The limit it passed, or the abrupt change threshold, MPa. */
  limit: z.number(),
  raisedAt: z.string(),
});
export type PressureAlarmView = z.infer<typeof pressureAlarmViewSchema>;

export const pressureAlarmListQuerySchema = z.object({
  pressureMeterId: z.uuid().optional(),
  kind: pressureAlarmKindSchema.optional(),
});
export type PressureAlarmListQuery = z.infer<typeof pressureAlarmListQuerySchema>;

export const pressureAlarmEventSchemas = {
  /** Its stream is named by meter, kind and day, so a second one of the same day is not raised. */
  PressureAlarmRaised: {
    schemaVersion: 1,
    data: z.object({
      alarmId: z.uuid(),
      pressureMeterId: z.uuid(),
      kind: pressureAlarmKindSchema,
      day: z.iso.date(),
      at: z.iso.datetime(),
      value: z.number(),
      limit: z.number(),
      raisedAt: z.iso.datetime(),
    }),
  },
};
