import {
  chargingItemOptions,
  listDebtRecords,
  listDebts,
  listPersonalSurcharges,
  listSurchargeSchemes,
  listTransactions,
} from '@hydrolog/projections';
import {
  apiResponses,
  chargingItemOptionSchema,
  debtBodySchema,
  debtListQuerySchema,
  debtPaymentBodySchema,
  debtPlanBodySchema,
  debtRecordListQuerySchema,
  debtRecordViewSchema,
  debtViewSchema,
  envelopeSchema,
  idListSchema,
  listEnvelopeSchema,
  noDataResponses,
  pagedQuerySchema,
  personalSurchargeBodySchema,
  personalSurchargeListQuerySchema,
  personalSurchargeViewSchema,
  surchargeSchemeBodySchema,
  surchargeSchemeListQuerySchema,
  surchargeSchemeViewSchema,
  surchargeTrialBodySchema,
  surchargeTrialSchema,
  transactionListQuerySchema,
  transactionViewSchema,
  updatePersonalSurchargeBodySchema,
  updateSurchargeSchemeBodySchema,
} from '@hydrolog/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { readAsCaller, requires } from '../auth/guard.ts';
import { ok, okList } from '../http.ts';
import type { Services } from '../services.ts';
import { addDebt } from './add-debt.ts';
import { debtOf } from './debts.ts';
import { deletePersonalSurcharges } from './delete-personal-surcharges.ts';
import { deleteSurchargeSchemes } from './delete-surcharge-schemes.ts';
import { exportDebts, exportSurchargeSchemes } from './export-surcharges.ts';
import { exportTransactions } from './export-transactions.ts';
import { personalSurchargeOf } from './personal-surcharges.ts';
import { savePersonalSurcharge } from './save-personal-surcharge.ts';
import { saveSurchargeScheme } from './save-surcharge-scheme.ts';
import { settleDebt } from './settle-debt.ts';
import { surchargeSchemeOf } from './surcharge-schemes.ts';
import { surchargeTrial } from './surcharge-trial.ts';

const schemeResponse = apiResponses(envelopeSchema(surchargeSchemeViewSchema));
const personalResponse = apiResponses(envelopeSchema(personalSurchargeViewSchema));
const debtResponse = apiResponses(envelopeSchema(debtViewSchema));
const tags = ['billing'];

/**
 * Surcharge schemes and charging items, personal surcharges, debts and the transactions that move accounts'
 * money (spec sections 2 to 5 and 8).
 */
