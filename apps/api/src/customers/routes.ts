import { freeMeters, listCustomers, listCustomerTypes, meterTypeOptions } from '@hydrolog/projections';
import {
  accountMeterTypeSchema,
  apiResponses,
  changePriceSchemeBodySchema,
  customerActionBodySchema,
  customerHistoryEntrySchema,
  customerListQuerySchema,
  customerRowSchema,
  customerTypeBodySchema,
  customerTypeListQuerySchema,
  customerTypeViewSchema,
  customerViewSchema,
  envelopeSchema,
  freeMeterQuerySchema,
  freeMeterSchema,
  idListSchema,
  importQuerySchema,
  importReportSchema,
  listEnvelopeSchema,
  noDataResponses,
  openAccountBodySchema,
  pagedQuerySchema,
  rechargeBodySchema,
  refundBodySchema,
  transferBodySchema,
  updateCustomerTypeBodySchema,
} from '@hydrolog/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { callerOf, readAsCaller, requires } from '../auth/guard.ts';
import { ok, okList } from '../http.ts';
import type { CommandDispatch } from '../ingest/dispatch.ts';
import type { Services } from '../services.ts';
import { saveImageUpload } from '../uploads.ts';
import { accountOf } from './accounts.ts';
import { cancelAccount } from './cancel.ts';
import { changeCustomerType } from './change-customer-type.ts';
import { changePriceScheme } from './change-price-scheme.ts';
import { createCustomerType } from './create-customer-type.ts';
import { customerTypeOf, customerTypeOptions } from './customer-types.ts';
import { deleteCustomerTypes } from './delete-customer-types.ts';
import { exportCustomerTypes } from './export-customer-types.ts';
import { exportCustomers } from './export-customers.ts';
import { setFrozen } from './freeze.ts';
import { accountHistory } from './history.ts';
import { batchOpen, sendImportTemplate } from './import.ts';
import { openAccount } from './open-account.ts';
import { recharge } from './recharge.ts';
import { refund } from './refund.ts';
import { transferAccount } from './transfer.ts';

const customerResponse = apiResponses(envelopeSchema(customerViewSchema));
const customerIdParams = z.object({ customerId: z.uuid() });

