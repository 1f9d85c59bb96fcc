import { DomainError, type MeterGroupCommand, meterGroupDecider } from '@hydrolog/domain';
import { findMeters, getMeterGroup, listGroupMeters, listMeterGroups } from '@hydrolog/projections';
import {
  apiResponses,
  envelopeSchema,
  groupMeterNosSchema,
  idListSchema,
  listEnvelopeSchema,
  type MeterGroupView,
  meterGroupBodySchema,
  meterGroupListQuerySchema,
  meterGroupViewSchema,
  meterViewSchema,
  noDataResponses,
  pageQuerySchema,
  uuidv7,
} from '@hydrolog/schemas';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { callerMetadata, callerOf, readAsCaller, requires } from '../auth/guard.ts';
import { execute } from '../commands.ts';
import { ok, okList, translator } from '../http.ts';
import type { Services } from '../services.ts';
import { EXPORT_MAX_ROWS, sendXlsx } from '../xlsx.ts';

const groupIdParams = z.object({ groupId: z.uuid() });
const groupResponse = apiResponses(envelopeSchema(meterGroupViewSchema));

/** Meter groups (spec section 5: unique names): create, rename, delete, add and remove meters. */
export const meterGroupRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const { db, store } = services;

  /** The caller's group, or "not found" (also for another tenant's id). */
  async function group(request: FastifyRequest, groupId: string): Promise<MeterGroupView> {
    const found = await readAsCaller(db, request, (sql) => getMeterGroup(sql, groupId));
    if (!found) throw new DomainError('error.group.notFound');
    return found;
  }

  const run = (request: FastifyRequest, groupId: string, commands: MeterGroupCommand[], version?: number) =>
    execute(store, meterGroupDecider, groupId, commands, {
      metadata: callerMetadata(request),
      expectedVersion: version === undefined ? undefined : BigInt(version),
      taken: 'error.group.exists',
    });

  /** The meter ids of these numbers in the caller's tenant; any unknown number refuses the whole request. */
  async function meterIdsOf(request: FastifyRequest, meterNos: readonly string[]): Promise<string[]> {
    const found = await readAsCaller(db, request, (sql) =>
      findMeters(sql, callerOf(request).tenantId, meterNos),
    );
    const unknown = [...new Set(meterNos)].filter((no) => !found.has(no));
    if (unknown.length > 0)
      throw new DomainError('error.group.unknownMeters', { meterNos: unknown.slice(0, 20).join(', ') });
    return meterNos.map((no) => found.get(no)!);
  }

  app.get(
    '/business/group/list',
    {
      config: requires('business:group:list'),
      schema: {
        tags: ['meters'],
        summary: 'List meter groups',
        querystring: pageQuerySchema.extend(meterGroupListQuerySchema.shape),
        response: apiResponses(listEnvelopeSchema(meterGroupViewSchema)),
      },
    },
    async (request) =>
      okList(request, await readAsCaller(db, request, (sql) => listMeterGroups(sql, request.query))),
  );

  app.get(
    '/business/group/:groupId',
    {
      config: requires('business:group:query'),
      schema: {
        tags: ['meters'],
        summary: 'One meter group',
        params: groupIdParams,
        response: groupResponse,
      },
    },
    async (request) => ok(request, await group(request, request.params.groupId)),
  );

  app.get(
    '/business/group/:groupId/meters',
    {
      config: requires('business:group:query'),
      schema: {
        tags: ['meters'],
        summary: 'The meters of a group',
        params: groupIdParams,
        querystring: pageQuerySchema,
        response: apiResponses(listEnvelopeSchema(meterViewSchema)),
      },
    },
    async (request) => {
      const { groupId } = request.params;
      await group(request, groupId);
      return okList(
        request,
        await readAsCaller(db, request, (sql) => listGroupMeters(sql, groupId, request.query)),
      );
    },
  );

  app.post(
    '/business/group',
    {
      config: requires('business:group:add'),
      schema: {
        tags: ['meters'],
        summary: 'Create a meter group',
        body: meterGroupBodySchema,
        response: groupResponse,
      },
    },
    async (request) => {
      const groupId = uuidv7();
      await run(request, groupId, [
        {
          type: 'CreateMeterGroup',
          groupId,
          tenantId: callerOf(request).tenantId,
          ...request.body,
          createdAt: new Date().toISOString(),
        },
      ]);
      return ok(request, await group(request, groupId));
    },
  );

  app.put(
    '/business/group',
    {
      config: requires('business:group:edit'),
      schema: {
        tags: ['meters'],
        summary: 'Rename a meter group',
        body: meterGroupBodySchema.extend({ groupId: z.uuid(), version: z.number().int().min(0) }),
        response: groupResponse,
      },
    },
    async (request) => {
      const { groupId, version, ...body } = request.body;
      await group(request, groupId);
      await run(request, groupId, [{ type: 'ChangeMeterGroup', ...body }], version);
      return ok(request, await group(request, groupId));
    },
  );

  app.post(
    '/business/group/:groupId/meters',
    {
      config: requires('business:group:edit'),
      schema: {
        tags: ['meters'],
        summary: 'Add meters to a group by number (those already in it are skipped)',
        params: groupIdParams,
        body: groupMeterNosSchema,
        response: groupResponse,
      },
    },
    async (request) => {
      const { groupId } = request.params;
      await group(request, groupId);
      const meterIds = await meterIdsOf(request, request.body.meterNos);
      await run(request, groupId, [{ type: 'AddGroupMeters', meterIds }]);
      return ok(request, await group(request, groupId));
    },
  );

  app.delete(
    '/business/group/:groupId/meters/:meterIds',
    {
      config: requires('business:group:edit'),
      schema: {
        tags: ['meters'],
        summary: 'Remove meters from a group',
        params: groupIdParams.extend({ meterIds: idListSchema }),
        response: groupResponse,
      },
    },
    async (request) => {
      const { groupId, meterIds } = request.params;
      await group(request, groupId);
      await run(request, groupId, [{ type: 'RemoveGroupMeters', meterIds: meterIds.split(',') }]);
      return ok(request, await group(request, groupId));
    },
  );

  app.delete(
    '/business/group/:groupIds',
    {
      config: requires('business:group:remove'),
      schema: {
        tags: ['meters'],
        summary: 'Delete meter groups (the meters stay)',
        params: z.object({ groupIds: idListSchema }),
        response: noDataResponses,
      },
    },
    async (request) => {
      const ids = [...new Set(request.params.groupIds.split(','))];
      for (const id of ids) await group(request, id);
      for (const id of ids) await run(request, id, [{ type: 'DeleteMeterGroup' }]);
      return ok(request, null);
    },
  );

  app.post(
    '/business/group/export',
    {
      config: { ...requires('business:group:export'), audit: '5' },
      schema: {
        tags: ['meters'],
        summary: 'Export the meter groups of a filter (xlsx)',
        body: meterGroupListQuerySchema,
      },
    },
    async (request, reply) => {
      const t = translator(request);
      const { rows } = await readAsCaller(db, request, (sql) =>
        listMeterGroups(sql, { ...request.body, pageNum: 1, pageSize: EXPORT_MAX_ROWS }),
      );
      return sendXlsx<MeterGroupView>(
        reply,
        'meter-groups',
        [
          { header: t('group.name'), value: (r) => r.name, width: 30 },
          { header: t('group.remark'), value: (r) => r.remark, width: 40 },
          { header: t('group.meters'), value: (r) => r.meterCount },
          { header: t('group.created'), value: (r) => r.createTime, width: 26 },
        ],
        rows,
      );
    },
  );
};
