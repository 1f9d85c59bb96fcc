import { z } from 'zod';
import { phoneSchema } from '../identity/index.ts';
import { meterNoSchema } from '../meters/index.ts';
import { unknownReasonSchema } from '../readings/index.ts';

/**
 * Cascade partitions (spec sections 2, 3, 5 and 8; DESIGN "Leakage definitions"): a tree of metering points,
 * each with a summary (inlet) meter and sub-meters, and the leakage figures computed over it.
 */

/** At most five levels of metering points, the root being level 1 (spec sections 5 and 9). */
export const CASCADE_MAX_LEVELS = 5;
/** Meters per import or typed batch (spec sections 5 and 9). */
export const CASCADE_IMPORT_MAX = 1000;
/** Sub-meters one point can carry: the remaining quota of an import is this minus the ones it has. */
export const CASCADE_SUB_METER_QUOTA = 5000;
/** Days one analysis request may span (a year and a day, for the yearly views). */
export const CASCADE_MAX_DAYS = 366;

const positive = z.number().gt(0, 'validation.positive');

/**
 * Alarm thresholds of a point: leakage rate as a fraction (0.2 = 20%), MNF in m3/h, KL as a ratio; and the
 * leak detector's sensitivity and floor.
 */
export const cascadeThresholdsSchema = z.object({
  leakageRate: positive.max(1, 'validation.tooBig'),
  mnf: positive,
  kl: positive,
  /**
   * Leak detection: how many spreads of the district's night-to-night noise a rise must pass (lower: more
   * sensitive), and the smallest rise worth an alarm, m3/h; the detector's defaults when not given.
   */
  leakSensitivity: z.number().min(1, 'validation.tooSmall').max(10, 'validation.tooBig').optional(),
  leakFloor: z.number().min(0, 'validation.tooSmall').max(10_000, 'validation.tooBig').optional(),
});
export type CascadeThresholds = z.infer<typeof cascadeThresholdsSchema>;

const pointFields = {
  name: z.string().trim().min(1, 'validation.required').max(50, 'validation.tooLong'),
  leaderName: z.string().trim().min(1, 'validation.required').max(20, 'validation.tooLong'),
  leaderPhone: phoneSchema,
  thresholds: cascadeThresholdsSchema,
};

/** GeoJSON position [lng, lat]. */
const positionSchema = z.tuple([z.number().min(-180).max(180), z.number().min(-90).max(90)]);
/** A partition boundary: a GeoJSON Polygon (outer ring first, each ring closed). */
export const boundarySchema = z.object({
  type: z.literal('Polygon'),
  coordinates: z
    .array(
      z
        .array(positionSchema)
        .min(4, 'validation.invalidFormat')
        .refine(
          (ring) => ring[0]![0] === ring.at(-1)![0] && ring[0]![1] === ring.at(-1)![1],
          'validation.invalidFormat',
        ),
    )
    .min(1, 'validation.invalidFormat')
    .max(50),
});
export type Boundary = z.infer<typeof boundarySchema>;

/** Step 1 of the wizard: the partition and its root metering point. */
export const partitionBodySchema = z.object({
  ...pointFields,
  boundary: boundarySchema.nullable().default(null),
});
export type PartitionBody = z.input<typeof partitionBodySchema>;

export const partitionUpdateBodySchema = partitionBodySchema.extend({
  partitionId: z.uuid(),
  version: z.number().int().min(0),
});

/** A metering point below another: the superior point is required (spec section 5). */
export const pointBodySchema = z.object({
  partitionId: z.uuid(),
  parentId: z.uuid(),
  ...pointFields,
});
export type PointBody = z.input<typeof pointBodySchema>;
export const pointUpdateBodySchema = z.object({ partitionId: z.uuid(), pointId: z.uuid(), ...pointFields });

/**
 * Sub-meters by selection (an array of numbers) or typed numbers separated by English commas
 * ("1001,1002", spaces around them ignored); repeats count once.
 */
