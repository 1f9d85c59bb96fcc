import { z } from 'zod';
import { amountSchema, hasTwoDecimals } from '../customers/index.ts';
import type { MessageKey } from '../messages/index.ts';
import { isoDaySchema } from './price-schemes.ts';

/**
 * Surcharge schemes and their charging items, and personal surcharges (spec sections 3, 4, 5 "Surcharges
 * and debts"). Forms and bodies speak in amounts with two decimals and rates in %; the events keep cents
 * and basis points, converted once by the surcharge scheme decider.
 */

export const SURCHARGE_SCHEME_NAME_MAX = 100;
export const CHARGING_ITEM_NAME_MAX = 50;
/** The items' total deduction ratio, in %: at most this. */
export const TOTAL_DEDUCTION_RATIO_MAX = 100;

export const feeTypeSchema = z.enum(['system', 'personal']);
export type FeeType = z.infer<typeof feeTypeSchema>;
export const FEE_TYPES = feeTypeSchema.options;
/** A percentage of the payment amount, a fixed amount, or an amount per count (per m³ when per volume). */
export const deductionMethodSchema = z.enum(['percentage', 'fixed', 'perCount']);
export type DeductionMethod = z.infer<typeof deductionMethodSchema>;
export const DEDUCTION_METHODS = deductionMethodSchema.options;
export const deductionFrequencySchema = z.enum(['day', 'month', 'year', 'volume']);
export type DeductionFrequency = z.infer<typeof deductionFrequencySchema>;
export const DEDUCTION_FREQUENCIES = deductionFrequencySchema.options;
/** RuoYi's status: '0' enabled, '1' disabled. */
export const surchargeStatusSchema = z.enum(['0', '1']);
export type SurchargeStatus = z.infer<typeof surchargeStatusSchema>;

/** A rate in %: at least 0, at most two decimals. */
const percentSchema = z
  .number('validation.invalidType')
  .min(0, 'validation.surcharge.ratio')
  .refine(hasTwoDecimals, { message: 'validation.twoDecimals' });

export const chargingItemBodySchema = z.object({
  /** Absent on a new item; an item keeps its id while its scheme is edited. */
  chargingItemId: z.uuid().optional(),
  name: z
    .string()
    .trim()
    .min(1, 'validation.required')
    .max(CHARGING_ITEM_NAME_MAX, 'validation.surcharge.itemName'),
  feeType: feeTypeSchema,
  deductionMethod: deductionMethodSchema,
  /** In % of the payment amount (percentage items). */
  deductionRatio: percentSchema.max(TOTAL_DEDUCTION_RATIO_MAX, 'validation.surcharge.ratio').default(0),
  /** The amount per period or per count (fixed and per-count items). */
  deductionAmount: amountSchema.max(999_999, 'validation.priceScheme.maximum').default(0),
  deductionFrequency: deductionFrequencySchema,
  enabledDate: isoDaySchema,
  /** In %, 0 up to (not including) 100. */
  vatRate: percentSchema.lt(100, 'validation.surcharge.vatRate').default(0),
});
export type ChargingItemBody = z.input<typeof chargingItemBodySchema>;
export type ChargingItemInput = z.output<typeof chargingItemBodySchema>;

export interface SurchargeIssue {
  path: (string | number)[];
  message: MessageKey;
}

/** The ratio that counts towards the 100%: a percentage item's. */
const ratioOf = (item: { deductionMethod: DeductionMethod; deductionRatio: number }) =>
  item.deductionMethod === 'percentage' ? Math.round(item.deductionRatio * 100) : 0;

/** The items' total deduction ratio is at most 100% (spec section 5); in basis points, so no float sums. */
export function totalRatioExceeded(
  items: readonly { deductionMethod: DeductionMethod; deductionRatio: number }[],
): boolean {
  return items.reduce((sum, item) => sum + ratioOf(item), 0) > TOTAL_DEDUCTION_RATIO_MAX * 100;
}

/**
 * The rules across the items of a scheme: names unique among them, the total deduction ratio at most 100%.
 * The form, the API body and the decider apply this one list.
 */