export const surchargeRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const { db } = services;

  app.get(
    '/business/surcharge/list',
    {
      config: requires('business:surcharge:query'),
      schema: {
        tags,
        summary: 'List surcharge schemes with their charging items and the accounts bound to them',
        querystring: pagedQuerySchema(surchargeSchemeListQuerySchema),
        response: apiResponses(listEnvelopeSchema(surchargeSchemeViewSchema)),
      },
    },
    async (request) =>
      okList(request, await readAsCaller(db, request, (sql) => listSurchargeSchemes(sql, request.query))),
  );

  app.get(
    '/business/surcharge/itemOptions',
    {
      config: requires('business:personalSurcharge:query'),
      schema: {
        tags,
        summary: 'The charging items of enabled schemes, to bind to an account',
        response: apiResponses(envelopeSchema(z.array(chargingItemOptionSchema))),
      },
    },
    async (request) => ok(request, await readAsCaller(db, request, (sql) => chargingItemOptions(sql))),
  );

  app.get(
    '/business/surcharge/:surchargeSchemeId',
    {
      config: requires('business:surcharge:query'),
      schema: {
        tags,
        summary: 'A surcharge scheme with its charging items',
        params: z.object({ surchargeSchemeId: z.uuid() }),
        response: schemeResponse,
      },
    },
    async (request) => ok(request, await surchargeSchemeOf(db, request, request.params.surchargeSchemeId)),
  );

  app.post(
    '/business/surcharge',
    {
      config: requires('business:surcharge:add'),
      schema: {
        tags,
        summary: 'Create a surcharge scheme with its charging items',
        body: surchargeSchemeBodySchema,
        response: schemeResponse,
      },
    },
    async (request) => ok(request, await saveSurchargeScheme(services, request, request.body)),
  );

  app.put(
    '/business/surcharge',
    {
      config: requires('business:surcharge:edit'),
      schema: {
        tags,
        summary:
          'Save a surcharge scheme whole: its name, status and charging items (one in use stays enabled)',
        body: updateSurchargeSchemeBodySchema,
        response: schemeResponse,
      },
    },
    async (request) => ok(request, await saveSurchargeScheme(services, request, request.body)),
  );

  app.delete(
    '/business/surcharge/:ids',
    {
      config: requires('business:surcharge:remove'),
      schema: {
        tags,
        summary: 'Delete surcharge schemes bound to no account',
        params: z.object({ ids: idListSchema }),
        response: noDataResponses,
      },
    },
    async (request) => {
      await deleteSurchargeSchemes(services, request, request.params.ids);
      return ok(request, null);
    },
  );

  app.post(
    '/business/surcharge/export',
    {
      config: { ...requires('business:surcharge:export'), audit: '5' },
      schema: { tags, summary: 'Export the surcharge schemes (xlsx)', body: surchargeSchemeListQuerySchema },
    },
    async (request, reply) => exportSurchargeSchemes(services, request, reply, request.body),
  );

  app.post(
    '/business/surcharge/trial',
    {
      config: requires('business:surcharge:calculate'),
      schema: {
        tags,
        summary:
          'Trial calculation: what the charging items take from a payment, line by line; nothing is saved',
        body: surchargeTrialBodySchema,
        response: apiResponses(envelopeSchema(surchargeTrialSchema)),
      },
    },
    async (request) => ok(request, await surchargeTrial(services, request, request.body)),
  );

  app.get(
    '/business/personalSurcharge/list',
    {
      config: requires('business:personalSurcharge:query'),
      schema: {
        tags,
        summary: 'List the accounts with personal surcharges and their charging items',
        querystring: pagedQuerySchema(personalSurchargeListQuerySchema),
        response: apiResponses(listEnvelopeSchema(personalSurchargeViewSchema)),
      },
    },
    async (request) =>
      okList(request, await readAsCaller(db, request, (sql) => listPersonalSurcharges(sql, request.query))),
  );

  app.get(
    '/business/personalSurcharge/:personalSurchargeId',
    {
      config: requires('business:personalSurcharge:query'),
      schema: {
        tags,
        summary: 'The charging items bound to one account',
        params: z.object({ personalSurchargeId: z.uuid() }),
        response: personalResponse,
      },
    },
    async (request) =>
      ok(request, await personalSurchargeOf(db, request, request.params.personalSurchargeId)),
  );

  app.post(
    '/business/personalSurcharge',
    {
      config: requires('business:personalSurcharge:add'),
      schema: {
        tags,
        summary: 'Bind charging items to an account',
        body: personalSurchargeBodySchema,
        response: personalResponse,
      },
    },
    async (request) => ok(request, await savePersonalSurcharge(services, request, request.body)),
  );

  app.put(
    '/business/personalSurcharge',
    {
      config: requires('business:personalSurcharge:edit'),
      schema: {
        tags,
        summary: 'Change the charging items bound to an account',
        body: updatePersonalSurchargeBodySchema,
        response: personalResponse,
      },
    },
    async (request) => ok(request, await savePersonalSurcharge(services, request, request.body)),
  );

  app.delete(
    '/business/personalSurcharge/:ids',
    {
      config: requires('business:personalSurcharge:remove'),
      schema: {
        tags,
        summary: 'Unbind personal surcharges',
        params: z.object({ ids: idListSchema }),
        response: noDataResponses,
      },
    },
    async (request) => {
      await deletePersonalSurcharges(services, request, request.params.ids);
      return ok(request, null);
    },
  );

  app.get(
    '/business/debt/list',
    {
      config: requires('business:debt:query'),
      schema: {
        tags,
        summary: 'List debts with their residual and plan',
        querystring: pagedQuerySchema(debtListQuerySchema),
        response: apiResponses(listEnvelopeSchema(debtViewSchema)),
      },
    },
    async (request) =>
      okList(request, await readAsCaller(db, request, (sql) => listDebts(sql, request.query))),
  );

  app.get(
    '/business/debt/record/list',
    {
      config: requires('business:debt:query'),
      schema: {
        tags,
        summary:
          'The debt record: each transaction with the debt remaining after it, operator and deductions left',
        querystring: pagedQuerySchema(debtRecordListQuerySchema),
        response: apiResponses(listEnvelopeSchema(debtRecordViewSchema)),
      },
    },
    async (request) =>
      okList(request, await readAsCaller(db, request, (sql) => listDebtRecords(sql, request.query))),
  );

  app.get(
    '/business/debt/:debtId',
    {
      config: requires('business:debt:query'),
      schema: { tags, summary: 'A debt', params: z.object({ debtId: z.uuid() }), response: debtResponse },
    },
    async (request) => ok(request, await debtOf(db, request, request.params.debtId)),
  );

  app.post(
    '/business/debt',
    {
      config: requires('business:debt:add'),
      schema: { tags, summary: 'Add a debt to an account', body: debtBodySchema, response: debtResponse },
    },
    async (request) => ok(request, await addDebt(services, request, request.body)),
  );

  app.put(
    '/business/debt/plan',
    {
      config: requires('business:debt:plan'),
      schema: {
        tags,
        summary: 'Repayment plan: spread the residual debt over a number of deductions',
        body: debtPlanBodySchema,
        response: debtResponse,
      },
    },
    async (request) => {
      const { debtId, deductions } = request.body;
      return ok(request, await settleDebt(services, request, debtId, { type: 'PlanDebt', deductions }));
    },
  );

  app.put(
    '/business/debt/pay',
    {
      config: requires('business:debt:pay'),
      schema: {
        tags,
        summary: 'Pay a debt at the counter',
        body: debtPaymentBodySchema,
        response: debtResponse,
      },
    },
    async (request) => {
      const { debtId, amount } = request.body;
      return ok(request, await settleDebt(services, request, debtId, { type: 'PayDebt', amount }));
    },
  );

  app.post(
    '/business/debt/export',
    {
      config: { ...requires('business:debt:export'), audit: '5' },
      schema: { tags, summary: 'Export the debts (xlsx)', body: debtListQuerySchema },
    },
    async (request, reply) => exportDebts(services, request, reply, request.body),
  );

  app.get(
    '/business/transaction/list',
    {
      config: requires('business:trade:query'),
      schema: {
        tags,
        summary: 'List transactions (trade records): each movement of money with the balance after it',
        querystring: pagedQuerySchema(transactionListQuerySchema),
        response: apiResponses(listEnvelopeSchema(transactionViewSchema)),
      },
    },
    async (request) =>
      okList(request, await readAsCaller(db, request, (sql) => listTransactions(sql, request.query))),
  );

  app.post(
    '/business/transaction/export',
    {
      config: { ...requires('business:trade:export'), audit: '5' },
      schema: { tags, summary: 'Export the transactions (xlsx)', body: transactionListQuerySchema },
    },
    async (request, reply) => exportTransactions(services, request, reply, request.body),
  );
};
