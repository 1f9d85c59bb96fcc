import { listGroupMeters, listMeterGroups } from '@hydrolog/projections';
import {
  apiResponses,
  envelopeSchema,
  groupMeterNosSchema,
  idListSchema,
  listEnvelopeSchema,
  meterGroupBodySchema,
  meterGroupListQuerySchema,
  meterGroupViewSchema,
  meterViewSchema,
  noDataResponses,
  pagedQuerySchema,
  pageQuerySchema,
  updateMeterGroupBodySchema,
} from '@hydrolog/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { readAsCaller, requires } from '../auth/guard.ts';
import { ok, okList } from '../http.ts';
import type { Services } from '../services.ts';
import { addGroupMeters } from './add-group-meters.ts';
import { createGroup } from './create-group.ts';
import { deleteGroups } from './delete-groups.ts';
import { exportMeterGroups } from './export-meter-groups.ts';
import { groupOf } from './groups.ts';
import { removeGroupMeters } from './remove-group-meters.ts';
import { renameGroup } from './rename-group.ts';

const groupIdParams = z.object({ groupId: z.uuid() });
const groupResponse = apiResponses(envelopeSchema(meterGroupViewSchema));

/** Meter groups (spec section 5: unique names): create, rename, delete, add and remove meters. */
export const meterGroupRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const { db } = services;

  app.get(
    '/business/group/list',
    {
      config: requires('business:group:list'),
      schema: {
        tags: ['meters'],
        summary: 'List meter groups',
        querystring: pagedQuerySchema(meterGroupListQuerySchema),
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
    async (request) => ok(request, await groupOf(db, request, request.params.groupId)),
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
      await groupOf(db, request, groupId);
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
    async (request) => ok(request, await createGroup(services, request, request.body)),
  );

  app.put(
    '/business/group',
    {
      config: requires('business:group:edit'),
      schema: {
        tags: ['meters'],
        summary: 'Rename a meter group',
        body: updateMeterGroupBodySchema,
        response: groupResponse,
      },
    },
    async (request) => ok(request, await renameGroup(services, request, request.body)),
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
    async (request) =>
      ok(request, await addGroupMeters(services, request, request.params.groupId, request.body.meterNos)),
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
      return ok(request, await removeGroupMeters(services, request, groupId, meterIds));
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
      await deleteGroups(services, request, request.params.groupIds);
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
    async (request, reply) => exportMeterGroups(db, request, reply, request.body),
  );
};