export const meterNoListSchema = z
  .preprocess(
    (value) => {
      if (typeof value !== 'string') return value;
      const text = value.trim();
      if (text === '') return [];
      return /^\d{1,32}(\s*,\s*\d{1,32})*$/.test(text) ? text.split(',').map((part) => part.trim()) : value;
    },
    z
      .array(meterNoSchema, { error: 'validation.meterNoList' })
      .min(1, 'validation.atLeastOne')
      .max(CASCADE_IMPORT_MAX, 'validation.tooMany'),
  )
  .transform((list) => [...new Set(list)]);

/** Step 2: the summary (inlet) meter of a point. */
export const summaryMeterBodySchema = z.object({ pointId: z.uuid(), meterNo: meterNoSchema });
/** Step 3: sub-meters by selection (an array) or typed numbers separated by English commas. */
export const subMetersBodySchema = z.object({ pointId: z.uuid(), meterNos: meterNoListSchema });
export const removeSubMetersBodySchema = z.object({
  pointId: z.uuid(),
  meterNos: z.array(meterNoSchema).min(1, 'validation.atLeastOne'),
});

/** Where meters of a partition stand on its map (GeoJSON coordinates). */
export const meterPositionsBodySchema = z.object({
  partitionId: z.uuid(),
  positions: z
    .array(z.object({ meterNo: meterNoSchema, coordinates: positionSchema }))
    .max(CASCADE_IMPORT_MAX, 'validation.tooMany'),
});

export const cascadeMeterSchema = z.object({ meterId: z.string(), meterNo: z.string() });

/** A point's sub-meters, filtered by number (a part of it). */
export const subMeterQuerySchema = z.object({ meterNo: z.string().max(32).optional() });
export type SubMeterQuery = z.infer<typeof subMeterQuerySchema>;

/** Filters of the sub-meter picker: opened meters by number or account name. */
export const subMeterCandidateQuerySchema = z.object({
  meterNo: z.string().max(32).optional(),
  accountName: z.string().max(50).optional(),
});
export type SubMeterCandidateQuery = z.infer<typeof subMeterCandidateQuerySchema>;
/** A meter that may become a sub-meter of a point: opened (an account holds it), not yet on the point. */
export const subMeterCandidateSchema = cascadeMeterSchema.extend({
  accountNo: z.string(),
  accountName: z.string(),
});
export type SubMeterCandidate = z.infer<typeof subMeterCandidateSchema>;

export const pointViewSchema = z.object({
  pointId: z.string(),
  partitionId: z.string(),
  parentId: z.string().nullable(),
  level: z.number().int(),
  name: z.string(),
  leaderName: z.string(),
  leaderPhone: z.string(),
  thresholds: cascadeThresholdsSchema,
  summaryMeter: cascadeMeterSchema.nullable(),
  subMeterCount: z.number().int(),
});
export type PointView = z.infer<typeof pointViewSchema>;

export const partitionViewSchema = z.object({
  partitionId: z.string(),
  name: z.string(),
  leaderName: z.string(),
  leaderPhone: z.string(),
  rootPointId: z.string(),
  thresholds: cascadeThresholdsSchema,
  boundary: boundarySchema.nullable(),
  pointCount: z.number().int(),
  levels: z.number().int(),
  createTime: z.string(),
  version: z.number().int(),
});
export type PartitionView = z.infer<typeof partitionViewSchema>;

export const partitionDetailSchema = partitionViewSchema.extend({
  points: z.array(pointViewSchema),
  meterPositions: z.array(z.object({ meterNo: z.string(), coordinates: z.tuple([z.number(), z.number()]) })),
});
export type PartitionDetail = z.infer<typeof partitionDetailSchema>;

export const partitionListQuerySchema = z.object({ name: z.string().max(50).optional() });

// ---- Figures -----------------------------------------------------------------------------------------

const dateSchema = z.iso.date({ error: 'validation.invalidFormat' });

