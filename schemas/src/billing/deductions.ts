import { z } from 'zod';
import { chargeLineSchema } from './bills.ts';
import { isoDaySchema } from './price-schemes.ts';

const eventSchema = <T extends z.ZodType>(data: T) => ({ schemaVersion: 1, data });

/**
 * A prepaid account paid for a day's water from its balance (on the account's stream, so that its balance and
 * the days it paid for are one aggregate's). `accumulatedLitres`: where the accumulation cycle stood before the
 * day. `valveCommandId`: the valve close the day's arrears called for, if they did.
 */
export const deductionEventSchemas = {
  AccountDeducted: eventSchema(
    z.object({
      customerId: z.uuid(),
      day: isoDaySchema,
      meterId: z.uuid(),
      priceSchemeId: z.uuid(),
      litres: z.number().int().min(0),
      accumulatedLitres: z.number().int().min(0),
      lines: z.array(chargeLineSchema),
      amountCents: z.number().int().min(0),
      at: z.iso.datetime(),
      valveCommandId: z.uuid().nullable(),
    }),
  ),
};

export const deductionViewSchema = z.object({
  customerId: z.string(),
  accountNo: z.string().nullable(),
  customerName: z.string().nullable(),
  meterNo: z.string().nullable(),
  day: z.string(),
  /** m³. */
  volume: z.number(),
  amount: z.number(),
  balanceAfter: z.number(),
  /** The day's arrears closed the valve. */
  valveClosed: z.boolean(),
  createTime: z.string(),
});
export type DeductionView = z.infer<typeof deductionViewSchema>;

export const deductionListQuerySchema = z.object({
  accountNo: z.string().trim().max(50).optional(),
  /** From this day on. */
  beginTime: isoDaySchema.optional(),
  /** Up to and including this day. */
  endTime: isoDaySchema.optional(),
});
export type DeductionListQuery = z.infer<typeof deductionListQuerySchema>;

/** What a deduction run did: the days paid for, by how many accounts, and the valves it closed. */
export const deductionRunSchema = z.object({
  accounts: z.number().int(),
  days: z.number().int(),
  amount: z.number(),
  valvesClosed: z.number().int(),
});
export type DeductionRun = z.infer<typeof deductionRunSchema>;
