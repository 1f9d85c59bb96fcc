import { z } from 'zod';
import { REMARK_MAX } from './concentrators.ts';
import { powerSupplySchema, remoteCommunicationSchema } from './flow-meters.ts';

/**
 * Pressure meters (spec sections 3, 4, 5 and 9 "Devices"): pressure loggers of the network. Like a flow meter, a
 * pressure meter is a meter of the meter registry (its device number is the meter number its gateway reports),
 * so its pressures come through the gateway protocol into the readings read models; this record adds the
 * device's own fields and limits.
 */

/** Device number: numeric, at most 20 digits. */
export const PRESSURE_DEVICE_NUMBER_PATTERN = /^\d{1,20}$/;
/** RTU address: 10 to 20 digits. */
export const PRESSURE_RTU_ADDRESS_PATTERN = /^\d{10,20}$/;
/** Trend windows of the pressure trend, days. */
export const PRESSURE_TREND_DAYS = [7, 30] as const;

/** Data source (spec section 9): 0 RTU-SL, 1 pressure sensor YZJ. */
export const pressureDataSourceSchema = z.union([z.literal(0), z.literal(1)], 'validation.required');
export const PRESSURE_DATA_SOURCES = [0, 1] as const;
/** The catalogue name of each data source. */
export const PRESSURE_DATA_SOURCE_NAMES = { 0: 'rtuSl', 1: 'yzj' } as const;
/** State (spec section 4), from the latest pressure against the limits; unknown without data. */
export const pressureStateSchema = z.enum(['normal', 'alarm', 'unknown']);
export type PressureState = z.infer<typeof pressureStateSchema>;
export const PRESSURE_STATES = pressureStateSchema.options;

const requiredText = (max: number) =>
  z.string('validation.required').trim().min(1, 'validation.required').max(max, 'validation.tooLong');
/** A pressure, MPa. */
const pressureSchema = z
  .number('validation.required')
  .min(0, 'validation.tooSmall')
  .max(100, 'validation.tooBig');

export const pressureRtuAddressSchema = z
  .string('validation.pressureMeter.rtuAddress')
  .regex(PRESSURE_RTU_ADDRESS_PATTERN, 'validation.pressureMeter.rtuAddress');
export const pressureDeviceNumberSchema = z
  .string('validation.pressureMeter.deviceNumber')
  .regex(PRESSURE_DEVICE_NUMBER_PATTERN, 'validation.pressureMeter.deviceNumber');

/** The fields an edit may change (the device number is the meter's identity towards gateways). */
export const pressureMeterFieldsSchema = z.object({
  monitoringSite: requiredText(REMARK_MAX),
  rtuAddress: pressureRtuAddressSchema,
  sensorNumber: z.string().trim().max(50, 'validation.tooLong').default(''),
  dataSource: pressureDataSourceSchema,
  communicationMode: remoteCommunicationSchema,
  powerSupplyMode: powerSupplySchema,
  upperLimit: pressureSchema,
  lowerLimit: pressureSchema,
  longitude: z.number('validation.required').min(-180, 'validation.tooSmall').max(180, 'validation.tooBig'),
  latitude: z.number('validation.required').min(-90, 'validation.tooSmall').max(90, 'validation.tooBig'),
  address: requiredText(REMARK_MAX),
  installationTime: z.iso.date('validation.date').nullable().default(null),
});
export type PressureMeterFields = z.infer<typeof pressureMeterFieldsSchema>;
export type PressureMeterFieldsInput = z.input<typeof pressureMeterFieldsSchema>;

/** The limits' order under the lower limit's field, before any command (the decider holds the same rule). */
const limitsInOrder = <T extends z.ZodType<{ lowerLimit: number; upperLimit: number }>>(schema: T) =>
  schema.refine((v) => v.lowerLimit < v.upperLimit, {
    path: ['lowerLimit'],
    message: 'validation.pressureMeter.limits',
  });