export const analysisQuerySchema = z
  .object({ pointId: z.uuid(), from: dateSchema, to: dateSchema })
  .refine((q) => q.from <= q.to, { path: ['to'], error: 'validation.dateRange' })
  .refine((q) => (Date.parse(q.to) - Date.parse(q.from)) / 86_400_000 < CASCADE_MAX_DAYS, {
    path: ['from'],
    error: 'validation.periodTooLong',
  });
export type AnalysisQuery = z.infer<typeof analysisQuerySchema>;

/** A point's water balance: volumes in m3, the rate as a fraction, coverage 0..1 (DESIGN). */
const balanceShape = {
  /** The summary meter's volume; null unless its coverage is complete. */
  supply: z.number().nullable(),
  /** The sub-meters' volumes; null for a point without sub-meters. */
  sales: z.number().nullable(),
  leakage: z.number().nullable(),
  leakageRate: z.number().nullable(),
  /** Mean coverage of the point's meters (summary meter and sub-meters; a meter without data counts 0). */
  coverage: z.number(),
  /** The summary meter's coverage. */
  supplyCoverage: z.number(),
  /** Why supply, or else leakage, is null; null when both are known. */
  unknown: unknownReasonSchema.nullable(),
};

/** One local day of a point. */
export const dailyFigureSchema = z.object({ date: z.string(), ...balanceShape });
export type DailyFigure = z.infer<typeof dailyFigureSchema>;

/** One night of a point: MNF and ADF in m3/h, KL a ratio. */
export const nightFigureSchema = z.object({
  date: z.string(),
  mnf: z.number().nullable(),
  adf: z.number().nullable(),
  kl: z.number().nullable(),
  /**
   * Share of the night window's time in hours that count for MNF (known, and between readings at most the
   * report interval apart).
   */
  coverage: z.number(),
  /** Why MNF (ADF) is null; null when known. KL is null when either is. */
  mnfUnknown: unknownReasonSchema.nullable(),
  adfUnknown: unknownReasonSchema.nullable(),
});
export type NightFigure = z.infer<typeof nightFigureSchema>;

/** One local hour of a point's summary meter (the night flow chart). */
export const hourlyFlowSchema = z.object({
  start: z.string(),
  end: z.string(),
  /** m3/h; null unless the hour is known */
  flow: z.number().nullable(),
  /** the counter is known at both ends of the hour */
  known: z.boolean(),
  /** share of the hour spanned by readings at most the meter type's gap apart */
  coverage: z.number(),
  /** the hour lies between readings at most the report interval apart: it counts for MNF */
  regular: z.boolean(),
  unknown: unknownReasonSchema.nullable(),
});
export type HourlyFlow = z.infer<typeof hourlyFlowSchema>;

/** A night as the leak detector judged it: the flow expected without a leak and the rise that counts. */
export const nightAssessmentSchema = z.object({
  date: z.string(),
  mnf: z.number().nullable(),
  baseline: z.number().nullable(),
  margin: z.number().nullable(),
  inLeak: z.boolean(),
});

/** A leak the detector found on a point's nights. */
export const leakFindingSchema = z.object({
  kind: z.enum(['abrupt', 'incipient']),
  /** its estimated first night, and the night it was detected */
  start: z.string(),
  detected: z.string(),
  /** m3/h above the baseline when detected, and as a share of the baseline */
  sizeM3h: z.number(),
  share: z.number(),
  baseline: z.number(),
  repaired: z.string().nullable(),
  /** the size times the hours from its start to its repair (or to the end of the period), m3 */
  volumeLostM3: z.number(),
});

export const leakAnalysisSchema = z.object({
  nights: z.array(nightAssessmentSchema),
  leaks: z.array(leakFindingSchema),
});
export type LeakAnalysis = z.infer<typeof leakAnalysisSchema>;

