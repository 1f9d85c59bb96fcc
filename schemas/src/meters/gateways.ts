import { z } from 'zod';

/** Gateways and concentrators as the back office registers them; each gets the key it calls `/ingest/v1` with. */

export const gatewayKindSchema = z.enum(['gateway', 'concentrator']);
export type GatewayKind = z.infer<typeof gatewayKindSchema>;

export const gatewayBodySchema = z.object({
  name: z.string().trim().min(1, 'validation.required').max(50, 'validation.tooLong'),
  kind: gatewayKindSchema,
  manufacturer: z.string().trim().max(50, 'validation.tooLong').optional(),
  remark: z.string().trim().max(200, 'validation.tooLong').optional(),
});
export type GatewayBody = z.infer<typeof gatewayBodySchema>;

export const gatewayStatusSchema = z.enum(['active', 'revoked']);

export const gatewayViewSchema = z.object({
  gatewayId: z.uuid(),
  name: z.string(),
  kind: gatewayKindSchema,
  manufacturer: z.string().nullable(),
  remark: z.string().nullable(),
  status: gatewayStatusSchema,
  /** The key's first characters, to tell keys apart; the key itself is shown once. */
  keyPrefix: z.string(),
  createTime: z.string(),
  keyRotatedAt: z.string().nullable(),
  lastSeenAt: z.string().nullable(),
  /** Meters whose latest reading came through this gateway. */
  meterCount: z.number().int(),
  online: z.boolean(),
  /** When it last came online or went offline; null while it never uploaded. */
  statusChangedAt: z.string().nullable(),
  version: z.number().int(),
});
export type GatewayView = z.infer<typeof gatewayViewSchema>;

export const gatewayKeySchema = z.object({ gatewayId: z.uuid(), key: z.string() });

export const gatewayListQuerySchema = z.object({
  name: z.string().max(50).optional(),
  kind: gatewayKindSchema.optional(),
  status: gatewayStatusSchema.optional(),
});
