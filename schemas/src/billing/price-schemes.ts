import { z } from 'zod';
import { amountSchema } from '../customers/index.ts';
import type { MessageKey } from '../messages/index.ts';

/**
 * Price schemes (tariffs), spec sections 3 and 5 "Prices". Forms and bodies speak as a person does (m³,
 * amounts with two decimals, a VAT rate in %); the events keep the exact integers the tariff math works on
 * (litres, cents, basis points), converted once by the price scheme decider.
 */

/** The largest volume or price a scheme takes; -1 as a step's end means unlimited. */
export const PRICE_MAXIMUM = 999_999;
export const UNLIMITED = -1;
export const PRICE_SCHEME_NAME_MAX = 20;

export const chargingModelSchema = z.enum(['tiered', 'flat']);
export type ChargingModel = z.infer<typeof chargingModelSchema>;
export const CHARGING_MODELS = chargingModelSchema.options;

/** An ISO day ('YYYY-MM-DD'), as the tenant counts days. */
export const isoDaySchema = z.iso.date('validation.invalidFormat');

const decimals = (places: number) => (n: number) => {
  const scaled = n * 10 ** places;
  return Math.abs(Math.round(scaled) - scaled) < 1e-6;
};
/** A volume of a step in m³: at most three decimals (a litre), at most 999999. */
const stepVolumeSchema = z
  .number('validation.invalidType')
  .min(0, 'validation.priceScheme.volume')
  .max(PRICE_MAXIMUM, 'validation.priceScheme.volume')
  .refine(decimals(3), { message: 'validation.priceScheme.volumeDecimals' });
export const unitPriceSchema = amountSchema
  .max(PRICE_MAXIMUM, 'validation.priceScheme.maximum')
  .refine((n) => n > 0, { message: 'validation.priceScheme.unitPrice' });

export const priceStepSchema = z.object({
  startVolume: stepVolumeSchema,
  endVolume: z.union([z.literal(UNLIMITED), stepVolumeSchema], 'validation.priceScheme.volume'),
  unitPrice: unitPriceSchema,
});
export type PriceStep = z.infer<typeof priceStepSchema>;

const priceSchemeFields = z.object({
  name: z
    .string()
    .trim()
    .min(1, 'validation.required')
    .max(PRICE_SCHEME_NAME_MAX, 'validation.priceScheme.name'),
  accumulationCycle: z
    .number()
    .int('validation.invalidType')
    .min(1, 'validation.tooSmall')
    .max(120, 'validation.tooBig'),
  billingCycle: z
    .number()
    .int('validation.invalidType')
    .min(1, 'validation.tooSmall')
    .max(60, 'validation.tooBig'),
  startTime: isoDaySchema,
  /** In %, 0 up to (not including) 100, at most two decimals. */
  vatRate: z
    .number('validation.invalidType')
    .min(0, 'validation.priceScheme.vatRate')
    .lt(100, 'validation.priceScheme.vatRate')
    .refine(decimals(2), { message: 'validation.twoDecimals' }),
  chargingModel: chargingModelSchema,
  /** A fixed charge per month; 0 for none. */
  standingCharge: amountSchema.max(PRICE_MAXIMUM, 'validation.priceScheme.maximum').default(0),
  steps: z.array(priceStepSchema).min(1, 'validation.priceScheme.steps').max(20, 'validation.tooBig'),
});
type PriceSchemeFields = z.output<typeof priceSchemeFields>;

export interface PriceSchemeIssue {
  path: (string | number)[];
  message: MessageKey;
}

/**
 * The rules across fields of spec section 5 "Prices": the accumulation cycle greater than and a multiple of
 * the billing cycle; each step ends after it starts and starts where the previous one ended (the first at
 * 0); -1 (unlimited) ends the last step and only it; a flat price is one step. The form, the API body and
 * the price scheme decider all apply this one list.
 */
export function priceSchemeIssues(
  scheme: Pick<PriceSchemeFields, 'accumulationCycle' | 'billingCycle' | 'chargingModel' | 'steps'>,
): PriceSchemeIssue[] {
  const issues: PriceSchemeIssue[] = [];
  const { accumulationCycle, billingCycle, steps } = scheme;
  if (accumulationCycle <= billingCycle || accumulationCycle % billingCycle !== 0)
    issues.push({ path: ['accumulationCycle'], message: 'validation.priceScheme.cycles' });
  if (scheme.chargingModel === 'flat' && steps.length !== 1)
    issues.push({ path: ['steps'], message: 'validation.priceScheme.flatOneStep' });
  steps.forEach((step, i) => {
    const last = i === steps.length - 1;
    const previousEnd = i === 0 ? 0 : steps[i - 1]!.endVolume;
    if (step.startVolume !== previousEnd)
      issues.push({ path: ['steps', i, 'startVolume'], message: 'validation.priceScheme.stepStart' });
    if (last !== (step.endVolume === UNLIMITED))
      issues.push({ path: ['steps', i, 'endVolume'], message: 'validation.priceScheme.lastUnlimited' });
    else if (step.endVolume !== UNLIMITED && step.endVolume <= step.startVolume)
      issues.push({ path: ['steps', i, 'endVolume'], message: 'validation.priceScheme.endAfterStart' });
  });
  return issues;
}

