import { z } from 'zod';
import { envelopeSchema, listEnvelopeSchema, noDataEnvelopeSchema, pagedQuerySchema } from '../api.ts';
import { defineRoutes } from '../route-contract.ts';
import {
  debtBodySchema,
  debtListQuerySchema,
  debtPaymentBodySchema,
  debtPlanBodySchema,
  debtRecordListQuerySchema,
  debtRecordViewSchema,
  debtViewSchema,
} from './debts.ts';
import {
  chargingItemOptionSchema,
  personalSurchargeBodySchema,
  personalSurchargeListQuerySchema,
  personalSurchargeViewSchema,
  surchargeSchemeBodySchema,
  surchargeSchemeListQuerySchema,
  surchargeSchemeViewSchema,
  surchargeTrialBodySchema,
  surchargeTrialSchema,
  updatePersonalSurchargeBodySchema,
  updateSurchargeSchemeBodySchema,
} from './surcharges.ts';
import { transactionListQuerySchema, transactionViewSchema } from './transactions.ts';

const schemeAnswer = envelopeSchema(surchargeSchemeViewSchema);
const personalAnswer = envelopeSchema(personalSurchargeViewSchema);
const debtAnswer = envelopeSchema(debtViewSchema);

/** Surcharge schemes with their charging items, personal surcharges and debts. */
export const surchargeRoutes = defineRoutes({
  'GET /business/surcharge/list': {
    query: pagedQuerySchema(surchargeSchemeListQuerySchema),
    answer: listEnvelopeSchema(surchargeSchemeViewSchema),
  },
  'GET /business/surcharge/itemOptions': { answer: envelopeSchema(z.array(chargingItemOptionSchema)) },
  'GET /business/surcharge/:surchargeSchemeId': { answer: schemeAnswer },
  'POST /business/surcharge': { body: surchargeSchemeBodySchema, answer: schemeAnswer },
  'PUT /business/surcharge': { body: updateSurchargeSchemeBodySchema, answer: schemeAnswer },
  'DELETE /business/surcharge/:ids': { answer: noDataEnvelopeSchema },
  'POST /business/surcharge/export': { body: surchargeSchemeListQuerySchema },
  'POST /business/surcharge/trial': {
    body: surchargeTrialBodySchema,
    answer: envelopeSchema(surchargeTrialSchema),
  },
  'GET /business/personalSurcharge/list': {
    query: pagedQuerySchema(personalSurchargeListQuerySchema),
    answer: listEnvelopeSchema(personalSurchargeViewSchema),
  },
  'GET /business/personalSurcharge/:personalSurchargeId': { answer: personalAnswer },
  'POST /business/personalSurcharge': { body: personalSurchargeBodySchema, answer: personalAnswer },
  'PUT /business/personalSurcharge': { body: updatePersonalSurchargeBodySchema, answer: personalAnswer },
  'DELETE /business/personalSurcharge/:ids': { answer: noDataEnvelopeSchema },
  'GET /business/debt/list': {
    query: pagedQuerySchema(debtListQuerySchema),
    answer: listEnvelopeSchema(debtViewSchema),
  },
  'GET /business/debt/record/list': {
    query: pagedQuerySchema(debtRecordListQuerySchema),
    answer: listEnvelopeSchema(debtRecordViewSchema),
  },
  'GET /business/debt/:debtId': { answer: debtAnswer },
  'POST /business/debt': { body: debtBodySchema, answer: debtAnswer },
  'PUT /business/debt/plan': { body: debtPlanBodySchema, answer: debtAnswer },
  'PUT /business/debt/pay': { body: debtPaymentBodySchema, answer: debtAnswer },
  'POST /business/debt/export': { body: debtListQuerySchema },
  'GET /business/transaction/list': {
    query: pagedQuerySchema(transactionListQuerySchema),
    answer: listEnvelopeSchema(transactionViewSchema),
  },
  'POST /business/transaction/export': { body: transactionListQuerySchema },
});
