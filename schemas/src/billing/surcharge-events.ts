import { z } from 'zod';
import { debtTypeSchema } from './debts.ts';
import { chargingItemSchema, surchargeStatusSchema } from './surcharges.ts';

const eventSchema = <T extends z.ZodType>(data: T) => ({ schemaVersion: 1, data });

/**
 * Surcharge schemes (saved whole, with their items), personal surcharges (items bound to an account) and
 * debts (added, planned, paid; each keeps what is left after it).
 */
export const surchargeEventSchemas = {
  SurchargeSchemeSaved: eventSchema(
    z.object({
      surchargeSchemeId: z.uuid(),
      tenantId: z.uuid(),
      name: z.string(),
      status: surchargeStatusSchema,
      items: z.array(chargingItemSchema),
      savedAt: z.string(),
    }),
  ),
  SurchargeSchemeDeleted: eventSchema(z.object({ surchargeSchemeId: z.uuid() })),
  PersonalSurchargeSaved: eventSchema(
    z.object({
      personalSurchargeId: z.uuid(),
      tenantId: z.uuid(),
      customerId: z.uuid(),
      chargingItemIds: z.array(z.uuid()),
      savedAt: z.string(),
    }),
  ),
  PersonalSurchargeDeleted: eventSchema(z.object({ personalSurchargeId: z.uuid() })),
  DebtAdded: eventSchema(
    z.object({
      debtId: z.uuid(),
      tenantId: z.uuid(),
      customerId: z.uuid(),
      debtType: debtTypeSchema,
      feeName: z.string(),
      amountCents: z.number().int().positive(),
      operator: z.string(),
      at: z.string(),
    }),
  ),
  DebtPlanned: eventSchema(
    z.object({
      debtId: z.uuid(),
      deductions: z.number().int().positive(),
      instalmentCents: z.number().int().positive(),
      operator: z.string(),
      at: z.string(),
    }),
  ),
  DebtPaid: eventSchema(
    z.object({
      debtId: z.uuid(),
      amountCents: z.number().int().positive(),
      residualCents: z.number().int().min(0),
      remainingDeductions: z.number().int().min(0).nullable(),
      operator: z.string(),
      at: z.string(),
      /** Paid out of a recharge (the recharge's own record shows it), not at the counter. */
      byRecharge: z.boolean().optional(),
    }),
  ),
};
