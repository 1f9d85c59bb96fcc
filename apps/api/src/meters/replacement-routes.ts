import { DomainError, meterDecider } from '@hydrolog/domain';
import type { Sql } from '@hydrolog/eventstore';
import {
  activeAccountOfMeter,
  findMeters,
  getCustomer,
  getMeterView,
  getTenant,
  listMeterReplacements,
  meterWasReplaced,
} from '@hydrolog/projections';
import {
  apiResponses,
  listEnvelopeSchema,
  type MeterReplacementListQuery,
  type MeterReplacementView,
  meterReplaceBodySchema,
  meterReplacementListQuerySchema,
  meterReplacementViewSchema,
  noDataResponses,
  type PageQuery,
  pageQuerySchema,
} from '@hydrolog/schemas';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callerMetadata, callerOf, readAsCaller, requires } from '../auth/guard.ts';
import { executeAll, type StreamCommand } from '../commands.ts';
import { accountFollowsReplacement } from '../customers/index.ts';
import { ok, okList, translator } from '../http.ts';
import type { Services } from '../services.ts';
import { EXPORT_MAX_ROWS, sendXlsx } from '../xlsx.ts';

/** Meter replacement (spec section 3): the old meter's account moves to the new one; consumption continues. */
export const meterReplacementRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (
  app,
  { services },
) => {
  const { db, store } = services;

  const list = (request: FastifyRequest, query: PageQuery & MeterReplacementListQuery) =>
    readAsCaller(db, request, async (sql: Sql) => {
      const timeZone = (await getTenant(sql, callerOf(request).tenantId))?.settings.timeZone ?? 'UTC';
      return listMeterReplacements(sql, query, timeZone);
    });

  app.get(
    '/business/meterReplace/list',
    {
      config: requires('business:meterReplace:query'),
      schema: {
        tags: ['meters'],
        summary: 'List meter replacements',
        querystring: pageQuerySchema.extend(meterReplacementListQuerySchema.shape),
        response: apiResponses(listEnvelopeSchema(meterReplacementViewSchema)),
      },
    },
    async (request) => okList(request, await list(request, request.query)),
  );

  app.post(
    '/business/meterReplace',
    {
      config: { ...requires('business:meterReplace:add'), audit: '1' },
      schema: {
        tags: ['meters'],
        summary: 'Replace a meter: the account on the old meter moves to the new one',
        body: meterReplaceBodySchema,
        response: noDataResponses,
      },
    },
    async (request) => {
      const { oldMeterNo, newMeterNo, ...facts } = request.body;
      const metadata = callerMetadata(request);
      // Numbers of another tenant are simply not found.
      const found = await readAsCaller(db, request, async (sql) => {
        const ids = await findMeters(sql, callerOf(request).tenantId, [oldMeterNo, newMeterNo]);
        const oldMeterId = ids.get(oldMeterNo);
        const newMeterId = ids.get(newMeterNo);
        if (!oldMeterId) return null;
        const customerId = await activeAccountOfMeter(sql, oldMeterId);
        const newMeter = newMeterId ? await getMeterView(sql, newMeterId) : null;
        return {
          oldMeterId,
          customerId,
          accountNo: customerId ? ((await getCustomer(sql, customerId))?.accountNo ?? null) : null,
          newMeter: newMeter && {
            meterId: newMeter.meterId,
            meterNo: newMeter.meterNo,
            initialReading: newMeter.initialReading,
            onAccount: (await activeAccountOfMeter(sql, newMeter.meterId)) !== null,
            replaced: await meterWasReplaced(sql, newMeter.meterId),
          },
        };
      });
      if (!found) throw new DomainError('error.meter.notFound');
      const replacement: StreamCommand = {
        decider: meterDecider,
        id: found.oldMeterId,
        command: {
          type: 'ReplaceMeter',
          ...facts,
          customerId: found.customerId,
          accountNo: found.accountNo,
          newMeter: found.newMeter,
          replacedAt: new Date().toISOString(),
        },
      };
      // The account follows in the same append: both land or neither.
      const account =
        found.customerId && found.newMeter
          ? await accountFollowsReplacement(db, metadata.tenantId, found.oldMeterId, found.newMeter.meterId)
          : null;
      await executeAll(store, account ? [replacement, account] : [replacement], {
        metadata,
        taken: 'error.meterReplace.alreadyReplaced',
      });
      return ok(request, null);
    },
  );

  app.post(
    '/business/meterReplace/export',
    {
      config: { ...requires('business:meterReplace:export'), audit: '5' },
      schema: {
        tags: ['meters'],
        summary: 'Export the meter replacements of a filter (xlsx)',
        body: meterReplacementListQuerySchema,
      },
    },
    async (request, reply) => {
      const tr = translator(request);
      const { rows } = await list(request, { ...request.body, pageNum: 1, pageSize: EXPORT_MAX_ROWS });
      return sendXlsx<MeterReplacementView>(
        reply,
        'meter-replacements',
        [
          { header: tr('meterReplace.oldMeterNo'), value: (r) => r.oldMeterNo, width: 20 },
          { header: tr('meterReplace.newMeterNo'), value: (r) => r.newMeterNo, width: 20 },
          { header: tr('meterReplace.accountNo'), value: (r) => r.accountNo, width: 20 },
          { header: tr('meterReplace.lastReadTime'), value: (r) => r.lastReadTime, width: 26 },
          { header: tr('meterReplace.recentReading'), value: (r) => r.recentReading },
          { header: tr('meterReplace.newInitialReading'), value: (r) => r.newInitialReading },
          { header: tr('meterReplace.reason'), value: (r) => r.reason, width: 40 },
          { header: tr('meterReplace.replacedAt'), value: (r) => r.replacedAt, width: 26 },
          { header: tr('meterReplace.operator'), value: (r) => r.operator },
        ],
        rows,
      );
    },
  );
};
