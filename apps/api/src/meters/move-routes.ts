import { customerDecider, DomainError, meterDecider } from '@hydrolog/domain';
import {
  getTenant,
  listMeterMoves,
  listMoveCandidates,
  listTenants,
  moveFacts,
  takenNumbers,
  tenantTypes,
  withTenant,
} from '@hydrolog/projections';
import {
  apiResponses,
  envelopeSchema,
  listEnvelopeSchema,
  type MeterMoveListQuery,
  type MeterMoveView,
  meterMoveBodySchema,
  meterMoveCandidateQuerySchema,
  meterMoveCandidateSchema,
  meterMoveListQuerySchema,
  meterMoveViewSchema,
  noDataResponses,
  type PageQuery,
  pageQuerySchema,
  tenantOptionSchema,
  tenantTypesSchema,
} from '@hydrolog/schemas';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { callerOf, operatorOnly } from '../auth/guard.ts';
import { executeAll, type StreamCommand } from '../commands.ts';
import { ok, okList, translator } from '../http.ts';
import type { Services } from '../services.ts';
import { EXPORT_MAX_ROWS, sendXlsx } from '../xlsx.ts';

/**
 * Moving meters between tenants (spec sections 2, 3 and 5, platform operators only). Each meter goes with
 * its open account and its history (readings, volumes, valve and key commands); the whole selection moves
 * in one append or not at all.
 */