export const pressureMeterBodySchema = limitsInOrder(
  pressureMeterFieldsSchema.extend({
    deviceNumber: pressureDeviceNumberSchema,
    /** The meter type a new device number is registered with (its report interval sets the gap rules). */
    meterTypeId: z.uuid('validation.required'),
  }),
);
export type PressureMeterBody = z.infer<typeof pressureMeterBodySchema>;

export const updatePressureMeterBodySchema = limitsInOrder(
  pressureMeterFieldsSchema.extend({ pressureMeterId: z.uuid(), version: z.number().int().min(0) }),
);
export type UpdatePressureMeterBody = z.infer<typeof updatePressureMeterBodySchema>;

export const pressureMeterViewSchema = pressureMeterFieldsSchema.extend({
  /** The meter's id in the registry. */
  pressureMeterId: z.uuid(),
  deviceNumber: z.string(),
  meterTypeId: z.string(),
  meterTypeName: z.string(),
  /** The latest pressure, MPa, and when it was collected. */
  pressure: z.number().nullable(),
  collectionTime: z.string().nullable(),
  state: pressureStateSchema,
  createTime: z.string(),
  updateTime: z.string().nullable(),
  version: z.number().int(),
});
export type PressureMeterView = z.infer<typeof pressureMeterViewSchema>;

export const pressureMeterListQuerySchema = z.object({
  /** Device number or RTU address containing it. */
  deviceNumber: z.string().trim().max(20).optional(),
  monitoringSite: z.string().trim().max(REMARK_MAX).optional(),
  state: pressureStateSchema.optional(),
});
export type PressureMeterListQuery = z.infer<typeof pressureMeterListQuerySchema>;

/** Without a day, the tenant's today: the browser's own day can be another one. */
export const pressureAnalysisQuerySchema = z.object({ day: z.iso.date('validation.date').optional() });
/** Single-point analysis: a local day's pressure curve against the limits. */
export const pressureAnalysisSchema = z.object({
  day: z.string(),
  /** The tenant's time zone, which sets the day's bounds and the hours its chart shows. */
  timeZone: z.string(),
  upperLimit: z.number(),
  lowerLimit: z.number(),
  points: z.array(z.object({ ts: z.string(), pressure: z.number() })),
  min: z.number().nullable(),
  max: z.number().nullable(),
  mean: z.number().nullable(),
  /** Minutes of the day during which the last reported pressure was outside the limits. */
  minutesOutOfRange: z.number(),
});
export type PressureAnalysis = z.infer<typeof pressureAnalysisSchema>;

export const pressureTrendQuerySchema = z.object({
  days: z.coerce
    .number()
    .int()
    .refine((days) => (PRESSURE_TREND_DAYS as readonly number[]).includes(days), 'validation.invalidValue'),
});
/** The pressure trend: per local day, the minimum, maximum and mean pressure (null on a day without data). */
export const pressureTrendSchema = z.object({
  upperLimit: z.number(),
  lowerLimit: z.number(),
  days: z.array(
    z.object({
      day: z.string(),
      min: z.number().nullable(),
      max: z.number().nullable(),
      mean: z.number().nullable(),
    }),
  ),
});
export type PressureTrend = z.infer<typeof pressureTrendSchema>;

export const pressureMeterEventSchemas = {
  PressureMeterRegistered: {
    schemaVersion: 1,
    data: pressureMeterFieldsSchema.extend({
      pressureMeterId: z.uuid(),
      tenantId: z.uuid(),
      deviceNumber: z.string(),
      createdAt: z.iso.datetime(),
    }),
  },
  PressureMeterChanged: {
    schemaVersion: 1,
    data: pressureMeterFieldsSchema.extend({ pressureMeterId: z.uuid(), changedAt: z.iso.datetime() }),
  },
  /** The device record goes; its meter and readings stay in the registry. */
  PressureMeterDeleted: { schemaVersion: 1, data: z.object({ pressureMeterId: z.uuid() }) },
};