export function surchargeSchemeIssues(scheme: {
  items: readonly Pick<ChargingItemInput, 'name' | 'deductionMethod' | 'deductionRatio'>[];
}): SurchargeIssue[] {
  const issues: SurchargeIssue[] = [];
  const seen = new Set<string>();
  scheme.items.forEach((item, i) => {
    const name = item.name.trim().toLowerCase();
    if (seen.has(name)) issues.push({ path: ['items', i, 'name'], message: 'error.chargingItem.nameExists' });
    seen.add(name);
  });
  if (totalRatioExceeded(scheme.items))
    issues.push({ path: ['items'], message: 'validation.surcharge.totalRatio' });
  return issues;
}

const withRules = (scheme: Parameters<typeof surchargeSchemeIssues>[0], ctx: z.RefinementCtx) => {
  for (const issue of surchargeSchemeIssues(scheme)) ctx.addIssue({ code: 'custom', ...issue });
};

const surchargeSchemeFields = z.object({
  name: z
    .string()
    .trim()
    .min(1, 'validation.required')
    .max(SURCHARGE_SCHEME_NAME_MAX, 'validation.surcharge.name'),
  status: surchargeStatusSchema.default('0'),
  items: z.array(chargingItemBodySchema).min(1, 'validation.surcharge.items').max(50, 'validation.tooBig'),
});
export const surchargeSchemeBodySchema = surchargeSchemeFields.superRefine(withRules);
export type SurchargeSchemeBody = z.input<typeof surchargeSchemeBodySchema>;
export type SurchargeSchemeInput = z.output<typeof surchargeSchemeBodySchema>;
export const updateSurchargeSchemeBodySchema = surchargeSchemeFields
  .extend({ surchargeSchemeId: z.uuid() })
  .superRefine(withRules);
export type UpdateSurchargeSchemeBody = z.input<typeof updateSurchargeSchemeBodySchema>;

/** A charging item as the events keep it: cents and basis points. */
export const chargingItemSchema = z.object({
  chargingItemId: z.uuid(),
  name: z.string(),
  feeType: feeTypeSchema,
  deductionMethod: deductionMethodSchema,
  deductionRatioBasisPoints: z.number().int().min(0).max(10_000),
  deductionAmountCents: z.number().int().min(0),
  deductionFrequency: deductionFrequencySchema,
  enabledDate: isoDaySchema,
  vatRateBasisPoints: z.number().int().min(0).max(9_999),
});
export type ChargingItem = z.infer<typeof chargingItemSchema>;

export const chargingItemViewSchema = chargingItemBodySchema.extend({
  chargingItemId: z.string(),
  deductionRatio: z.number(),
  deductionAmount: z.number(),
  vatRate: z.number(),
});
export type ChargingItemView = z.infer<typeof chargingItemViewSchema>;

export const surchargeSchemeViewSchema = z.object({
  surchargeSchemeId: z.string(),
  name: z.string(),
  status: surchargeStatusSchema,
  items: z.array(chargingItemViewSchema),
  itemCount: z.number().int(),
  /** Accounts bound to one of its items: a scheme in use is not disabled or deleted. */
  accountCount: z.number().int(),
  createTime: z.string(),
  updateTime: z.string().nullable(),
  version: z.number().int(),
});
export type SurchargeSchemeView = z.infer<typeof surchargeSchemeViewSchema>;

export const surchargeSchemeListQuerySchema = z.object({
  name: z.string().trim().max(SURCHARGE_SCHEME_NAME_MAX).optional(),
  status: surchargeStatusSchema.optional(),
});
export type SurchargeSchemeListQuery = z.infer<typeof surchargeSchemeListQuerySchema>;

/** A charging item as a person reads it (the exact integers divided once). */
export function chargingItemView(item: ChargingItem): ChargingItemView {
  return {
    chargingItemId: item.chargingItemId,
    name: item.name,
    feeType: item.feeType,
    deductionMethod: item.deductionMethod,
    deductionRatio: item.deductionRatioBasisPoints / 100,
    deductionAmount: item.deductionAmountCents / 100,
    deductionFrequency: item.deductionFrequency,
    enabledDate: item.enabledDate,
    vatRate: item.vatRateBasisPoints / 100,
  };
}

