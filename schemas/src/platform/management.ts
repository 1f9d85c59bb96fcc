import { z } from 'zod';
import { pageQuerySchema } from '../api.ts';
import { positiveAmountSchema } from '../customers/index.ts';

/**
 * Platform management (spec sections 2, 3 and 9): mobile carriers, regions, third-party platforms and
 * agents with their accounts. Bodies, views and events.
 */

const name = (max: number) => z.string().trim().min(1, 'validation.required').max(max, 'validation.tooLong');
const optionalText = (max: number) => z.string().trim().max(max, 'validation.tooLong').optional();
const eventSchema = <T extends z.ZodType>(data: T) => ({ schemaVersion: 1, data });

// ---- Mobile carriers -------------------------------------------------------------------------------------

/** Spec section 5: carrier name and text message length are required. */
export const carrierBodySchema = z.object({
  carrierName: name(50),
  /** ISO 3166-1 alpha-2 code of the country (the shared country table). */
  country: z
    .string()
    .trim()
    .regex(/^[A-Z]{2}$/, 'validation.invalidFormat'),
  /** Dial code with its plus sign, e.g. +86. */
  areaCode: z
    .string()
    .trim()
    .regex(/^\+\d{1,4}(-\d{1,4})?$/, 'validation.invalidFormat'),
  /** Characters one text message holds. */
  smsLength: z.number({ error: 'validation.required' }).int().min(1).max(1000),
  remark: optionalText(200),
});
export type CarrierBody = z.input<typeof carrierBodySchema>;
export const updateCarrierBodySchema = carrierBodySchema.extend({ carrierId: z.uuid() });
export const carrierViewSchema = carrierBodySchema.extend({
  carrierId: z.string(),
  remark: z.string().nullable(),
  createTime: z.string(),
});
export type CarrierView = z.infer<typeof carrierViewSchema>;
export const carrierListQuerySchema = pageQuerySchema.extend({
  carrierName: z.string().max(50).optional(),
  country: z.string().max(2).optional(),
});

// ---- Regions ---------------------------------------------------------------------------------------------

export const regionBodySchema = z.object({
  /** The superior region; null for a top region. */
  parentId: z.uuid().nullable().default(null),
  regionName: name(50),
  orderNum: z.number().int().min(0).max(9999).default(0),
});
export type RegionBody = z.input<typeof regionBodySchema>;
export const updateRegionBodySchema = regionBodySchema.extend({ regionId: z.uuid() });
export const regionViewSchema = z.object({
  regionId: z.string(),
  parentId: z.string().nullable(),
  regionName: z.string(),
  orderNum: z.number().int(),
  childCount: z.number().int(),
  createTime: z.string(),
});
export type RegionView = z.infer<typeof regionViewSchema>;
export const regionListQuerySchema = z.object({ regionName: z.string().max(50).optional() });

// ---- Third-party platforms -------------------------------------------------------------------------------

export const thirdPartyBodySchema = z.object({
  code: z
    .string()
    .trim()
    .min(1, 'validation.required')
    .max(30, 'validation.tooLong')
    .regex(/^[A-Za-z0-9_-]+$/, 'validation.invalidFormat'),
  name: name(50),
});
export type ThirdPartyBody = z.input<typeof thirdPartyBodySchema>;
export const updateThirdPartyBodySchema = thirdPartyBodySchema.extend({ thirdPartyId: z.uuid() });
export const thirdPartyViewSchema = thirdPartyBodySchema.extend({
  thirdPartyId: z.string(),
  rechargeCount: z.number().int(),
  rechargeTotal: z.number(),
  createTime: z.string(),
});
export type ThirdPartyView = z.infer<typeof thirdPartyViewSchema>;
export const thirdPartyListQuerySchema = pageQuerySchema.extend({
  code: z.string().max(30).optional(),
  name: z.string().max(50).optional(),
});
export const thirdPartyRechargeQuerySchema = pageQuerySchema.extend({ thirdPartyId: z.uuid() });

