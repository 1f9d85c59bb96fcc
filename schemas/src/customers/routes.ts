import { z } from 'zod';
import { envelopeSchema, listEnvelopeSchema, noDataEnvelopeSchema, pagedQuerySchema } from '../api.ts';
import { METER_NO_MAX } from '../meters/index.ts';
import { defineRoutes } from '../route-contract.ts';
import {
  changePriceSchemeBodySchema,
  customerActionBodySchema,
  customerHistoryEntrySchema,
  customerListQuerySchema,
  customerRowSchema,
  customerTypeBodySchema,
  customerTypeListQuerySchema,
  customerTypeViewSchema,
  customerViewSchema,
  freeMeterSchema,
  importQuerySchema,
  importReportSchema,
  openAccountBodySchema,
  rechargeBodySchema,
  refundBodySchema,
  transferBodySchema,
  updateCustomerTypeBodySchema,
} from './customers.ts';

/** The meter picker's search: part of a meter number. */
export const freeMeterQuerySchema = z.object({ meterNo: z.string().trim().max(METER_NO_MAX).optional() });
/** The meter types an account may be opened on, as the opening form offers them. */
export const accountMeterTypeSchema = z.object({
  meterTypeId: z.string(),
  name: z.string(),
  valveControl: z.boolean(),
});

const customerAnswer = envelopeSchema(customerViewSchema);

/** Customer types and customer accounts. */
export const customersRoutes = defineRoutes({
  'GET /business/customerType/list': {
    query: pagedQuerySchema(customerTypeListQuerySchema),
    answer: listEnvelopeSchema(customerTypeViewSchema),
  },
  'GET /business/customerType/options': { answer: envelopeSchema(z.array(customerTypeViewSchema)) },
  'POST /business/customerType': {
    body: customerTypeBodySchema,
    answer: envelopeSchema(customerTypeViewSchema),
  },
  'PUT /business/customerType': {
    body: updateCustomerTypeBodySchema,
    answer: envelopeSchema(customerTypeViewSchema),
  },
  'DELETE /business/customerType/:customerTypeIds': { answer: noDataEnvelopeSchema },
  'POST /business/customerType/export': { body: customerTypeListQuerySchema },

  'GET /business/customer/list': {
    query: pagedQuerySchema(customerListQuerySchema),
    answer: listEnvelopeSchema(customerRowSchema),
  },
  'GET /business/customer/:customerId': { answer: customerAnswer },
  'GET /business/customer/:customerId/history': {
    answer: envelopeSchema(z.array(customerHistoryEntrySchema)),
  },
  'GET /business/customer/meterOptions': {
    query: freeMeterQuerySchema,
    answer: envelopeSchema(z.array(freeMeterSchema)),
  },
  'GET /business/customer/meterTypeOptions': { answer: envelopeSchema(z.array(accountMeterTypeSchema)) },
  'POST /business/customer': { body: openAccountBodySchema, answer: customerAnswer },
  'PUT /business/customer/freeze': { body: customerActionBodySchema, answer: customerAnswer },
  'PUT /business/customer/unfreeze': { body: customerActionBodySchema, answer: customerAnswer },
  'PUT /business/customer/cancel': { body: customerActionBodySchema, answer: customerAnswer },
  'PUT /business/customer/transfer': { body: transferBodySchema, answer: customerAnswer },
  'PUT /business/customer/priceScheme': { body: changePriceSchemeBodySchema, answer: customerAnswer },
  'POST /business/customer/recharge': { body: rechargeBodySchema, answer: customerAnswer },
  'POST /business/customer/refund': { body: refundBodySchema, answer: customerAnswer },
  'POST /business/customer/export': { body: customerListQuerySchema },
  'POST /business/customer/importTemplate': {},
  'POST /business/customer/attachment': {
    multipart: true,
    answer: envelopeSchema(z.object({ url: z.string() })),
  },
  'POST /business/customer/import': {
    query: importQuerySchema,
    multipart: true,
    answer: envelopeSchema(importReportSchema),
  },
});
