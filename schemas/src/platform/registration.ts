import { z } from 'zod';
import { pageQuerySchema } from '../api.ts';
import { deptNameSchema, nickNameSchema, phoneSchema, recoveryCodeBodySchema } from '../identity/index.ts';
import { tenantNameSchema } from './tenants.ts';

/** A dial code in front of the phone number (spec section 9: the carriers' area codes). */
export const areaCodeSchema = z.string().regex(/^\+\d{1,4}$/, 'validation.invalidFormat');

/** A one-time code sent to a phone that wants to register an experience (trial) account. */
export const registerCodeBodySchema = z.object({
  purpose: z.literal('register'),
  areaCode: areaCodeSchema.default('+86'),
  phone: phoneSchema,
});

/** POST /system/msg/send: one route, the purpose says what the code is for. */
export const msgSendBodySchema = z.discriminatedUnion('purpose', [
  recoveryCodeBodySchema,
  registerCodeBodySchema,
]);
export type MsgSendBody = z.input<typeof msgSendBodySchema>;

export const verificationCodeSchema = z.string().regex(/^\d{6}$/, 'validation.code');

/** POST /system/msg/check: is this code right for this phone (a wrong one counts towards the tries)? */
export const msgCheckBodySchema = z.object({
  purpose: z.literal('register'),
  phone: phoneSchema,
  code: verificationCodeSchema,
});
export type MsgCheckBody = z.input<typeof msgCheckBodySchema>;

/**
 * The experience-account registration page (spec section 2): company, contact name, department, phone
 * and the SMS code. The administrator gets a random initial password, shown once, changed at first login.
 */
export const registerBodySchema = z.object({
  companyName: tenantNameSchema,
  nickName: nickNameSchema,
  deptName: deptNameSchema,
  areaCode: areaCodeSchema.default('+86'),
  phone: phoneSchema,
  code: verificationCodeSchema,
});
export type RegisterBody = z.input<typeof registerBodySchema>;

export const registeredSchema = z.object({
  tenantId: z.uuid(),
  tenantName: z.string(),
  userName: z.string(),
  initialPassword: z.string(),
  trialDaysLeft: z.number().int(),
});
export type Registered = z.infer<typeof registeredSchema>;

/** A message of the outbox (the default SMS provider), as operators list it: its codes masked. */
export const outboxMessageSchema = z.object({
  messageId: z.string(),
  tenantId: z.string(),
  channel: z.enum(['email', 'sms']),
  recipient: z.string(),
  text: z.string(),
  queuedAt: z.string(),
});
export type OutboxMessage = z.infer<typeof outboxMessageSchema>;

/** One message's clear text, answered by an explicit reveal that the operation log records. */
export const outboxTextSchema = z.object({ messageId: z.string(), text: z.string() });

export const outboxListQuerySchema = pageQuerySchema.extend({
  recipient: z.string().max(200).optional(),
  channel: z.enum(['sms', 'email']).optional(),
});

const eventSchema = <T extends z.ZodType>(data: T) => ({ schemaVersion: 1, data });

export const registrationEventSchemas = {
  /** A code for a phone (no account yet): the phone's stream holds its codes. */
  PhoneCodeIssued: eventSchema(
    z.object({
      codeId: z.uuid(),
      purpose: z.literal('register'),
      phone: phoneSchema,
      codeHash: z.string(),
      issuedAt: z.iso.datetime({ offset: true }),
      expiresAt: z.iso.datetime({ offset: true }),
    }),
  ),
  /** A wrong code was tried: it counts towards the tries of the code. */
  PhoneCodeFailed: eventSchema(z.object({ codeId: z.uuid() })),
  /** The right code was used (a registration): it cannot be used again. */
  PhoneCodeUsed: eventSchema(z.object({ codeId: z.uuid() })),
  /** A code was sent at the request of this address (the per-address limit counts these). */
  SmsQuotaTaken: eventSchema(z.object({ ip: z.string().max(64), at: z.iso.datetime({ offset: true }) })),
};