export const meterMoveRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const { db, store } = services;

  async function tenantOrRefuse(tenantId: string) {
    const tenant = await getTenant(db, tenantId);
    if (!tenant) throw new DomainError('error.tenant.notFound');
    return tenant;
  }

  const list = async (request: FastifyRequest, query: PageQuery & MeterMoveListQuery) => {
    const timeZone = (await getTenant(db, callerOf(request).tenantId))?.settings.timeZone ?? 'UTC';
    return listMeterMoves(db, query, timeZone);
  };

  app.get(
    '/tenant/meterMove/list',
    {
      config: operatorOnly('business:meterMove:query'),
      schema: {
        tags: ['meters'],
        summary: 'List the meters moved between tenants',
        querystring: pageQuerySchema.extend(meterMoveListQuerySchema.shape),
        response: apiResponses(listEnvelopeSchema(meterMoveViewSchema)),
      },
    },
    async (request) => okList(request, await list(request, request.query)),
  );

  app.get(
    '/tenant/meterMove/tenants',
    {
      config: operatorOnly('business:meterMove:query'),
      schema: {
        tags: ['meters'],
        summary: 'The utility tenants meters can move between (the first 50 matching a name)',
        querystring: z.object({ name: z.string().max(50).optional() }),
        response: apiResponses(envelopeSchema(z.array(tenantOptionSchema))),
      },
    },
    async (request) => {
      const { rows } = await listTenants(db, { pageNum: 1, pageSize: 50, name: request.query.name });
      return ok(
        request,
        rows.filter((t) => t.kind !== 'platform').map(({ tenantId, name }) => ({ tenantId, name })),
      );
    },
  );

  app.get(
    '/tenant/meterMove/types/:tenantId',
    {
      config: operatorOnly('business:meterMove:query'),
      schema: {
        tags: ['meters'],
        summary: "A tenant's meter types and customer types (the move form's choices)",
        params: z.object({ tenantId: z.uuid() }),
        response: apiResponses(envelopeSchema(tenantTypesSchema)),
      },
    },
    async (request) => {
      const { tenantId } = request.params;
      await tenantOrRefuse(tenantId);
      return ok(request, await withTenant(db, tenantId, tenantTypes));
    },
  );

  app.get(
    '/tenant/meterMove/meters',
    {
      config: operatorOnly('business:meterMove:query'),
      schema: {
        tags: ['meters'],
        summary: 'The meters of a tenant that can move: on open accounts of a customer type',
        querystring: pageQuerySchema.extend(meterMoveCandidateQuerySchema.shape),
        response: apiResponses(listEnvelopeSchema(meterMoveCandidateSchema)),
      },
    },
    async (request) => {
      await tenantOrRefuse(request.query.sourceTenantId);
      return okList(
        request,
        await withTenant(db, request.query.sourceTenantId, (sql) => listMoveCandidates(sql, request.query)),
      );
    },
  );

  app.post(
    '/tenant/meterMove',
    {
      config: { ...operatorOnly('business:meterMove:move'), audit: '2' },
      schema: {
        tags: ['meters'],
        summary: 'Move meters, with their accounts and history, to another tenant',
        body: meterMoveBodySchema,
        response: noDataResponses,
      },
    },
    async (request) => {
      const { sourceTenantId, targetTenantId, meterIds, customerTypeId, meterTypeId, reason } = request.body;
      await tenantOrRefuse(sourceTenantId);
      await tenantOrRefuse(targetTenantId);
      // Meters of another tenant than the source are simply not found there.
      const facts = await withTenant(db, sourceTenantId, (sql) => moveFacts(sql, meterIds));
      const meters = [...new Set(meterIds)].map((id) => {
        const meter = facts.get(id);
        if (!meter) throw new DomainError('error.meter.notFound');
        return meter;
      });
      for (const meter of meters) {
        if (!meter.customerId) throw new DomainError('error.meterMove.noAccount', { meterNo: meter.meterNo });
        if (
          meter.meterTypeId !== meters[0]!.meterTypeId ||
          meter.customerTypeId !== meters[0]!.customerTypeId
        )
          throw new DomainError('error.meterMove.mixedTypes');
      }
      const target = await withTenant(db, targetTenantId, async (sql) => ({
        types: await tenantTypes(sql),
        taken: await takenNumbers(
          sql,
          meters.map((m) => m.meterNo),
          meters.map((m) => m.accountNo ?? ''),
        ),
      }));
      if (!target.types.customerTypes.some((t) => t.customerTypeId === customerTypeId))
        throw new DomainError('error.customerType.notFound');
      if (!target.types.meterTypes.some((t) => t.meterTypeId === meterTypeId))
        throw new DomainError('error.meterType.notFound');
      const accountTaken = meters.find((m) => m.accountNo && target.taken.accountNos.has(m.accountNo));
      if (accountTaken)
        throw new DomainError('error.meterMove.accountTaken', { accountNo: accountTaken.accountNo ?? '' });

      const movedAt = new Date().toISOString();
      const moves = { fromTenantId: sourceTenantId, toTenantId: targetTenantId };
      const steps: StreamCommand[] = meters.flatMap((meter) => [
        {
          decider: meterDecider,
          id: meter.meterId,
          command: {
            type: 'MoveMeter',
            ...moves,
            meterTypeId,
            customerId: meter.customerId,
            customerTypeId,
            accountNo: meter.accountNo,
            customerName: meter.customerName,
            address: meter.address,
            phone: meter.phone,
            reason,
            adminContact: request.body.adminContact || null,
            movedAt,
            inPartition: meter.inPartition,
            numberTakenInTarget: target.taken.meterNos.has(meter.meterNo),
          },
        },
        {
          decider: customerDecider,
          id: meter.customerId!,
          // Debts are the billing issue's: none can be open before it exists.
          command: {
            type: 'Move',
            ...moves,
            at: movedAt,
            accountNo: meter.accountNo,
            openDebt: 0,
            customerTypeId,
            meterTypeId,
          },
        },
      ]);
      // The events belong to the tenant the meters now serve; the operator is who did it.
      const metadata = {
        tenantId: targetTenantId,
        userId: callerOf(request).userId,
        correlationId: request.id,
      };
      await executeAll(store, steps, { metadata });
      return ok(request, null);
    },
  );

  app.post(
    '/tenant/meterMove/export',
    {
      config: { ...operatorOnly('business:meterMove:export'), audit: '5' },
      schema: {
        tags: ['meters'],
        summary: 'Export the meter moves of a filter (xlsx)',
        body: meterMoveListQuerySchema,
      },
    },
    async (request, reply) => {
      const tr = translator(request);
      const { rows } = await list(request, { ...request.body, pageNum: 1, pageSize: EXPORT_MAX_ROWS });
      return sendXlsx<MeterMoveView>(
        reply,
        'meter-moves',
        [
          { header: tr('meterMove.meterNo'), value: (r) => r.meterNo, width: 20 },
          { header: tr('meterMove.fromTenant'), value: (r) => r.fromTenantName, width: 24 },
          { header: tr('meterMove.toTenant'), value: (r) => r.toTenantName, width: 24 },
          { header: tr('meterMove.meterType'), value: (r) => r.meterTypeName, width: 20 },
          { header: tr('meterMove.customerType'), value: (r) => r.customerTypeName, width: 20 },
          { header: tr('meterMove.accountNo'), value: (r) => r.accountNo, width: 20 },
          { header: tr('meterMove.customerName'), value: (r) => r.customerName, width: 20 },
          { header: tr('meterMove.address'), value: (r) => r.address, width: 30 },
          { header: tr('meterMove.phone'), value: (r) => r.phone, width: 16 },
          { header: tr('meterMove.reason'), value: (r) => r.reason, width: 40 },
          { header: tr('meterMove.adminContact'), value: (r) => r.adminContact, width: 24 },
          { header: tr('meterMove.movedAt'), value: (r) => r.movedAt, width: 26 },
          { header: tr('meterMove.operator'), value: (r) => r.operator },
        ],
        rows,
      );
    },
  );
};
