import { z } from 'zod';
import { envelopeSchema, listEnvelopeSchema, pagedQuerySchema } from '../api.ts';
import { AMOUNT_MAXIMUM, hasTwoDecimals } from '../customers/index.ts';
import { defineRoutes } from '../route-contract.ts';
import { isoDaySchema, priceTrialLineSchema } from './price-schemes.ts';
import { deductionFrequencySchema, deductionMethodSchema, surchargeTrialSchema } from './surcharges.ts';

/**
 * Bills of postpaid accounts (spec sections 3 and 4): one per account and billing period, from the account's
 * daily volumes under its price scheme. The events keep the tariff math's exact integers (litres, cents,
 * basis points); views divide them once.
 */
export const billTypeSchema = z.enum([
  'ordinary',
  'priceAdjustment',
  'meterChange',
  'freeze',
  'transfer',
  'tariffRenewal',
]);
export type BillType = z.infer<typeof billTypeSchema>;
export const BILL_TYPES = billTypeSchema.options;

export const billStateSchema = z.enum(['unpaid', 'paid']);
export type BillState = z.infer<typeof billStateSchema>;
export const BILL_STATES = billStateSchema.options;

/** Paid out of the account balance, or at the counter (cash or card, the balance untouched). */
export const billPaymentMethodSchema = z.enum(['balance', 'counter']);
export type BillPaymentMethod = z.infer<typeof billPaymentMethodSchema>;

const cents = z.number().int();
export const chargeLineSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('step'),
    step: z.number().int().positive(),
    litres: z.number().int().min(0),
    unitPriceCents: cents,
    amountCents: cents,
  }),
  z.object({ kind: z.literal('standing'), amountCents: cents }),
  z.object({ kind: z.literal('vat'), rateBasisPoints: z.number().int(), amountCents: cents }),
]);

/** A stretch of the period under one price version (chargePeriod's part). */
export const billPartSchema = z.object({
  type: z.enum(['ordinary', 'priceAdjustment']),
  from: isoDaySchema,
  to: isoDaySchema,
  effectiveFrom: isoDaySchema,
  litres: z.number().int().min(0),
  accumulatedLitres: z.number().int().min(0),
  lines: z.array(chargeLineSchema),
  netCents: cents,
  vatCents: cents,
  totalCents: cents,
});
export type BillPart = z.infer<typeof billPartSchema>;

/**
 * A surcharge the bill charges: a charging item bound to the account, on `base`: the water charge in cents
 * (a percentage item), the litres billed (a per-volume item), else the number of its days, months or years
 * starting in the period.
 */
export const billSurchargeSchema = z.object({
  chargingItemId: z.uuid(),
  name: z.string(),
  deductionMethod: deductionMethodSchema,
  deductionFrequency: deductionFrequencySchema,
  base: z.number().int().min(0),
  netCents: cents.min(0),
  vatRateBasisPoints: z.number().int().min(0),
  vatCents: cents.min(0),
});
export type BillSurcharge = z.infer<typeof billSurchargeSchema>;

/** A meter the bill read: its counter at the start and end of what it served of the period (m³). */
export const billMeterSchema = z.object({
  meterId: z.uuid(),
  meterNo: z.string(),
  startReading: z.number().nullable(),
  endReading: z.number().nullable(),
});
export type BillMeter = z.infer<typeof billMeterSchema>;

export const billIssuedSchema = z.object({
  billId: z.uuid(),
  tenantId: z.uuid(),
  customerId: z.uuid(),
  accountNo: z.string(),
  /** Who held the account when the bill was issued (a transfer's is the old holder's); absent on early bills. */
  holderName: z.string().optional(),
  priceSchemeId: z.uuid(),
  /** Ordinary, price adjustment, meter change; freeze, transfer, tariff renewal close a period early. */
  type: billTypeSchema,
  /** [periodFrom, periodTo): local days. */
  periodFrom: isoDaySchema,
  periodTo: isoDaySchema,
  /** No volume was read in the period: a zero bill, not a guess. */
  noReading: z.boolean(),
  litres: z.number().int().min(0),
  /** Litres accumulated in the cycle after this bill (0 when the cycle ends with it): where the next starts. */
  accumulatedLitres: z.number().int().min(0),
  parts: z.array(billPartSchema),
  /** The account's surcharges the bill charges (absent on bills issued before bills charged surcharges). */
  surcharges: z.array(billSurchargeSchema).optional(),
  meters: z.array(billMeterSchema),
  /** The parts' totals, the surcharges' (net and VAT) and a correction's adjustment. */
  totalCents: cents,
  /** A correction: the bill it adjusts. */
  correctsBillId: z.uuid().nullable(),
  /** A correction's one line: what it adds to (or, negative, takes off) the bill it corrects, and why. */
  adjustment: z.object({ amountCents: cents, reason: z.string() }).optional(),
  issuedAt: z.iso.datetime(),
});

const eventSchema = <T extends z.ZodType>(data: T) => ({ schemaVersion: 1, data });

