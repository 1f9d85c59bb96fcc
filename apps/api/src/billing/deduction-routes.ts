import { localDate } from '@hydrolog/domain';
import { listDeductions, tenantTimeZone, withTenant } from '@hydrolog/projections';
import {
  apiResponses,
  deductionListQuerySchema,
  deductionRunSchema,
  deductionViewSchema,
  envelopeSchema,
  listEnvelopeSchema,
  pagedQuerySchema,
} from '@hydrolog/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callerMetadata, readAsCaller, requires } from '../auth/guard.ts';
import { ok, okList } from '../http.ts';
import type { CommandDispatch } from '../ingest/dispatch.ts';
import type { Services } from '../services.ts';
import { runDeduction } from './deduction.ts';

const tags = ['billing'];

/** The prepaid deduction: the days accounts paid for, and a run on demand (the job runs it every hour). */
export const deductionRoutes: FastifyPluginAsyncZod<{
  services: Services;
  dispatch: CommandDispatch;
}> = async (app, { services, dispatch }) => {
  app.get(
    '/business/deduction/list',
    {
      config: requires('business:deduction:query'),
      schema: {
        tags,
        summary: 'List the days prepaid accounts paid for from their balance, newest first',
        querystring: pagedQuerySchema(deductionListQuerySchema),
        response: apiResponses(listEnvelopeSchema(deductionViewSchema)),
      },
    },
    async (request) =>
      okList(request, await readAsCaller(services.db, request, (sql) => listDeductions(sql, request.query))),
  );

  app.post(
    '/business/deduction/run',
    {
      config: requires('business:deduction:deduct'),
      schema: {
        tags,
        summary: 'Deduct now: every prepaid account pays for the days before today it has not paid for',
        response: apiResponses(envelopeSchema(deductionRunSchema)),
      },
    },
    async (request) => {
      const metadata = callerMetadata(request);
      const timeZone = await withTenant(services.db, metadata.tenantId, (sql) =>
        tenantTimeZone(sql, metadata.tenantId),
      );
      return ok(
        request,
        await runDeduction(services, dispatch, metadata, localDate(Date.now(), timeZone), timeZone),
      );
    },
  );
};
