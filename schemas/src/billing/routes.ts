import { z } from 'zod';
import { envelopeSchema, listEnvelopeSchema, noDataEnvelopeSchema, pagedQuerySchema } from '../api.ts';
import { defineRoutes } from '../route-contract.ts';
import { billRoutes } from './bills.ts';
import { deductionListQuerySchema, deductionRunSchema, deductionViewSchema } from './deductions.ts';
import {
  priceSchemeBodySchema,
  priceSchemeListQuerySchema,
  priceSchemeOptionSchema,
  priceSchemeViewSchema,
  priceTrialBodySchema,
  priceTrialSchema,
  updatePriceSchemeBodySchema,
} from './price-schemes.ts';
import { surchargeRoutes } from './surcharge-routes.ts';

const priceSchemeAnswer = envelopeSchema(priceSchemeViewSchema);

/** Price schemes and their trial calculation. */
export const billingRoutes = defineRoutes({
  'GET /business/priceScheme/list': {
    query: pagedQuerySchema(priceSchemeListQuerySchema),
    answer: listEnvelopeSchema(priceSchemeViewSchema),
  },
  'GET /business/priceScheme/options': { answer: envelopeSchema(z.array(priceSchemeOptionSchema)) },
  'GET /business/priceScheme/:priceSchemeId': { answer: priceSchemeAnswer },
  'POST /business/priceScheme': { body: priceSchemeBodySchema, answer: priceSchemeAnswer },
  'PUT /business/priceScheme': { body: updatePriceSchemeBodySchema, answer: priceSchemeAnswer },
  'DELETE /business/priceScheme/:ids': { answer: noDataEnvelopeSchema },
  'POST /business/priceScheme/export': { body: priceSchemeListQuerySchema },
  'POST /business/priceScheme/trial': {
    body: priceTrialBodySchema,
    answer: envelopeSchema(priceTrialSchema),
  },
  ...surchargeRoutes,
  'GET /business/deduction/list': {
    query: pagedQuerySchema(deductionListQuerySchema),
    answer: listEnvelopeSchema(deductionViewSchema),
  },
  'POST /business/deduction/run': { answer: envelopeSchema(deductionRunSchema) },
  ...billRoutes,
});
