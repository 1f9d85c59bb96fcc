import { z } from 'zod';
import { listQuerySchema, sortQuerySchema } from '../api.ts';
import { valveCommandViewSchema } from './command-status.ts';

/**
 * Meter types and meters: the registry readings are matched against. The customer side (accounts, opening,
 * replacement, moves) builds on these events.
 */

/** The longest meter number. */
export const METER_NO_MAX = 32;
/** Meter numbers are numeric (spec section 5). */
export const meterNoSchema = z.string().regex(new RegExp(`^\\d{1,${METER_NO_MAX}}$`), 'validation.meterNo');

export const valveStateSchema = z.enum(['open', 'closed']);
export type ValveState = z.infer<typeof valveStateSchema>;

export const communicationSchema = z.enum(['nbiot', 'lorawan', 'wmbus', 'walkBy', 'manual']);
export type Communication = z.infer<typeof communicationSchema>;
export const cardKindSchema = z.enum(['none', 'ic', 'e55', 'sts']);
export type CardKind = z.infer<typeof cardKindSchema>;
export const billingModeSchema = z.enum(['prepaid', 'postpaid']);
export type BillingMode = z.infer<typeof billingModeSchema>;
/** Where a meter's readings come from. */
export const meterDataSourceSchema = z.enum(['gateway', 'walkBy', 'manual']);
export type MeterDataSource = z.infer<typeof meterDataSourceSchema>;

export const meterTypeBodySchema = z.object({
  name: z.string().trim().min(1, 'validation.required').max(50, 'validation.tooLong'),
  billingMode: billingModeSchema,
  valveControl: z.boolean(),
  communication: communicationSchema,
  cardKind: cardKindSchema,
  /** A meter that has not reported for longer than this is offline. */
  reportIntervalMinutes: z
    .number()
    .int()
    .min(1, 'validation.tooSmall')
    .max(7 * 24 * 60, 'validation.tooBig'),
});
export type MeterTypeBody = z.infer<typeof meterTypeBodySchema>;

const hhmm = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'validation.time');
/** Zero-water threshold: hours without consumption before the meter counts as "zero water". */
const zeroWaterHours = z.number().int().min(0, 'validation.tooSmall').max(8760, 'validation.tooBig');

/** A peak period (1 to 3 per meter): its own switch and zero-water threshold; it may cross midnight. */
export const peakPeriodSchema = z
  .object({
    enabled: z.boolean(),
    start: hhmm,
    end: hhmm,
    zeroWaterThreshold: zeroWaterHours.optional(),
  })
  .refine((p) => p.start !== p.end, { message: 'validation.peakPeriod', path: ['end'] });
export type PeakPeriod = z.infer<typeof peakPeriodSchema>;

/** The fields of a meter an edit may change (the number is the meter's identity towards gateways). */
export const meterFieldsSchema = z.object({
  meterTypeId: z.uuid(),
  imei: z
    .string()
    .regex(/^\d{15}$/, 'validation.imei')
    .optional(),
  sim: z
    .string()
    .regex(/^[0-9A-Za-z]{20}$/, 'validation.sim')
    .optional(),
  /** Electronic counter when installed, m3. */
  initialReading: z
    .number()
    .nonnegative('validation.tooSmall')
    .max(99_999_999, 'validation.tooBig')
    .default(0),
  /** Where the meter is (for maps). */
  lng: z.number().min(-180, 'validation.tooSmall').max(180, 'validation.tooBig').optional(),
  lat: z.number().min(-90, 'validation.tooSmall').max(90, 'validation.tooBig').optional(),
  /** The meter's communication key (secret: never listed). */
  key: z.string().trim().max(64, 'validation.tooLong').optional(),
  /** Mechanical register when installed, m3. */
  mechanicalReading: z
    .number()
    .nonnegative('validation.tooSmall')
    .max(99_999_999, 'validation.tooBig')
    .optional(),
  zeroWaterThreshold: zeroWaterHours.optional(),
  peaks: z.array(peakPeriodSchema).max(3, 'validation.tooMany').optional(),
  /** The day the meter entered the store (YYYY-MM-DD). */
  storageDate: z.iso.date('validation.date').optional(),
  dataSource: meterDataSourceSchema.optional(),
});

export const meterBodySchema = z.object({ meterNo: meterNoSchema, ...meterFieldsSchema.shape });
export type MeterBody = z.input<typeof meterBodySchema>;
export const meterChangeBodySchema = meterFieldsSchema.extend({
  meterId: z.uuid(),
  version: z.number().int().min(0),
});
export type MeterChangeBody = z.input<typeof meterChangeBodySchema>;

