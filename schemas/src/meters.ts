import { z } from 'zod';
import { meterNoSchema } from './ingest.ts';

/**
 * Meter types and meters: the registry readings are matched against. The customer side (accounts, opening,
 * replacement, moves) builds on these events.
 */

export const communicationSchema = z.enum(['nbiot', 'lorawan', 'wmbus', 'walkBy', 'manual']);
export const cardKindSchema = z.enum(['none', 'ic', 'e55', 'sts']);
export const billingModeSchema = z.enum(['prepaid', 'postpaid']);

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

export const meterBodySchema = z.object({
  meterNo: meterNoSchema,
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
  initialReading: z.number().nonnegative().default(0),
  /** Where the meter is (for maps). */
  lng: z.number().min(-180).max(180).optional(),
  lat: z.number().min(-90).max(90).optional(),
});
export type MeterBody = z.input<typeof meterBodySchema>;

export const meterEventSchemas = {
  MeterTypeCreated: {
    schemaVersion: 1,
    data: z.object({ meterTypeId: z.uuid(), tenantId: z.uuid(), ...meterTypeBodySchema.shape }),
  },
  MeterRegistered: {
    schemaVersion: 1,
    data: z.object({
      meterId: z.uuid(),
      tenantId: z.uuid(),
      ...meterBodySchema.shape,
      registeredAt: z.iso.datetime(),
    }),
  },
};