/** Public holidays a tenant marks: their nights are neither judged for leaks nor part of a baseline. */
export const CASCADE_HOLIDAYS_MAX = 1000;
export const cascadeHolidaysSchema = z.object({
  holidays: z.array(dateSchema).max(CASCADE_HOLIDAYS_MAX, 'validation.tooMany'),
});
export type CascadeHolidays = z.infer<typeof cascadeHolidaysSchema>;

/** Totals over a period (production versus sales). */
export const periodBalanceSchema = z.object({ from: z.string(), to: z.string(), ...balanceShape });
export type PeriodBalance = z.infer<typeof periodBalanceSchema>;

export const rankingRowSchema = z.object({
  pointId: z.string(),
  partitionId: z.string(),
  name: z.string(),
  supply: z.number().nullable(),
  leakage: z.number().nullable(),
  leakageRate: z.number().nullable(),
});
export type RankingRow = z.infer<typeof rankingRowSchema>;

export const iliQuerySchema = z.object({
  pointId: z.uuid(),
  from: dateSchema,
  to: dateSchema,
  mainsKm: z.coerce.number().gt(0, 'validation.positive'),
  connections: z.coerce.number().int().min(0),
  privatePipeKm: z.coerce.number().min(0).default(0),
  pressureM: z.coerce.number().gt(0, 'validation.positive'),
});

// ---- Alarms ------------------------------------------------------------------------------------------

/** Figures over their thresholds, and leaks the detector finds: a new (abrupt) one or a growing one. */
export const cascadeAlarmKindSchema = z.enum(['leakageRate', 'mnf', 'kl', 'newLeak', 'growingLeak']);
export const LEAK_ALARM_KINDS = ['newLeak', 'growingLeak'] as const;
export type CascadeAlarmKindName = z.infer<typeof cascadeAlarmKindSchema>;

export const cascadeAlarmViewSchema = z.object({
  alarmId: z.string(),
  partitionId: z.string(),
  pointId: z.string(),
  pointName: z.string(),
  kind: cascadeAlarmKindSchema,
  day: z.string(),
  value: z.number(),
  threshold: z.number(),
  /** the value minus the previous day's (null when unknown) */
  trend: z.number().nullable(),
  raisedAt: z.string(),
  /** A leak closes itself when the night flow is back at its baseline (repaired). */
  status: z.enum(['open', 'processed', 'repaired']),
  /** A leak: the night flow before it (m3/h), and the night it was repaired. */
  baseline: z.number().nullable(),
  repairedDay: z.string().nullable(),
});
export type CascadeAlarmView = z.infer<typeof cascadeAlarmViewSchema>;

export const cascadeAlarmListQuerySchema = z.object({
  partitionId: z.uuid().optional(),
  pointId: z.uuid().optional(),
  kind: cascadeAlarmKindSchema.optional(),
  from: dateSchema.optional(),
  to: dateSchema.optional(),
});
export type CascadeAlarmListQuery = z.infer<typeof cascadeAlarmListQuerySchema>;

/** The tenant's partitions at a glance (GIS view and the full-screen leakage view). */
export const cascadeOverviewSchema = z.object({
  timeZone: z.string(),
  partitions: z.number().int(),
  points: z.number().int(),
  /** the deepest level of any partition */
  levels: z.number().int(),
  summaryMeters: z.number().int(),
  subMeters: z.number().int(),
  /** the current month so far, all partitions' roots added up */
  month: periodBalanceSchema,
  yesterday: dailyFigureSchema,
  dayBefore: dailyFigureSchema,
  /** the last seven finished days */
  trend: z.array(dailyFigureSchema),
  /** the ten highest leakage rates of the last 30 finished days */
  ranking: z.array(rankingRowSchema),
  alarmCounts: z.array(z.object({ kind: cascadeAlarmKindSchema, count: z.number().int() })),
  latestAlarms: z.array(cascadeAlarmViewSchema),
  /** each partition's current-month figures (its root point), for the map */
  partitionFigures: z.array(
    z.object({
      partitionId: z.string(),
      name: z.string(),
      boundary: boundarySchema.nullable(),
      supply: z.number().nullable(),
      leakage: z.number().nullable(),
      leakageRate: z.number().nullable(),
      unknown: unknownReasonSchema.nullable(),
    }),
  ),
});
export type CascadeOverview = z.infer<typeof cascadeOverviewSchema>;

