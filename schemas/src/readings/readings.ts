import { z } from 'zod';
import { meterNoSchema, valveCommandViewSchema, valveStateSchema } from '../meters/index.ts';

/** The readings read models as the back office sees them: a meter's history and the tenant's reading rate. */

const nullableNumber = z.number().nullable();

/**
 * Why a figure is unknown (DESIGN "Leakage definitions"): a gap in the readings (the meter has reported
 * since), the period not yet complete (its readings may still come), a point without a summary meter, or a
 * point without sub-meters (it has supply, but no sales, leakage or rate).
 */
export const unknownReasonSchema = z.enum(['gap', 'incomplete', 'noSummaryMeter', 'noSubMeters']);
export type UnknownReason = z.infer<typeof unknownReasonSchema>;

/** A volume over one local hour (period: ISO instant of its start) or day (period: YYYY-MM-DD), m3. */
export const volumeRowSchema = z.object({
  period: z.string(),
  /**
   * The counter's rise: for an hour, null unless known; for a day, also given when only part of it is
   * covered but the counter is known at both midnights.
   */
  volume: nullableNumber,
  reverseVolume: nullableNumber,
  /** An hour: its counter is known at both ends. A day: it is wholly covered (its volume is a supply). */
  known: z.boolean(),
  /** Share of the period's time spanned by readings at most the meter type's gap apart, 0..1. */
  coverage: z.number(),
  /** Why the period is not known: a gap, or not yet complete; null when known. */
  unknown: unknownReasonSchema.nullable(),
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
  /** MPa, the second pressure point of a flow meter */
  pressure2: nullableNumber,
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
  /** The meter's latest valve command, shown beside its reported valve. */
  valveCommand: valveCommandViewSchema.nullable(),
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

// ---- historical readings imported from a file ----

/** A history file (CSV, xls or xlsx) is at most this big, with at most this many rows. */
export const READING_IMPORT_MAX_BYTES = 50 * 1024 * 1024;
export const READING_IMPORT_MAX_ROWS = 1_000_000;
/** An import's answer lists this many refused rows; more are only counted. */
export const READING_IMPORT_MAX_ERRORS = 1000;

/**
 * What the file's third column holds: each meter's counter at the row's time, or the volume that flowed in
 * the interval ending at the row's time (turned into a counter, domain/src/readings/volumes.ts countersFromVolumes).
 */
export const readingImportFormSchema = z.enum(['counter', 'volume']);
export type ReadingImportForm = z.infer<typeof readingImportFormSchema>;

export const readingImportQuerySchema = z.object({
  form: readingImportFormSchema.default('counter'),
  /** The length of each row's interval, for volumes. */
  intervalMinutes: z.coerce
    .number()
    .int('validation.invalidValue')
    .min(1, 'validation.tooSmall')
    .max(24 * 60, 'validation.tooBig')
    .default(60),
});
export type ReadingImportQuery = z.infer<typeof readingImportQuerySchema>;

export const readingImportStatusSchema = z.enum(['checking', 'storing', 'done', 'failed']);

export const readingImportViewSchema = z.object({
  importId: z.uuid(),
  status: readingImportStatusSchema,
  form: readingImportFormSchema,
  fileName: z.string(),
  startedAt: z.string(),
  /** Data rows in the file. */
  rows: z.number().int(),
  /** Readings to store once checked and (for volumes) turned into a counter. */
  readings: z.number().int(),
  stored: z.number().int(),
  /** Readings already stored for the same meter and time, or repeated in the file. */
  duplicates: z.number().int(),
  /** Rows refused, the first READING_IMPORT_MAX_ERRORS of them with the reason. */
  errorCount: z.number().int(),
  errors: z.array(z.object({ row: z.number().int(), meterNo: z.string().nullable(), message: z.string() })),
  /** The meters that got readings, and the time of the first and the last reading stored. */
  meterNos: z.array(z.string()),
  from: z.string().nullable(),
  to: z.string().nullable(),
  /** Share of the stored readings whose hours and days are computed (the figures show them), 0..1. */
  figures: z.number(),
  /** Why the import stopped (status failed). */
  message: z.string().nullable(),
});
export type ReadingImportView = z.infer<typeof readingImportViewSchema>;
