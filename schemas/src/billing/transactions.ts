import { z } from 'zod';
import { isoDaySchema } from './price-schemes.ts';

/**
 * Transactions (trade records): one row per movement of an account's money. `amount` is what moved;
 * `balanceChange` is what the movement did to the balance (a payment at the counter moves money without
 * touching it), so the balance is always the sum of the balance changes.
 */
export const transactionTypeSchema = z.enum([
  'recharge',
  'refund',
  'deduction',
  'billPayment',
  'billCredit',
  'debtPayment',
  'surcharge',
]);
export type TransactionType = z.infer<typeof transactionTypeSchema>;
export const TRANSACTION_TYPES = transactionTypeSchema.options;

export const transactionViewSchema = z.object({
  transactionId: z.string(),
  customerId: z.string(),
  accountNo: z.string().nullable(),
  customerName: z.string().nullable(),
  type: transactionTypeSchema,
  amount: z.number(),
  balanceChange: z.number(),
  balanceAfter: z.number(),
  operator: z.string().nullable(),
  /** What the movement was about: a pay channel, a debt's fee name, a charging item's name. */
  reference: z.string().nullable(),
  createTime: z.string(),
});
export type TransactionView = z.infer<typeof transactionViewSchema>;

export const transactionListQuerySchema = z.object({
  accountNo: z.string().trim().max(50).optional(),
  type: transactionTypeSchema.optional(),
  /** From this day on (tenant-independent: UTC days). */
  beginTime: isoDaySchema.optional(),
  /** Up to and including this day. */
  endTime: isoDaySchema.optional(),
});
export type TransactionListQuery = z.infer<typeof transactionListQuerySchema>;