// ---- Agents ----------------------------------------------------------------------------------------------

/** Spec section 9: 0 the one proprietary channel, 1 POS, 2 third party. */
export const purchaseMethodSchema = z.enum(['0', '1', '2']);
export type PurchaseMethod = z.infer<typeof purchaseMethodSchema>;

export const agentRechargeBodySchema = z.object({
  userId: z.uuid(),
  amount: positiveAmountSchema,
  /** The third-party platform the money came through (purchase method third party). */
  thirdPartyId: z.uuid().nullable().default(null),
  remark: optionalText(200),
});
export type AgentRechargeBody = z.input<typeof agentRechargeBodySchema>;
export const agentWithdrawBodySchema = z.object({
  userId: z.uuid(),
  amount: positiveAmountSchema,
  remark: optionalText(200),
});
export type AgentWithdrawBody = z.input<typeof agentWithdrawBodySchema>;
export const agentPurchaseMethodBodySchema = z.object({
  userId: z.uuid(),
  purchaseMethod: purchaseMethodSchema,
});

export const agentViewSchema = z.object({
  userId: z.string(),
  userName: z.string(),
  nickName: z.string(),
  phonenumber: z.string().nullable(),
  roleNames: z.array(z.string()),
  purchaseMethod: purchaseMethodSchema.nullable(),
  balance: z.number(),
  rechargeTotal: z.number(),
  rechargeCount: z.number().int(),
});
export type AgentView = z.infer<typeof agentViewSchema>;
export const agentListQuerySchema = pageQuerySchema.extend({
  userName: z.string().max(30).optional(),
  purchaseMethod: purchaseMethodSchema.optional(),
});

export const agentMovementKindSchema = z.enum(['recharge', 'withdrawal']);
export const agentMovementViewSchema = z.object({
  movementId: z.string(),
  userId: z.string(),
  userName: z.string(),
  kind: agentMovementKindSchema,
  amount: z.number(),
  balanceAfter: z.number(),
  thirdPartyId: z.string().nullable(),
  remark: z.string().nullable(),
  operator: z.string(),
  at: z.string(),
});
export type AgentMovementView = z.infer<typeof agentMovementViewSchema>;
export const agentMovementQuerySchema = pageQuerySchema.extend({ userId: z.uuid() });

export const platformEventSchemas = {
  CarrierSaved: eventSchema(
    z.object({
      carrierId: z.uuid(),
      carrierName: z.string(),
      country: z.string(),
      areaCode: z.string(),
      smsLength: z.number().int(),
      remark: z.string().nullable(),
    }),
  ),
  CarrierDeleted: eventSchema(z.object({ carrierId: z.uuid() })),
  RegionSaved: eventSchema(
    z.object({
      regionId: z.uuid(),
      parentId: z.uuid().nullable(),
      regionName: z.string(),
      orderNum: z.number().int(),
    }),
  ),
  RegionDeleted: eventSchema(z.object({ regionId: z.uuid() })),
  ThirdPartySaved: eventSchema(z.object({ thirdPartyId: z.uuid(), code: z.string(), name: z.string() })),
  ThirdPartyDeleted: eventSchema(z.object({ thirdPartyId: z.uuid() })),
  AgentPurchaseMethodSet: eventSchema(z.object({ userId: z.uuid(), purchaseMethod: purchaseMethodSchema })),
  /** Money the platform credits to an agent's account. */
  AgentRecharged: eventSchema(
    z.object({
      movementId: z.uuid(),
      userId: z.uuid(),
      amount: z.number().positive(),
      thirdPartyId: z.uuid().nullable(),
      remark: z.string().nullable(),
      operator: z.string(),
      at: z.string(),
    }),
  ),
  /** Money leaving an agent's account (a transfer out or a withdrawal). */
  AgentWithdrawn: eventSchema(
    z.object({
      movementId: z.uuid(),
      userId: z.uuid(),
      amount: z.number().positive(),
      remark: z.string().nullable(),
      operator: z.string(),
      at: z.string(),
    }),
  ),
};
