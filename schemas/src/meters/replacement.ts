import { z } from 'zod';
import { sortQuerySchema } from '../api.ts';
import { meterNoSchema } from './meters.ts';

/** A reading of a counter, m3 (the same bounds as a meter's initial reading). */
const counterReading = z.number().nonnegative('validation.tooSmall').max(99_999_999, 'validation.tooBig');

/**
 * A meter swapped for another (spec section 3): the old meter's final reading closes its series and the
 * new meter's initial reading opens the next, so the account's consumption continues across the swap.
 */
export const meterReplaceBodySchema = z
  .object({
    oldMeterNo: meterNoSchema,
    newMeterNo: meterNoSchema,
    /** When the old meter's final reading was taken. */
    lastReadTime: z.iso.datetime({ offset: true, message: 'validation.invalidFormat' }),
    /** The old meter's final reading. */
    recentReading: counterReading,
    reason: z.string().trim().min(1, 'validation.required').max(100, 'validation.tooLong'),
  })
  .refine((b) => b.oldMeterNo !== b.newMeterNo, {
    message: 'error.meterReplace.sameMeter',
    path: ['newMeterNo'],
  });
export type MeterReplaceBody = z.input<typeof meterReplaceBodySchema>;

export const meterReplacementViewSchema = z.object({
  replacementId: z.string(),
  oldMeterId: z.uuid(),
  oldMeterNo: z.string(),
  newMeterId: z.uuid(),
  newMeterNo: z.string(),
  accountNo: z.string().nullable(),
  lastReadTime: z.string(),
  recentReading: z.number(),
  newInitialReading: z.number(),
  reason: z.string(),
  replacedAt: z.string(),
  operator: z.string().nullable(),
});
export type MeterReplacementView = z.infer<typeof meterReplacementViewSchema>;

/** The columns the meter replacement list sorts by. */
export const METER_REPLACEMENT_SORT_COLUMNS = [
  'oldMeterNo',
  'newMeterNo',
  'accountNo',
  'lastReadTime',
  'recentReading',
  'newInitialReading',
  'reason',
  'operator',
  'replacedAt',
] as const;
export const meterReplacementListQuerySchema = z.object({
  /** Old or new meter number (part of it). */
  meterNo: z.string().max(32).optional(),
  fromDay: z.iso.date('validation.date').optional(),
  toDay: z.iso.date('validation.date').optional(),
  ...sortQuerySchema(METER_REPLACEMENT_SORT_COLUMNS).shape,
});
export type MeterReplacementListQuery = z.infer<typeof meterReplacementListQuerySchema>;

export const meterReplacementEventSchemas = {
  MeterReplaced: {
    schemaVersion: 1,
    data: z.object({
      oldMeterId: z.uuid(),
      newMeterId: z.uuid(),
      oldMeterNo: z.string(),
      newMeterNo: z.string(),
      /** The account moved from the old meter to the new one, if the old meter was on one. */
      customerId: z.uuid().nullable(),
      accountNo: z.string().nullable(),
      lastReadTime: z.iso.datetime({ offset: true }),
      recentReading: z.number(),
      /** The new meter's counter when installed (its registered initial reading). */
      newInitialReading: z.number(),
      reason: z.string(),
      replacedAt: z.iso.datetime(),
    }),
  },
};
