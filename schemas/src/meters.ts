import { z } from 'zod';
import { meterNoSchema, valveStateSchema } from './ingest.ts';

/**
 * Meter types and meters: the registry readings are matched against. The customer side (accounts, opening,
 * replacement, moves) builds on these events.
 */

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

export const meterTypeListQuerySchema = z.object({
  name: z.string().max(50).optional(),
  billingMode: billingModeSchema.optional(),
  communication: communicationSchema.optional(),
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
  link: meterLinkSchema,
  version: z.number().int(),
});
export type MeterView = z.infer<typeof meterViewSchema>;

export const meterListQuerySchema = z.object({
  meterNo: z.string().max(32).optional(),
  meterTypeId: z.uuid().optional(),
  imei: z.string().max(15).optional(),
  link: meterLinkSchema.optional(),
  valve: valveStateSchema.optional(),
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

// ---- meter groups ----

export const meterGroupBodySchema = z.object({
  name: z.string().trim().min(1, 'validation.required').max(50, 'validation.tooLong'),
  remark: z.string().trim().max(100, 'validation.tooLong').optional(),
});
export type MeterGroupBody = z.infer<typeof meterGroupBodySchema>;

/** Meters added to a group by number (typed or pasted, separated by English commas). */
export const groupMeterNosSchema = z.object({
  meterNos: z.array(meterNoSchema).min(1, 'validation.required').max(1000, 'validation.tooMany'),
});

export const meterGroupViewSchema = z.object({
  groupId: z.uuid(),
  name: z.string(),
  remark: z.string().nullable(),
  meterCount: z.number().int(),
  createTime: z.string(),
  version: z.number().int(),
});
export type MeterGroupView = z.infer<typeof meterGroupViewSchema>;

export const meterGroupListQuerySchema = z.object({ name: z.string().max(50).optional() });
export type MeterGroupListQuery = z.infer<typeof meterGroupListQuerySchema>;

export const meterGroupEventSchemas = {
  MeterGroupCreated: {
    schemaVersion: 1,
    data: z.object({
      groupId: z.uuid(),
      tenantId: z.uuid(),
      ...meterGroupBodySchema.shape,
      createdAt: z.iso.datetime(),
    }),
  },
  MeterGroupChanged: {
    schemaVersion: 1,
    data: z.object({ groupId: z.uuid(), ...meterGroupBodySchema.shape }),
  },
  MeterGroupDeleted: { schemaVersion: 1, data: z.object({ groupId: z.uuid() }) },
  MeterGroupMetersAdded: {
    schemaVersion: 1,
    data: z.object({ groupId: z.uuid(), meterIds: z.array(z.uuid()).min(1) }),
  },
  MeterGroupMetersRemoved: {
    schemaVersion: 1,
    data: z.object({ groupId: z.uuid(), meterIds: z.array(z.uuid()).min(1) }),
  },
};

export const meterEventSchemas = {
  MeterTypeCreated: {
    schemaVersion: 1,
    data: z.object({ meterTypeId: z.uuid(), tenantId: z.uuid(), ...meterTypeBodySchema.shape }),
  },
  MeterTypeChanged: {
    schemaVersion: 1,
    data: z.object({ meterTypeId: z.uuid(), ...meterTypeBodySchema.shape }),
  },
  MeterTypeDeleted: { schemaVersion: 1, data: z.object({ meterTypeId: z.uuid() }) },
  MeterRegistered: {
    schemaVersion: 1,
    data: z.object({
      meterId: z.uuid(),
      tenantId: z.uuid(),
      ...meterBodySchema.shape,
      registeredAt: z.iso.datetime(),
    }),
  },
  MeterChanged: {
    schemaVersion: 1,
    data: z.object({ meterId: z.uuid(), ...meterFieldsSchema.shape }),
  },
  MeterDeleted: { schemaVersion: 1, data: z.object({ meterId: z.uuid() }) },
  ...meterGroupEventSchemas,
};

// ---- valve operation and key update ----

/** A meter with its valve and its latest command of one family (valve or key update). */
export const meterCommandStateSchema = z.object({
  meterId: z.uuid(),
  meterNo: z.string(),
  meterTypeName: z.string(),
  valveControl: z.boolean(),
  valve: valveStateSchema.nullable(),
  link: meterLinkSchema,
  lastReportAt: z.string().nullable(),
  commandId: z.uuid().nullable(),
  commandKind: z.enum(['valveOpen', 'valveClose', 'keyUpdate']).nullable(),
  commandStatus: z
    .enum(['sending', 'success', 'fail', 'executing', 'resend', 'timeout', 'resendSuccess'])
    .nullable(),
  commandAt: z.string().nullable(),
  commandDetail: z.string().nullable(),
});
export type MeterCommandState = z.infer<typeof meterCommandStateSchema>;

export const meterCommandStateQuerySchema = z.object({
  meterNo: z.string().max(32).optional(),
  /** Only meters with a command still under way (sending, executing, resend). */
  pending: z.enum(['1']).optional(),
});
export type MeterCommandStateQuery = z.infer<typeof meterCommandStateQuerySchema>;

// ---- meter replacement ----

/** A reading of a counter, m3 (the same bounds as a meter's initial reading). */
const counterReading = z.number().nonnegative('validation.tooSmall').max(99_999_999, 'validation.tooBig');

/**
 * A meter swapped for another (spec section 3): the old meter's final reading closes its series and the
 * new meter's initial reading opens the next, so the account's consumption continues across the swap.
 */
export const meterReplaceBodySchema = z
  .object({
    oldMeterNo: meterNoSchema,
    newMeterNo: meterNoSchema,
    /** When the old meter's final reading was taken. */
    lastReadTime: z.iso.datetime({ offset: true, message: 'validation.invalidFormat' }),
    /** The old meter's final reading. */
    recentReading: counterReading,
    reason: z.string().trim().min(1, 'validation.required').max(100, 'validation.tooLong'),
  })
  .refine((b) => b.oldMeterNo !== b.newMeterNo, {
    message: 'error.meterReplace.sameMeter',
    path: ['newMeterNo'],
  });
export type MeterReplaceBody = z.input<typeof meterReplaceBodySchema>;

export const meterReplacementViewSchema = z.object({
  replacementId: z.string(),
  oldMeterId: z.uuid(),
  oldMeterNo: z.string(),
  newMeterId: z.uuid(),
  newMeterNo: z.string(),
  accountNo: z.string().nullable(),
  lastReadTime: z.string(),
  recentReading: z.number(),
  newInitialReading: z.number(),
  reason: z.string(),
  replacedAt: z.string(),
  operator: z.string().nullable(),
});
export type MeterReplacementView = z.infer<typeof meterReplacementViewSchema>;

export const meterReplacementListQuerySchema = z.object({
  /** Old or new meter number (part of it). */
  meterNo: z.string().max(32).optional(),
  fromDay: z.iso.date('validation.date').optional(),
  toDay: z.iso.date('validation.date').optional(),
});
export type MeterReplacementListQuery = z.infer<typeof meterReplacementListQuerySchema>;

export const meterReplacementEventSchemas = {
  MeterReplaced: {
    schemaVersion: 1,
    data: z.object({
      oldMeterId: z.uuid(),
      newMeterId: z.uuid(),
      oldMeterNo: z.string(),
      newMeterNo: z.string(),
      /** The account moved from the old meter to the new one, if the old meter was on one. */
      customerId: z.uuid().nullable(),
      accountNo: z.string().nullable(),
      lastReadTime: z.iso.datetime({ offset: true }),
      recentReading: z.number(),
      /** The new meter's counter when installed (its registered initial reading). */
      newInitialReading: z.number(),
      reason: z.string(),
      replacedAt: z.iso.datetime(),
    }),
  },
};