// ---- Events ------------------------------------------------------------------------------------------

const meterRef = z.object({ meterId: z.uuid(), meterNo: z.string() });
const pointData = {
  partitionId: z.uuid(),
  pointId: z.uuid(),
  name: z.string(),
  leaderName: z.string(),
  leaderPhone: z.string(),
  thresholds: cascadeThresholdsSchema,
};

export const cascadeEventSchemas = {
  CascadePartitionCreated: {
    schemaVersion: 1,
    data: z.object({
      ...pointData,
      tenantId: z.uuid(),
      boundary: boundarySchema.nullable(),
      createdAt: z.iso.datetime(),
    }),
  },
  CascadePartitionChanged: {
    schemaVersion: 1,
    data: z.object({ ...pointData, boundary: boundarySchema.nullable() }),
  },
  CascadePartitionDeleted: {
    schemaVersion: 1,
    data: z.object({ partitionId: z.uuid(), deletedAt: z.iso.datetime() }),
  },
  CascadePointAdded: {
    schemaVersion: 1,
    data: z.object({ ...pointData, parentId: z.uuid(), level: z.number().int() }),
  },
  CascadePointChanged: { schemaVersion: 1, data: z.object(pointData) },
  CascadePointsDeleted: {
    schemaVersion: 1,
    data: z.object({ partitionId: z.uuid(), pointIds: z.array(z.uuid()).min(1) }),
  },
  CascadeSummaryMeterAssociated: {
    schemaVersion: 1,
    data: z.object({ partitionId: z.uuid(), pointId: z.uuid(), meter: meterRef }),
  },
  CascadeSubMetersAssociated: {
    schemaVersion: 1,
    data: z.object({ partitionId: z.uuid(), pointId: z.uuid(), meters: z.array(meterRef).min(1) }),
  },
  CascadeSubMetersRemoved: {
    schemaVersion: 1,
    data: z.object({ partitionId: z.uuid(), pointId: z.uuid(), meterIds: z.array(z.uuid()).min(1) }),
  },
  CascadeMeterPositionsSet: {
    schemaVersion: 1,
    data: z.object({
      partitionId: z.uuid(),
      positions: z.array(z.object({ meterNo: z.string(), coordinates: positionSchema })),
    }),
  },
  /** One per point, kind and local day: its stream is named by them, so a second one is refused. */
  CascadeAlarmRaised: {
    schemaVersion: 1,
    data: z.object({
      alarmId: z.uuid(),
      partitionId: z.uuid(),
      pointId: z.uuid(),
      kind: cascadeAlarmKindSchema,
      day: z.iso.date(),
      /** The figure; for a leak, its size above the baseline (m3/h), and `day` its estimated start. */
      value: z.number(),
      /** The threshold; for a leak, the margin it passed (m3/h). */
      threshold: z.number(),
      trend: z.number().nullable(),
      raisedAt: z.iso.datetime(),
      /** A leak: the night flow before it (m3/h). */
      baseline: z.number().optional(),
    }),
  },
  /** A leak's night flow is back at its baseline: the alarm closes itself. */
  CascadeAlarmRepaired: {
    schemaVersion: 1,
    data: z.object({ alarmId: z.uuid(), repairedDay: z.iso.date(), at: z.iso.datetime() }),
  },
  /** A user has dealt with the alarm (spec section 3 Alarm status). */
  CascadeAlarmProcessed: {
    schemaVersion: 1,
    data: z.object({ alarmId: z.uuid(), processedAt: z.iso.datetime() }),
  },
  /** The tenant's holidays, the whole list (stream `cascadeCalendar-<tenantId>`). */
  CascadeHolidaysSet: { schemaVersion: 1, data: cascadeHolidaysSchema },
};