/** Customer types and customer accounts of the caller's tenant (spec sections 2, 3, 4, 5 and 8). */
export const customerRoutes: FastifyPluginAsyncZod<{
  services: Services;
  dispatch: CommandDispatch;
  uploadsDir: string;
}> = async (app, { services, dispatch, uploadsDir }) => {
  const { db } = services;

  // ---- customer types ----------------------------------------------------------------------------------

  app.get(
    '/business/customerType/list',
    {
      config: requires('business:customerType:list'),
      schema: {
        tags: ['customers'],
        summary: 'List customer types',
        querystring: pagedQuerySchema(customerTypeListQuerySchema),
        response: apiResponses(listEnvelopeSchema(customerTypeViewSchema)),
      },
    },
    async (request) =>
      okList(request, await readAsCaller(db, request, (sql) => listCustomerTypes(sql, request.query))),
  );

  app.get(
    '/business/customerType/options',
    {
      // The customers page filters and opens accounts by type.
      config: requires('business:customer:list'),
      schema: {
        tags: ['customers'],
        summary: 'Every customer type of the tenant, for choosing',
        response: apiResponses(envelopeSchema(z.array(customerTypeViewSchema))),
      },
    },
    async (request) => ok(request, await customerTypeOptions(db, request)),
  );

  app.get(
    '/business/customerType/:customerTypeId',
    {
      config: requires('business:customerType:query'),
      schema: {
        tags: ['customers'],
        summary: 'One customer type',
        params: z.object({ customerTypeId: z.uuid() }),
        response: apiResponses(envelopeSchema(customerTypeViewSchema)),
      },
    },
    async (request) => ok(request, await customerTypeOf(db, request, request.params.customerTypeId)),
  );

  app.post(
    '/business/customerType',
    {
      config: requires('business:customerType:add'),
      schema: {
        tags: ['customers'],
        summary: 'Create a customer type (name under 50 characters, unique)',
        body: customerTypeBodySchema,
        response: apiResponses(envelopeSchema(customerTypeViewSchema)),
      },
    },
    async (request) => ok(request, await createCustomerType(services, request, request.body)),
  );

  app.put(
    '/business/customerType',
    {
      config: requires('business:customerType:edit'),
      schema: {
        tags: ['customers'],
        summary: 'Rename a customer type',
        body: updateCustomerTypeBodySchema,
        response: apiResponses(envelopeSchema(customerTypeViewSchema)),
      },
    },
    async (request) => ok(request, await changeCustomerType(services, request, request.body)),
  );

  app.delete(
    '/business/customerType/:customerTypeIds',
    {
      config: requires('business:customerType:remove'),
      schema: {
        tags: ['customers'],
        summary: 'Delete customer types that no customer has',
        params: z.object({ customerTypeIds: idListSchema }),
        response: noDataResponses,
      },
    },
    async (request) => {
      await deleteCustomerTypes(services, request, request.params.customerTypeIds);
      return ok(request, null);
    },
  );

  app.post(
    '/business/customerType/export',
    {
      config: { ...requires('business:customerType:export'), audit: '5' },
      schema: {
        tags: ['customers'],
        summary: 'Export the customer types (xlsx)',
        body: customerTypeListQuerySchema,
      },
    },
    async (request, reply) => exportCustomerTypes(services, request, reply, request.body),
  );

  // ---- customers ---------------------------------------------------------------------------------------

  app.get(
    '/business/customer/list',
    {
      config: requires('business:customer:list'),
      schema: {
        tags: ['customers'],
        summary: 'List customer accounts with balance, meter and its latest valve command',
        querystring: pagedQuerySchema(customerListQuerySchema),
        response: apiResponses(listEnvelopeSchema(customerRowSchema)),
      },
    },
    async (request) =>
      okList(
        request,
        await readAsCaller(db, request, (sql) =>
          listCustomers(sql, request.query, callerOf(request).dataScope),
        ),
      ),
  );

  app.get(
    '/business/customer/meterOptions',
    {
      config: requires('business:customer:add'),
      schema: {
        tags: ['customers'],
        summary: "The tenant's meters that no active account holds (meter picker)",
        querystring: freeMeterQuerySchema,
        response: apiResponses(envelopeSchema(z.array(freeMeterSchema))),
      },
    },
    async (request) =>
      ok(request, await readAsCaller(db, request, (sql) => freeMeters(sql, request.query.meterNo))),
  );

  app.get(
    '/business/customer/meterTypeOptions',
    {
      config: requires('business:customer:import'),
      schema: {
        tags: ['customers'],
        summary: "The tenant's meter types, for choosing a batch's type",
        response: apiResponses(envelopeSchema(z.array(accountMeterTypeSchema))),
      },
    },
    async (request) => ok(request, await readAsCaller(db, request, meterTypeOptions)),
  );

  app.get(
    '/business/customer/:customerId',
    {
      config: requires('business:customer:query'),
      schema: {
        tags: ['customers'],
        summary: 'One customer account',
        params: customerIdParams,
        response: customerResponse,
      },
    },
    async (request) => ok(request, await accountOf(db, request, request.params.customerId)),
  );

  app.get(
    '/business/customer/:customerId/history',
    {
      config: requires('business:customer:query'),
      schema: {
        tags: ['customers'],
        summary: "The account's history from its event stream: who did what, when, with what result",
        params: customerIdParams,
        response: apiResponses(envelopeSchema(z.array(customerHistoryEntrySchema))),
      },
    },
    async (request) => ok(request, await accountHistory(services, request, request.params.customerId)),
  );

  app.post(
    '/business/customer/attachment',
    {
      config: requires('business:customer:add'),
      schema: {
        tags: ['customers'],
        summary:
          'Upload an attachment image of an account (png or jpg, 5 MB at most; multipart field `file`)',
        consumes: ['multipart/form-data'],
        response: apiResponses(envelopeSchema(z.object({ url: z.string() }))),
      },
    },
    async (request) => ok(request, { url: await saveImageUpload(request, uploadsDir, 'file', 'customer') }),
  );

  app.post(
    '/business/customer',
    {
      config: requires('business:customer:add'),
      schema: {
        tags: ['customers'],
        summary: 'Open an account with a meter (account number manual or generated per the tenant)',
        body: openAccountBodySchema,
        response: customerResponse,
      },
    },
    async (request) => ok(request, await openAccount(services, dispatch, request, request.body)),
  );

  for (const action of ['freeze', 'unfreeze'] as const) {
    app.put(
      `/business/customer/${action}`,
      {
        config: requires(`business:customer:${action}`),
        schema: {
          tags: ['customers'],
          summary:
            action === 'freeze'
              ? 'Freeze an account; closes its valve remotely when the meter type has one'
              : 'Unfreeze an account; opens its valve again when the meter type has one',
          body: customerActionBodySchema,
          response: customerResponse,
        },
      },
      async (request) => ok(request, await setFrozen(services, dispatch, request, action, request.body)),
    );
  }

  app.put(
    '/business/customer/cancel',
    {
      config: requires('business:customer:cancel'),
      schema: {
        tags: ['customers'],
        summary:
          'Cancel an account (irreversible; refused while a balance is not refunded or a debt is open)',
        body: customerActionBodySchema,
        response: customerResponse,
      },
    },
    async (request) => ok(request, await cancelAccount(services, request, request.body)),
  );

  app.put(
    '/business/customer/transfer',
    {
      config: requires('business:customer:transfer'),
      schema: {
        tags: ['customers'],
        summary: 'Transfer an account to a new holder',
        body: transferBodySchema,
        response: customerResponse,
      },
    },
    async (request) => ok(request, await transferAccount(services, request, request.body)),
  );

  app.put(
    '/business/customer/priceScheme',
    {
      config: requires('business:customer:edit'),
      schema: {
        tags: ['customers'],
        summary: "Charge an account's water at another price scheme from now on (a tariff renewal)",
        body: changePriceSchemeBodySchema,
        response: customerResponse,
      },
    },
    async (request) => ok(request, await changePriceScheme(services, request, request.body)),
  );

  app.post(
    '/business/customer/recharge',
    {
      config: requires('business:recharge:recharge'),
      schema: {
        tags: ['customers'],
        summary: 'Put money on an account (amount above zero, two decimals)',
        body: rechargeBodySchema,
        response: customerResponse,
      },
    },
    async (request) => ok(request, await recharge(services, dispatch, request, request.body)),
  );

  app.post(
    '/business/customer/refund',
    {
      config: requires('business:recharge:refund'),
      schema: {
        tags: ['customers'],
        summary: 'Refund the whole remaining balance of an account',
        body: refundBodySchema,
        response: customerResponse,
      },
    },
    async (request) => ok(request, await refund(services, request, request.body)),
  );

  app.post(
    '/business/customer/export',
    {
      config: { ...requires('business:customer:export'), audit: '5' },
      schema: {
        tags: ['customers'],
        summary: 'Export the accounts of a filter (xlsx)',
        body: customerListQuerySchema,
      },
    },
    async (request, reply) => exportCustomers(services, request, reply, request.body),
  );

  app.post(
    '/business/customer/importTemplate',
    {
      config: { ...requires('business:customer:import'), audit: '5' },
      schema: {
        tags: ['customers'],
        summary: 'The batch-open template (xlsx): one personal account per row',
      },
    },
    async (request, reply) => sendImportTemplate(request, reply),
  );

  app.post(
    '/business/customer/import',
    {
      config: { ...requires('business:customer:import'), audit: '6' },
      schema: {
        tags: ['customers'],
        summary:
          'Batch open from xls/xlsx (multipart field `file`): personal domestic accounts of one meter type; the valid rows open, every refused row is reported with its number and reason. When another opening takes a number or a meter of the file between the check and the save, none opens and those rows are reported too',
        consumes: ['multipart/form-data'],
        querystring: importQuerySchema,
        response: apiResponses(envelopeSchema(importReportSchema)),
      },
    },
    async (request) => ok(request, await batchOpen(services, dispatch, request, request.query)),
  );
};