const withRules = <T extends Parameters<typeof priceSchemeIssues>[0]>(scheme: T, ctx: z.RefinementCtx) => {
  for (const issue of priceSchemeIssues(scheme)) ctx.addIssue({ code: 'custom', ...issue });
};

export const priceSchemeBodySchema = priceSchemeFields.superRefine(withRules);
export type PriceSchemeBody = z.input<typeof priceSchemeBodySchema>;
export type PriceSchemeInput = z.output<typeof priceSchemeBodySchema>;

/** A price change: the scheme as it is from `effectiveFrom` on (a new version; the earlier ones stay). */
export const updatePriceSchemeBodySchema = priceSchemeFields
  .extend({ priceSchemeId: z.uuid(), effectiveFrom: isoDaySchema })
  .superRefine(withRules);
export type UpdatePriceSchemeBody = z.input<typeof updatePriceSchemeBodySchema>;

/** One version of a scheme's prices, as the events keep it: litres, cents and basis points. */
export const priceVersionSchema = z.object({
  effectiveFrom: isoDaySchema,
  chargingModel: chargingModelSchema,
  steps: z.array(
    z.object({
      startLitres: z.number().int().min(0),
      endLitres: z.number().int().positive().nullable(),
      unitPriceCents: z.number().int().positive(),
    }),
  ),
  standingChargeCents: z.number().int().min(0),
  vatRateBasisPoints: z.number().int().min(0).max(9_999),
});
export type PriceVersion = z.infer<typeof priceVersionSchema>;

/** The scheme's own fields, beside its versions. */
export const priceSchemeHeadSchema = z.object({
  name: z.string(),
  accumulationCycle: z.number().int().positive(),
  billingCycle: z.number().int().positive(),
  startTime: isoDaySchema,
});

const priceVersionViewSchema = z.object({
  effectiveFrom: z.string(),
  chargingModel: chargingModelSchema,
  vatRate: z.number(),
  standingCharge: z.number(),
  steps: z.array(priceStepSchema),
});
export type PriceVersionView = z.infer<typeof priceVersionViewSchema>;

/** A scheme as the back office shows it: its latest version's prices at the top, every version below. */
export const priceSchemeViewSchema = priceSchemeHeadSchema.extend({
  ...priceVersionViewSchema.shape,
  priceSchemeId: z.string(),
  versions: z.array(priceVersionViewSchema),
  /** Accounts on the scheme: a scheme in use is not deleted. */
  accountCount: z.number().int(),
  createTime: z.string(),
  updateTime: z.string().nullable(),
});
export type PriceSchemeView = z.infer<typeof priceSchemeViewSchema>;

export const priceSchemeListQuerySchema = z.object({
  name: z.string().trim().max(PRICE_SCHEME_NAME_MAX).optional(),
  chargingModel: chargingModelSchema.optional(),
});
export type PriceSchemeListQuery = z.infer<typeof priceSchemeListQuerySchema>;

/** A scheme to choose on an account. */
export const priceSchemeOptionSchema = z.object({ priceSchemeId: z.string(), name: z.string() });
export type PriceSchemeOption = z.infer<typeof priceSchemeOptionSchema>;

/**
 * The trial calculation: a saved scheme (its version in force on `on`, today by default) or an unsaved body,
 * a volume, and the volume already accumulated in the cycle. Nothing is saved.
 */
export const priceTrialBodySchema = z
  .object({
    priceSchemeId: z.uuid().optional(),
    scheme: priceSchemeBodySchema.optional(),
    on: isoDaySchema.optional(),
    volume: stepVolumeSchema,
    accumulatedVolume: stepVolumeSchema.default(0),
  })
  .refine((b) => (b.priceSchemeId === undefined) !== (b.scheme === undefined), {
    message: 'validation.priceScheme.trialScheme',
    path: ['priceSchemeId'],
  });
export type PriceTrialBody = z.input<typeof priceTrialBodySchema>;

export const priceTrialLineSchema = z.object({
  kind: z.enum(['step', 'standing', 'vat']),
  /** The step's number from 1 (step lines). */
  step: z.number().int().nullable(),
  volume: z.number().nullable(),
  unitPrice: z.number().nullable(),
  /** In % (VAT line). */
  vatRate: z.number().nullable(),
  amount: z.number(),
});
export type PriceTrialLine = z.infer<typeof priceTrialLineSchema>;
export const priceTrialSchema = z.object({
  lines: z.array(priceTrialLineSchema),
  net: z.number(),
  vat: z.number(),
  total: z.number(),
});
export type PriceTrial = z.infer<typeof priceTrialSchema>;

/** A version as a person reads it: m³, amounts and a VAT rate in % (the exact integers divided once). */
export function priceVersionView(version: PriceVersion): PriceVersionView {
  return {
    effectiveFrom: version.effectiveFrom,
    chargingModel: version.chargingModel,
    vatRate: version.vatRateBasisPoints / 100,
    standingCharge: version.standingChargeCents / 100,
    steps: version.steps.map((step) => ({
      startVolume: step.startLitres / 1000,
      endVolume: step.endLitres === null ? UNLIMITED : step.endLitres / 1000,
      unitPrice: step.unitPriceCents / 100,
    })),
  };
}