// ---- views and queries ----

export const meterTypeViewSchema = z.object({
  meterTypeId: z.uuid(),
  ...meterTypeBodySchema.shape,
  name: z.string(),
  meterCount: z.number().int(),
  version: z.number().int(),
});
export type MeterTypeView = z.infer<typeof meterTypeViewSchema>;

/** The columns the meter type list sorts by. */
export const METER_TYPE_SORT_COLUMNS = [
  'name',
  'billingMode',
  'valveControl',
  'communication',
  'cardKind',
  'reportIntervalMinutes',
  'meterCount',
] as const;
export const meterTypeListQuerySchema = z.object({
  name: z.string().max(50).optional(),
  billingMode: billingModeSchema.optional(),
  communication: communicationSchema.optional(),
  ...sortQuerySchema(METER_TYPE_SORT_COLUMNS).shape,
});
export type MeterTypeListQuery = z.infer<typeof meterTypeListQuerySchema>;

/** Communication state: online while the meter reported within its type's expected interval. */
export const meterLinkSchema = z.enum(['online', 'offline']);
export type MeterLink = z.infer<typeof meterLinkSchema>;

export const meterViewSchema = z.object({
  meterId: z.uuid(),
  meterNo: z.string(),
  meterTypeId: z.uuid(),
  meterTypeName: z.string(),
  valveControl: z.boolean(),
  imei: z.string().nullable(),
  sim: z.string().nullable(),
  /** Whether a key is set (the key itself is never listed). */
  hasKey: z.boolean(),
  initialReading: z.number(),
  mechanicalReading: z.number().nullable(),
  zeroWaterThreshold: z.number().nullable(),
  peaks: z.array(peakPeriodSchema),
  storageDate: z.string().nullable(),
  dataSource: meterDataSourceSchema.nullable(),
  lng: z.number().nullable(),
  lat: z.number().nullable(),
  registeredAt: z.string(),
  /** From the readings read model. */
  lastReading: z.number().nullable(),
  lastReportAt: z.string().nullable(),
  battery: z.number().nullable(),
  signal: z.number().nullable(),
  valve: valveStateSchema.nullable(),
  /** The latest valve command: what the valve should be since, next to what it last reported. */
  valveCommand: valveCommandViewSchema.nullable(),
  link: meterLinkSchema,
  version: z.number().int(),
});
export type MeterView = z.infer<typeof meterViewSchema>;

/** The columns the meter list sorts by. */
export const METER_SORT_COLUMNS = [
  'meterNo',
  'meterTypeName',
  'imei',
  'lastReading',
  'lastReportAt',
  'battery',
  'signal',
  'valve',
] as const;
export const meterListQuerySchema = z.object({
  meterNo: z.string().max(32).optional(),
  meterTypeId: z.uuid().optional(),
  imei: z.string().max(15).optional(),
  link: meterLinkSchema.optional(),
  valve: valveStateSchema.optional(),
  ...listQuerySchema(METER_SORT_COLUMNS).shape,
});
export type MeterListQuery = z.infer<typeof meterListQuerySchema>;

/** One row of a meter import file, as read (cells as text); the type is named, not referenced by id. */
export const meterImportRowSchema = z.object({
  meterNo: meterNoSchema,
  meterTypeName: z.string().trim().min(1, 'validation.required').max(50, 'validation.tooLong'),
  imei: meterFieldsSchema.shape.imei,
  sim: meterFieldsSchema.shape.sim,
  key: meterFieldsSchema.shape.key,
  initialReading: meterFieldsSchema.shape.initialReading,
  mechanicalReading: meterFieldsSchema.shape.mechanicalReading,
  zeroWaterThreshold: meterFieldsSchema.shape.zeroWaterThreshold,
  storageDate: meterFieldsSchema.shape.storageDate,
  dataSource: meterFieldsSchema.shape.dataSource,
  lng: meterFieldsSchema.shape.lng,
  lat: meterFieldsSchema.shape.lat,
});
export type MeterImportRow = z.infer<typeof meterImportRowSchema>;
/** The columns of the import template, in order. */
export const METER_IMPORT_COLUMNS = Object.keys(meterImportRowSchema.shape) as (keyof MeterImportRow)[];
/** Most rows one import takes. */
export const METER_IMPORT_MAX_ROWS = 5000;

export const meterImportResultSchema = z.object({
  imported: z.number().int(),
  /** Spreadsheet row numbers (the header is row 1) and why each was refused. */
  failures: z.array(z.object({ row: z.number().int(), meterNo: z.string().nullable(), reason: z.string() })),
});
export type MeterImportResult = z.infer<typeof meterImportResultSchema>;
