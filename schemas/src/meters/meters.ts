import { z } from 'zod';
import { listQuerySchema, sortQuerySchema } from '../api.ts';
import { meterNoSchema, valveStateSchema } from '../readings/index.ts';

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

/** The columns the meter group list sorts by. */
export const METER_GROUP_SORT_COLUMNS = ['name', 'remark', 'meterCount', 'createTime'] as const;
export const meterGroupListQuerySchema = z.object({
  name: z.string().max(50).optional(),
  ...listQuerySchema(METER_GROUP_SORT_COLUMNS).shape,
});
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

/** The columns the valve operation and key update lists sort by. */
export const METER_COMMAND_STATE_SORT_COLUMNS = ['meterNo', 'meterTypeName', 'valve'] as const;
export const meterCommandStateQuerySchema = z.object({
  meterNo: z.string().max(32).optional(),
  /** Only meters with a command still under way (sending, executing, resend). */
  pending: z.enum(['1']).optional(),
  ...sortQuerySchema(METER_COMMAND_STATE_SORT_COLUMNS).shape,
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

/** The columns the meter replacement list sorts by. */
export const METER_REPLACEMENT_SORT_COLUMNS = [
  'oldMeterNo',
  'newMeterNo',
  'accountNo',
  'lastReadTime',
  'recentReading',
  'newInitialReading',
  'reason',
  'operator',
  'replacedAt',
] as const;
export const meterReplacementListQuerySchema = z.object({
  /** Old or new meter number (part of it). */
  meterNo: z.string().max(32).optional(),
  fromDay: z.iso.date('validation.date').optional(),
  toDay: z.iso.date('validation.date').optional(),
  ...sortQuerySchema(METER_REPLACEMENT_SORT_COLUMNS).shape,
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

// ---- Meter moves between tenants (platform operators) -------------------------------------------------

/** At most this many meters move in one request. */
export const METER_MOVE_MAX = 1000;

/**
 * POST /tenant/meterMove: move meters (each with its open account) from one tenant to another. Meter types
 * and customer types belong to a tenant, so the moved meters take a meter type of the target tenant and
 * their accounts a customer type of it; that is why the selected meters must share both on the source side.
 */
export const meterMoveBodySchema = z
  .object({
    sourceTenantId: z.uuid('validation.required'),
    targetTenantId: z.uuid('validation.required'),
    meterIds: z.array(z.uuid()).min(1, 'error.meterMove.noMeter').max(METER_MOVE_MAX, 'validation.tooBig'),
    /** The target tenant's customer type of the moved accounts. */
    customerTypeId: z.uuid('validation.required'),
    /** The target tenant's meter type of the moved meters. */
    meterTypeId: z.uuid('validation.required'),
    reason: z.string().trim().min(1, 'validation.required').max(100, 'validation.tooLong'),
    /** Who to call at the target tenant about the moved meters. */
    adminContact: z.string().trim().max(50, 'validation.tooLong').optional(),
  })
  .refine((b) => b.sourceTenantId !== b.targetTenantId, {
    message: 'error.meterMove.sameTenant',
    path: ['targetTenantId'],
  });
export type MeterMoveBody = z.input<typeof meterMoveBodySchema>;

/** The meters of a source tenant that can be picked, filtered by their customer type and meter type. */
export const meterMoveCandidateQuerySchema = z.object({
  sourceTenantId: z.uuid('validation.required'),
  customerTypeId: z.uuid('validation.required'),
  meterTypeId: z.uuid().optional(),
  meterNo: z.string().max(32).optional(),
});
export type MeterMoveCandidateQuery = z.infer<typeof meterMoveCandidateQuerySchema>;

export const meterMoveCandidateSchema = z.object({
  meterId: z.uuid(),
  meterNo: z.string(),
  meterTypeId: z.string(),
  meterTypeName: z.string(),
  accountNo: z.string(),
  customerName: z.string(),
  phone: z.string(),
  address: z.string().nullable(),
});
export type MeterMoveCandidate = z.infer<typeof meterMoveCandidateSchema>;

/** A utility tenant meters can move from or to. */
export const tenantOptionSchema = z.object({ tenantId: z.uuid(), name: z.string() });
export type TenantOption = z.infer<typeof tenantOptionSchema>;

/** A tenant's meter types and customer types, for the move form's selects. */
export const tenantTypesSchema = z.object({
  meterTypes: z.array(z.object({ meterTypeId: z.string(), name: z.string() })),
  customerTypes: z.array(z.object({ customerTypeId: z.string(), name: z.string() })),
});
export type TenantTypes = z.infer<typeof tenantTypesSchema>;

/** One moved meter (spec section 3: tenant name and number, meter type, customer type, meter number,
 * account, address, phone, reason, administrator contact). */
export const meterMoveViewSchema = z.object({
  moveId: z.string(),
  meterId: z.uuid(),
  meterNo: z.string(),
  fromTenantId: z.string(),
  fromTenantName: z.string(),
  toTenantId: z.string(),
  toTenantName: z.string(),
  fromMeterTypeName: z.string(),
  meterTypeName: z.string(),
  customerTypeName: z.string().nullable(),
  accountNo: z.string().nullable(),
  customerName: z.string().nullable(),
  address: z.string().nullable(),
  phone: z.string().nullable(),
  reason: z.string(),
  adminContact: z.string().nullable(),
  movedAt: z.string(),
  operator: z.string().nullable(),
});
export type MeterMoveView = z.infer<typeof meterMoveViewSchema>;

/** The columns the meter move record sorts by. */
export const METER_MOVE_SORT_COLUMNS = [
  'meterNo',
  'fromTenantName',
  'toTenantName',
  'meterTypeName',
  'customerTypeName',
  'accountNo',
  'customerName',
  'reason',
  'operator',
  'movedAt',
] as const;
export const meterMoveListQuerySchema = z.object({
  /** Meter or account number (part of it). */
  meterNo: z.string().max(32).optional(),
  /** Moved from or to this tenant. */
  tenantId: z.uuid().optional(),
  fromDay: z.iso.date('validation.date').optional(),
  toDay: z.iso.date('validation.date').optional(),
  ...sortQuerySchema(METER_MOVE_SORT_COLUMNS).shape,
});
export type MeterMoveListQuery = z.infer<typeof meterMoveListQuerySchema>;

export const meterMoveEventSchemas = {
  /**
   * The meter now belongs to another tenant, with its reading history and, when it was on an open account,
   * that account (a `CustomerMoved` in the same append). The account fields are the record's snapshot.
   */
  MeterMoved: {
    schemaVersion: 1,
    data: z.object({
      meterId: z.uuid(),
      meterNo: z.string(),
      fromTenantId: z.uuid(),
      toTenantId: z.uuid(),
      fromMeterTypeId: z.uuid(),
      meterTypeId: z.uuid(),
      customerId: z.uuid().nullable(),
      customerTypeId: z.uuid().nullable(),
      accountNo: z.string().nullable(),
      customerName: z.string().nullable(),
      address: z.string().nullable(),
      phone: z.string().nullable(),
      reason: z.string(),
      adminContact: z.string().nullable(),
      movedAt: z.iso.datetime(),
    }),
  },
};
