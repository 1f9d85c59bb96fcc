import { z } from 'zod';

/**
 * Concentrators (spec sections 3, 4 and 5 "Devices"): the gateways of the ingest protocol of kind
 * 'concentrator', seen as the device pages show them. One registry: a concentrator's number is its gateway
 * name, and it uploads with its gateway key.
 */

export const CONCENTRATOR_NUMBER_MAX = 50;
export const REMARK_MAX = 100;

/** Spec section 4: online while it uploaded recently, offline otherwise. */
export const communicationStateSchema = z.enum(['online', 'offline']);
export type CommunicationState = z.infer<typeof communicationStateSchema>;
export const COMMUNICATION_STATES = communicationStateSchema.options;

export const concentratorBodySchema = z.object({
  number: z
    .string('validation.required')
    .trim()
    .min(1, 'validation.required')
    .max(CONCENTRATOR_NUMBER_MAX, 'validation.tooLong'),
  manufacturer: z
    .string('validation.required')
    .trim()
    .min(1, 'validation.required')
    .max(50, 'validation.tooLong'),
  remark: z.string().trim().max(REMARK_MAX, 'validation.tooLong').optional(),
});
export type ConcentratorBody = z.infer<typeof concentratorBodySchema>;

export const updateConcentratorBodySchema = concentratorBodySchema.extend({
  concentratorId: z.uuid(),
  version: z.number().int().min(0),
});
export type UpdateConcentratorBody = z.infer<typeof updateConcentratorBodySchema>;

export const concentratorViewSchema = z.object({
  concentratorId: z.uuid(),
  number: z.string(),
  manufacturer: z.string().nullable(),
  remark: z.string().nullable(),
  communication: communicationStateSchema,
  /** Meters whose latest reading came through it: while there is one, it is neither changed nor deleted. */
  meterCount: z.number().int(),
  lastSeenAt: z.string().nullable(),
  createTime: z.string(),
  /** When its communication state last changed; null while it never uploaded. */
  statusChangeTime: z.string().nullable(),
  version: z.number().int(),
});
export type ConcentratorView = z.infer<typeof concentratorViewSchema>;

export const concentratorListQuerySchema = z.object({
  number: z.string().trim().max(CONCENTRATOR_NUMBER_MAX).optional(),
  communication: communicationStateSchema.optional(),
});
export type ConcentratorListQuery = z.infer<typeof concentratorListQuerySchema>;

/** A new concentrator's gateway key, answered once (only its hash is kept). */
export const concentratorKeySchema = z.object({ concentratorId: z.uuid(), key: z.string() });
export type ConcentratorKey = z.infer<typeof concentratorKeySchema>;
