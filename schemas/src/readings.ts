import { z } from 'zod';
import { meterNoSchema, valveStateSchema } from './ingest.ts';

/** The readings read models as the back office sees them: a meter's history and the tenant's reading rate. */

const nullableNumber = z.number().nullable();

/** A volume over one local hour (period: ISO instant of its start) or day (period: YYYY-MM-DD), m3. */
export const volumeRowSchema = z.object({
  period: z.string(),
  volume: nullableNumber,
  reverseVolume: nullableNumber,
  /** The counter is known at both ends (and, for a day, every hour of it is). */
  known: z.boolean(),
  /** Share of the period's hours whose volume is known, 0..1. */
  coverage: z.number(),
});
export type VolumeRow = z.infer<typeof volumeRowSchema>;

export const meterReadingSchema = z.object({
  ts: z.string(),
  /** cumulative counter, m3 */
  total: z.number(),
  reverseTotal: nullableNumber,
  /** m3/h */
  flow: nullableNumber,
  /** MPa */
  pressure: nullableNumber,
  /** V */
  battery: nullableNumber,
  signal: nullableNumber,
  valve: valveStateSchema.nullable(),
  /** °C */
  temperature: nullableNumber,
  alarms: z.array(z.string()).nullable(),
});
export type MeterReading = z.infer<typeof meterReadingSchema>;

/** The daily freeze record of spec section 3 (`meterFrozen`). */
export const meterFrozenSchema = z.object({
  reportTime: z.string().nullable(),
  recordDate: z.string(),
  usedTotal: nullableNumber,
  totalVolume: nullableNumber,
  batteryVoltage: nullableNumber,
  valveState: valveStateSchema.nullable(),
});
export type MeterFrozen = z.infer<typeof meterFrozenSchema>;

export const meterStateSchema = z.object({
  meterId: z.uuid(),
  meterNo: z.string(),
  lastReportAt: z.string().nullable(),
  total: nullableNumber,
  battery: nullableNumber,
  signal: nullableNumber,
  valve: valveStateSchema.nullable(),
  /** reported within its type's expected interval */
  online: z.boolean(),
});

export const meterHistoryQuerySchema = z
  .object({ meterNo: meterNoSchema, from: z.iso.date(), to: z.iso.date() })
  .refine((q) => q.from <= q.to, { message: 'validation.dateRange', path: ['to'] });
export type MeterHistoryQuery = z.infer<typeof meterHistoryQuerySchema>;

export const meterHistorySchema = z.object({
  meter: meterStateSchema,
  /** The tenant's zone: days and hours of the answer are local to it. */
  timeZone: z.string(),
  readings: z.array(meterReadingSchema),
  hourly: z.array(volumeRowSchema),
  daily: z.array(volumeRowSchema),
  frozen: z.array(meterFrozenSchema),
  /** More readings than one answer holds: the first ones are given. */
  truncated: z.boolean(),
});
export type MeterHistory = z.infer<typeof meterHistorySchema>;

export const READING_RATE_PERIODS = [30, 180] as const;
export type ReadingRatePeriod = (typeof READING_RATE_PERIODS)[number];

/** One local day: meters that reported that day over meters installed by its end (null: none installed). */
export const readingRateDaySchema = z.object({
  date: z.string(),
  reported: z.number().int(),
  installed: z.number().int(),
  rate: z.number().nullable(),
});
export type ReadingRateDay = z.infer<typeof readingRateDaySchema>;

export const readingRateSchema = z.object({
  /** Oldest first; the last one is today, so far. */
  days: z.array(readingRateDaySchema),
  /** Reported meter-days over installed meter-days of the finished days of the period (today left out). */
  average: z.number().nullable(),
});
export type ReadingRate = z.infer<typeof readingRateSchema>;
