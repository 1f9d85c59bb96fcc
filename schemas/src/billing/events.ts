import { z } from 'zod';
import { billEventSchemas } from './bills.ts';
import { deductionEventSchemas } from './deductions.ts';
import { priceSchemeHeadSchema, priceVersionSchema } from './price-schemes.ts';
import { surchargeEventSchemas } from './surcharge-events.ts';

const eventSchema = <T extends z.ZodType>(data: T) => ({ schemaVersion: 1, data });

/** Price schemes: created with their first version, revised by a version from a day on, deleted unused. */
export const billingEventSchemas = {
  PriceSchemeCreated: eventSchema(
    priceSchemeHeadSchema.extend({
      priceSchemeId: z.uuid(),
      tenantId: z.uuid(),
      version: priceVersionSchema,
      createdAt: z.string(),
    }),
  ),
  PriceSchemeRevised: eventSchema(
    priceSchemeHeadSchema.extend({
      priceSchemeId: z.uuid(),
      version: priceVersionSchema,
      revisedAt: z.string(),
    }),
  ),
  PriceSchemeDeleted: eventSchema(z.object({ priceSchemeId: z.uuid() })),
  ...surchargeEventSchemas,
  ...deductionEventSchemas,
  ...billEventSchemas,
};
