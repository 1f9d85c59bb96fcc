import { localDate } from '@hydrolog/domain';
import { listBills, tenantTimeZone } from '@hydrolog/projections';
import {
  apiResponses,
  billCorrectBodySchema,
  billDetailSchema,
  billListQuerySchema,
  billPayBodySchema,
  billRunBodySchema,
  billRunResultSchema,
  billViewSchema,
  envelopeSchema,
  listEnvelopeSchema,
  pagedQuerySchema,
} from '@hydrolog/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { callerOf, readAsCaller, requires } from '../auth/guard.ts';
import { ok, okList } from '../http.ts';
import type { Services } from '../services.ts';
import { billOfCaller } from './bills.ts';
import { correctBill } from './correct-bill.ts';
import { exportBills } from './export-bills.ts';
import { payBill } from './pay-bill.ts';
import { runBills } from './run-bills.ts';

const tags = ['billing'];
const billResponse = apiResponses(envelopeSchema(billDetailSchema));

/**
 * Bills of postpaid accounts: the list, one bill, the export, the bill run on demand, paying a bill and
 * correcting one.
 */
export const billRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const { db } = services;

  app.get(
    '/business/bill/list',
    {
      config: requires('business:bill:query'),
      schema: {
        tags,
        summary: 'List bills by account, period month, type and state, the latest periods first',
        querystring: pagedQuerySchema(billListQuerySchema),
        response: apiResponses(listEnvelopeSchema(billViewSchema)),
      },
    },
    async (request) =>
      okList(request, await readAsCaller(db, request, (sql) => listBills(sql, request.query))),
  );

  app.get(
    '/business/bill/:billId',
    {
      config: requires('business:bill:query'),
      schema: {
        tags,
        summary: 'A bill with its parts, lines and the meters it read',
        params: z.object({ billId: z.uuid() }),
        response: billResponse,
      },
    },
    async (request) => ok(request, await billOfCaller(db, request, request.params.billId)),
  );

  app.post(
    '/business/bill/export',
    {
      config: { ...requires('business:bill:export'), audit: '5' },
      schema: { tags, summary: 'Export the bills (xlsx)', body: billListQuerySchema },
    },
    async (request, reply) => exportBills(services, request, reply, request.body),
  );

  app.post(
    '/business/bill/run',
    {
      config: requires('business:bill:run'),
      schema: {
        tags,
        summary:
          'Bill every postpaid account for the billing period holding `day` (default: the last ended); accounts already billed are passed over',
        body: billRunBodySchema,
        response: apiResponses(envelopeSchema(billRunResultSchema)),
      },
    },
    async (request) => {
      const caller = callerOf(request);
      const timeZone = await readAsCaller(db, request, (sql) => tenantTimeZone(sql, caller.tenantId));
      const today = localDate(Date.now(), timeZone);
      return ok(
        request,
        await runBills(services, caller.tenantId, {
          today,
          timeZone,
          day: request.body.day,
          userId: caller.userId,
        }),
      );
    },
  );

  app.post(
    '/business/bill/pay',
    {
      config: requires('business:bill:pay'),
      schema: {
        tags,
        summary: 'Pay a bill in full, out of the account balance or at the counter',
        body: billPayBodySchema,
        response: billResponse,
      },
    },
    async (request) => ok(request, await payBill(services, request, request.body)),
  );

  app.post(
    '/business/bill/correct',
    {
      config: requires('business:bill:correct'),
      schema: {
        tags,
        summary:
          'Correct a bill with a new bill adjusting its amount (negative: credited to the account balance); answers the correction',
        body: billCorrectBodySchema,
        response: billResponse,
      },
    },
    async (request) => ok(request, await correctBill(services, request, request.body)),
  );
};
