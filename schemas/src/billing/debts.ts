import { z } from 'zod';
import { amountSchema } from '../customers/index.ts';

/**
 * Personal debts (spec sections 3 and 5 "Surcharges and debts"): what an account owes beside its bills, a
 * repayment plan in a number of deductions, and payments at the counter. Bodies speak in amounts with two
 * decimals; the events keep cents.
 */

export const debtTypeSchema = z.enum(['water', 'surcharge', 'other']);
export type DebtType = z.infer<typeof debtTypeSchema>;
export const DEBT_TYPES = debtTypeSchema.options;
export const FEE_NAME_MAX = 50;
/** A plan spreads a debt over at most this many deductions. */
export const DEDUCTIONS_MAX = 120;

const debtAmountSchema = amountSchema.refine((n) => n > 0, { message: 'validation.debt.positive' });

export const debtBodySchema = z.object({
  customerId: z.uuid('validation.required'),
  debtType: debtTypeSchema,
  feeName: z.string().trim().min(1, 'validation.required').max(FEE_NAME_MAX, 'validation.tooLong'),
  amount: debtAmountSchema,
});
export type DebtBody = z.input<typeof debtBodySchema>;

export const debtPlanBodySchema = z.object({
  debtId: z.uuid(),
  deductions: z
    .number('validation.invalidType')
    .int('validation.invalidType')
    .min(1, 'validation.tooSmall')
    .max(DEDUCTIONS_MAX, 'validation.tooBig'),
});
export type DebtPlanBody = z.input<typeof debtPlanBodySchema>;

export const debtPaymentBodySchema = z.object({ debtId: z.uuid(), amount: debtAmountSchema });
export type DebtPaymentBody = z.input<typeof debtPaymentBodySchema>;

export const debtViewSchema = z.object({
  debtId: z.string(),
  customerId: z.string(),
  accountNo: z.string().nullable(),
  customerName: z.string().nullable(),
  debtType: debtTypeSchema,
  feeName: z.string(),
  debtAmount: z.number(),
  residualDebt: z.number(),
  /** The plan's number of deductions; null without a plan. */
  deductions: z.number().int().nullable(),
  remainingDeductions: z.number().int().nullable(),
  /** What each deduction of the plan takes (the last takes the rest). */
  instalment: z.number().nullable(),
  operator: z.string(),
  createTime: z.string(),
  version: z.number().int(),
});
export type DebtView = z.infer<typeof debtViewSchema>;

export const debtListQuerySchema = z.object({
  accountNo: z.string().trim().max(50).optional(),
  debtType: debtTypeSchema.optional(),
  /** Only debts with something left to pay. */
  open: z.enum(['true', 'false']).optional(),
});
export type DebtListQuery = z.infer<typeof debtListQuerySchema>;

export const debtRecordKindSchema = z.enum(['added', 'planned', 'paid']);
export type DebtRecordKind = z.infer<typeof debtRecordKindSchema>;

/** One transaction on a debt: what it moved and what was left after it. */
export const debtRecordViewSchema = z.object({
  debtId: z.string(),
  accountNo: z.string().nullable(),
  customerName: z.string().nullable(),
  feeName: z.string(),
  kind: debtRecordKindSchema,
  debtAmount: z.number(),
  /** Paid by this transaction (payments), 0 otherwise. */
  amount: z.number(),
  /** The debt remaining after the transaction. */
  remainingDebt: z.number(),
  remainingDeductions: z.number().int().nullable(),
  operator: z.string(),
  createTime: z.string(),
});
export type DebtRecordView = z.infer<typeof debtRecordViewSchema>;

export const debtRecordListQuerySchema = z.object({
  debtId: z.uuid().optional(),
  accountNo: z.string().trim().max(50).optional(),
});
export type DebtRecordListQuery = z.infer<typeof debtRecordListQuerySchema>;