/**
 * The trial calculation of surcharges: a saved scheme or unsaved items, a payment amount and a purchased
 * volume. Nothing is saved.
 */
export const surchargeTrialBodySchema = z
  .object({
    surchargeSchemeId: z.uuid().optional(),
    items: z.array(chargingItemBodySchema).min(1, 'validation.surcharge.items').optional(),
    amount: amountSchema,
    volume: z
      .number('validation.invalidType')
      .min(0, 'validation.tooSmall')
      .max(999_999, 'validation.priceScheme.maximum')
      .default(0),
  })
  .refine((b) => (b.surchargeSchemeId === undefined) !== (b.items === undefined), {
    message: 'validation.surcharge.trialScheme',
    path: ['surchargeSchemeId'],
  });
export type SurchargeTrialBody = z.input<typeof surchargeTrialBodySchema>;

export const surchargeTrialLineSchema = z.object({
  name: z.string(),
  deductionMethod: deductionMethodSchema,
  net: z.number(),
  vatRate: z.number(),
  vat: z.number(),
  total: z.number(),
});
export const surchargeTrialSchema = z.object({
  lines: z.array(surchargeTrialLineSchema),
  net: z.number(),
  vat: z.number(),
  total: z.number(),
});
export type SurchargeTrial = z.infer<typeof surchargeTrialSchema>;

/** A surcharge line as the events keep it: cents and basis points. */
export interface SurchargeLineCents {
  name: string;
  deductionMethod: DeductionMethod;
  netCents: number;
  vatRateBasisPoints: number;
  vatCents: number;
}

/** Surcharge lines as a person reads them (a trial calculation, or a bill's surcharges), with their sums. */
export function surchargeTrialOf(lines: readonly SurchargeLineCents[]): SurchargeTrial {
  const money = (cents: number) => cents / 100;
  const net = lines.reduce((sum, line) => sum + line.netCents, 0);
  const vat = lines.reduce((sum, line) => sum + line.vatCents, 0);
  return {
    lines: lines.map((line) => ({
      name: line.name,
      deductionMethod: line.deductionMethod,
      net: money(line.netCents),
      vatRate: line.vatRateBasisPoints / 100,
      vat: money(line.vatCents),
      total: money(line.netCents + line.vatCents),
    })),
    net: money(net),
    vat: money(vat),
    total: money(net + vat),
  };
}

// ---- Personal surcharges ---------------------------------------------------------------------------------

/** Charging items bound to one account. */
export const personalSurchargeBodySchema = z.object({
  customerId: z.uuid('validation.required'),
  chargingItemIds: z.array(z.uuid()).min(1, 'validation.surcharge.items').max(50, 'validation.tooBig'),
});
export type PersonalSurchargeBody = z.input<typeof personalSurchargeBodySchema>;
export const updatePersonalSurchargeBodySchema = personalSurchargeBodySchema.extend({
  personalSurchargeId: z.uuid(),
});
export type UpdatePersonalSurchargeBody = z.input<typeof updatePersonalSurchargeBodySchema>;

export const personalSurchargeViewSchema = z.object({
  personalSurchargeId: z.string(),
  customerId: z.string(),
  accountNo: z.string().nullable(),
  customerName: z.string().nullable(),
  items: z.array(
    chargingItemViewSchema.extend({ surchargeSchemeId: z.string(), surchargeSchemeName: z.string() }),
  ),
  createTime: z.string(),
});
export type PersonalSurchargeView = z.infer<typeof personalSurchargeViewSchema>;

export const personalSurchargeListQuerySchema = z.object({
  accountNo: z.string().trim().max(50).optional(),
});
export type PersonalSurchargeListQuery = z.infer<typeof personalSurchargeListQuerySchema>;

/** A charging item to bind to an account: the items of enabled schemes. */
export const chargingItemOptionSchema = z.object({
  chargingItemId: z.string(),
  name: z.string(),
  surchargeSchemeName: z.string(),
  feeType: feeTypeSchema,
});
export type ChargingItemOption = z.infer<typeof chargingItemOptionSchema>;
