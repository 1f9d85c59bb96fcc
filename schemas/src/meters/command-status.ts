import { z } from 'zod';

/** The kinds and statuses of downlink commands, and a valve command as every valve state shows it. */

export const meterCommandKindSchema = z.enum(['valveOpen', 'valveClose', 'keyUpdate']);
export type MeterCommandKind = z.infer<typeof meterCommandKindSchema>;

/**
 * Spec section 4: valve operations are sending, success or fail; key updates are executing, resend,
 * timeout or resend successful (and success when the first attempt is acknowledged).
 */
export const meterCommandStatusSchema = z.enum([
  'sending',
  'success',
  'fail',
  'executing',
  'resend',
  'timeout',
  'resendSuccess',
]);
export type MeterCommandStatus = z.infer<typeof meterCommandStatusSchema>;

/** Why a command failed: the gateway answered fail, or it timed out with or without a gateway holding it. */
export const commandFailureSchema = z.enum(['gatewayFail', 'noAck', 'notPickedUp']);
export type CommandFailure = z.infer<typeof commandFailureSchema>;

/**
 * The latest valve command of a meter, beside its reported valve wherever a valve state is shown: what was
 * commanded and when, how far it got, and why it failed.
 */
export const valveCommandViewSchema = z.object({
  commandId: z.uuid(),
  meterId: z.uuid(),
  kind: z.enum(['valveOpen', 'valveClose']),
  status: meterCommandStatusSchema,
  issuedAt: z.string(),
  /** When the status last changed (the gateway's answer or the timeout). */
  updatedAt: z.string(),
  failure: commandFailureSchema.nullable(),
  /** The gateway's own words with its answer. */
  detail: z.string().nullable(),
});
export type ValveCommandView = z.infer<typeof valveCommandViewSchema>;
