import { z } from 'zod';
import { REMARK_MAX } from './concentrators.ts';

/**
 * Flow meters (spec sections 3, 5 and 9 "Devices"): district and bulk meters of the network. A flow meter is a
 * meter of the meter registry (its meter address is the meter number its gateway reports), so its readings,
 * volumes and partitions are those of every meter; this record adds the device's own fields.
 */

/** RTU address code: exactly 10 digits. */
export const RTU_ADDRESS_PATTERN = /^\d{10}$/;
/** Meter address: 11 to 13 digits. */
export const FLOW_METER_ADDRESS_PATTERN = /^\d{11,13}$/;

export const flowMeterKindSchema = z.enum(['district', 'bulk']);
export type FlowMeterKind = z.infer<typeof flowMeterKindSchema>;
export const FLOW_METER_KINDS = flowMeterKindSchema.options;
export const remoteCommunicationSchema = z.enum(['nbiot', 'cat1', 'lorawan', 'gprs', 'rs485']);
export const REMOTE_COMMUNICATIONS = remoteCommunicationSchema.options;
export const powerSupplySchema = z.enum(['battery', 'mains', 'solar']);
export const POWER_SUPPLIES = powerSupplySchema.options;

export const rtuAddressSchema = z
  .string('validation.flowMeter.rtuAddress')
  .regex(RTU_ADDRESS_PATTERN, 'validation.flowMeter.rtuAddress');
export const flowMeterAddressSchema = z
  .string('validation.flowMeter.meterAddress')
  .regex(FLOW_METER_ADDRESS_PATTERN, 'validation.flowMeter.meterAddress');

/** The fields an edit may change (the meter address is the meter's identity towards gateways). */
export const flowMeterFieldsSchema = z.object({
  kind: flowMeterKindSchema,
  rtuAddress: rtuAddressSchema,
  installationPosition: z
    .string('validation.required')
    .trim()
    .min(1, 'validation.required')
    .max(REMARK_MAX, 'validation.tooLong'),
  /** Nominal diameter DN, mm. */
  caliber: z
    .number('validation.invalidType')
    .int('validation.invalidType')
    .min(10, 'validation.tooSmall')
    .max(3000, 'validation.tooBig'),
  manufacturer: z
    .string('validation.required')
    .trim()
    .min(1, 'validation.required')
    .max(50, 'validation.tooLong'),
  communicationMode: remoteCommunicationSchema,
  powerSupplyMode: powerSupplySchema,
  /** Whether its daily freeze record is calculated. */
  dailyFreeze: z.boolean(),
});
export type FlowMeterFields = z.infer<typeof flowMeterFieldsSchema>;

export const flowMeterBodySchema = flowMeterFieldsSchema.extend({
  meterAddress: flowMeterAddressSchema,
  /** The meter type a new meter address is registered with (its report interval sets the gap rules). */
  meterTypeId: z.uuid('validation.required'),
});
export type FlowMeterBody = z.infer<typeof flowMeterBodySchema>;

export const updateFlowMeterBodySchema = flowMeterFieldsSchema.extend({
  flowMeterId: z.uuid(),
  version: z.number().int().min(0),
});
export type UpdateFlowMeterBody = z.infer<typeof updateFlowMeterBodySchema>;

const nullableNumber = z.number().nullable();

/** The latest reading of a flow meter, with the names of spec section 3. */
export const flowMeterLatestSchema = z.object({
  collectionTime: z.string(),
  instantaneousFlow: nullableNumber,
  forwardTotal: z.number(),
  reverseTotal: nullableNumber,
  pressure1: nullableNumber,
  pressure2: nullableNumber,
  battery: nullableNumber,
  signal: nullableNumber,
});
export type FlowMeterLatest = z.infer<typeof flowMeterLatestSchema>;

export const flowMeterViewSchema = flowMeterFieldsSchema.extend({
  /** The meter's id in the registry. */
  flowMeterId: z.uuid(),
  meterAddress: z.string(),
  meterTypeId: z.string(),
  meterTypeName: z.string(),
  latest: flowMeterLatestSchema.nullable(),
  createTime: z.string(),
  updateTime: z.string().nullable(),
  version: z.number().int(),
});
export type FlowMeterView = z.infer<typeof flowMeterViewSchema>;

export const flowMeterListQuerySchema = z.object({
  /** Meter or RTU address containing it. */
  address: z.string().trim().max(13).optional(),
  kind: flowMeterKindSchema.optional(),
  installationPosition: z.string().trim().max(REMARK_MAX).optional(),
});
export type FlowMeterListQuery = z.infer<typeof flowMeterListQuerySchema>;

export const flowMeterEventSchemas = {
  FlowMeterRegistered: {
    schemaVersion: 1,
    data: flowMeterFieldsSchema.extend({
      flowMeterId: z.uuid(),
      tenantId: z.uuid(),
      meterAddress: z.string(),
      createdAt: z.iso.datetime(),
    }),
  },
  FlowMeterChanged: {
    schemaVersion: 1,
    data: flowMeterFieldsSchema.extend({ flowMeterId: z.uuid(), changedAt: z.iso.datetime() }),
  },
  /** The device record goes; its meter and readings stay in the registry. */
  FlowMeterDeleted: { schemaVersion: 1, data: z.object({ flowMeterId: z.uuid() }) },
};