export const billEventSchemas = {
  BillIssued: eventSchema(billIssuedSchema),
  BillPaid: eventSchema(
    z.object({
      billId: z.uuid(),
      customerId: z.uuid(),
      amountCents: cents.min(0),
      method: billPaymentMethodSchema,
      operator: z.string().nullable(),
      at: z.iso.datetime(),
    }),
  ),
  /** The bill got a correction: a new bill adjusting its amount by `amountCents`. */
  BillCorrected: eventSchema(
    z.object({
      billId: z.uuid(),
      correctionBillId: z.uuid(),
      amountCents: cents,
      at: z.iso.datetime(),
    }),
  ),
};

export const billViewSchema = z.object({
  billId: z.string(),
  customerId: z.string(),
  accountNo: z.string(),
  customerName: z.string().nullable(),
  priceSchemeId: z.string(),
  priceSchemeName: z.string().nullable(),
  type: billTypeSchema,
  state: billStateSchema,
  periodFrom: z.string(),
  /** The period's last day (inclusive), as a person reads a period. */
  periodTo: z.string(),
  noReading: z.boolean(),
  volume: z.number(),
  amount: z.number(),
  paidAmount: z.number(),
  paymentMethod: billPaymentMethodSchema.nullable(),
  paidAt: z.string().nullable(),
  createTime: z.string(),
  /** A correction: the bill it adjusts. */
  correctsBillId: z.string().nullable(),
});
export type BillView = z.infer<typeof billViewSchema>;

export const billPartViewSchema = z.object({
  type: z.enum(['ordinary', 'priceAdjustment']),
  from: z.string(),
  to: z.string(),
  effectiveFrom: z.string(),
  volume: z.number(),
  accumulatedVolume: z.number(),
  lines: z.array(priceTrialLineSchema),
  net: z.number(),
  vat: z.number(),
  total: z.number(),
});
export type BillPartView = z.infer<typeof billPartViewSchema>;

export const billDetailSchema = billViewSchema.extend({
  accumulatedVolume: z.number(),
  parts: z.array(billPartViewSchema),
  surcharges: surchargeTrialSchema,
  meters: z.array(billMeterSchema),
  /** A correction's adjustment and why it was made; null on other bills. */
  adjustment: z.object({ amount: z.number(), reason: z.string() }).nullable(),
});
export type BillDetail = z.infer<typeof billDetailSchema>;

export const billListQuerySchema = z.object({
  accountNo: z.string().trim().max(50).optional(),
  /** Bills whose period starts in this month ('YYYY-MM'). */
  period: z
    .string()
    .regex(/^\d{4}-\d{2}$/, 'validation.invalidFormat')
    .optional(),
  type: billTypeSchema.optional(),
  state: billStateSchema.optional(),
});
export type BillListQuery = z.infer<typeof billListQuerySchema>;

/** POST /business/bill/run: bill every postpaid account for the period holding `day` (default: the last ended). */
export const billRunBodySchema = z.object({ day: isoDaySchema.optional() });
export const billRunResultSchema = z.object({
  accounts: z.number().int(),
  issued: z.number().int(),
  alreadyBilled: z.number().int(),
  noReading: z.number().int(),
  amount: z.number(),
});
export type BillRunResult = z.infer<typeof billRunResultSchema>;

export const billPayBodySchema = z.object({ billId: z.uuid(), method: billPaymentMethodSchema });

export const CORRECTION_REASON_MAX = 200;
/**
 * POST /business/bill/correct: a new bill adjusting `billId` by `amount` (negative: a credit, paid into the
 * account balance), never an edit of the bill itself.
 */
export const billCorrectBodySchema = z.object({
  billId: z.uuid(),
  amount: z
    .number('validation.invalidType')
    .min(-AMOUNT_MAXIMUM, 'validation.tooBig')
    .max(AMOUNT_MAXIMUM, 'validation.tooBig')
    .refine((n) => n !== 0, { message: 'validation.bill.correctionZero' })
    .refine(hasTwoDecimals, { message: 'validation.twoDecimals' }),
  reason: z.string().trim().min(1, 'validation.required').max(CORRECTION_REASON_MAX, 'validation.tooLong'),
});
export type BillCorrectBody = z.input<typeof billCorrectBodySchema>;

const billListQuery = pagedQuerySchema(billListQuerySchema);

/** Bills: the list, a bill with its lines, the export, the bill run, paying a bill and correcting one. */
export const billRoutes = defineRoutes({
  'GET /business/bill/list': { query: billListQuery, answer: listEnvelopeSchema(billViewSchema) },
  'GET /business/bill/:billId': { answer: envelopeSchema(billDetailSchema) },
  'POST /business/bill/export': { body: billListQuerySchema },
  'POST /business/bill/run': { body: billRunBodySchema, answer: envelopeSchema(billRunResultSchema) },
  'POST /business/bill/pay': { body: billPayBodySchema, answer: envelopeSchema(billDetailSchema) },
  'POST /business/bill/correct': { body: billCorrectBodySchema, answer: envelopeSchema(billDetailSchema) },
});
