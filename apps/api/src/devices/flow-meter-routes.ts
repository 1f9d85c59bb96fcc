import {
  apiResponses,
  envelopeSchema,
  flowMeterBodySchema,
  flowMeterListQuerySchema,
  flowMeterViewSchema,
  idListSchema,
  listEnvelopeSchema,
  noDataResponses,
  pagedQuerySchema,
  updateFlowMeterBodySchema,
} from '@hydrolog/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requires } from '../auth/guard.ts';
import { ok, okList } from '../http.ts';
import type { Services } from '../services.ts';
import { changeFlowMeter } from './change-flow-meter.ts';
import { createFlowMeter } from './create-flow-meter.ts';
import { deleteFlowMeters } from './delete-flow-meters.ts';
import { exportFlowMeters } from './export-flow-meters.ts';
import { flowMeterOf, flowMetersOf } from './flow-meters.ts';

const flowMeterResponse = apiResponses(envelopeSchema(flowMeterViewSchema));

/** District and bulk flow meters of the caller's tenant, with their latest values (spec sections 2 to 5). */
export const flowMeterRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const { db } = services;

  app.get(
    '/device/flow/list',
    {
      config: requires('device:flow:query'),
      schema: {
        tags: ['devices'],
        summary: 'List flow meters with their latest values',
        querystring: pagedQuerySchema(flowMeterListQuerySchema),
        response: apiResponses(listEnvelopeSchema(flowMeterViewSchema)),
      },
    },
    async (request) => okList(request, await flowMetersOf(db, request, request.query)),
  );

  app.get(
    '/device/flow/:flowMeterId',
    {
      config: requires('device:flow:query'),
      schema: {
        tags: ['devices'],
        summary: 'One flow meter with its latest values',
        params: z.object({ flowMeterId: z.uuid() }),
        response: flowMeterResponse,
      },
    },
    async (request) => ok(request, await flowMeterOf(db, request, request.params.flowMeterId)),
  );

  app.post(
    '/device/flow',
    {
      config: requires('device:flow:add'),
      schema: {
        tags: ['devices'],
        summary: 'Make a meter address a flow meter (a new address is registered as a meter)',
        body: flowMeterBodySchema,
        response: flowMeterResponse,
      },
    },
    async (request) => ok(request, await createFlowMeter(services, request, request.body)),
  );

  app.put(
    '/device/flow',
    {
      config: requires('device:flow:edit'),
      schema: {
        tags: ['devices'],
        summary: 'Change a flow meter (its meter address stays)',
        body: updateFlowMeterBodySchema,
        response: flowMeterResponse,
      },
    },
    async (request) => ok(request, await changeFlowMeter(services, request, request.body)),
  );

  app.delete(
    '/device/flow/:ids',
    {
      config: requires('device:flow:remove'),
      schema: {
        tags: ['devices'],
        summary: 'Delete flow meters (their meters and readings stay in the registry)',
        params: z.object({ ids: idListSchema }),
        response: noDataResponses,
      },
    },
    async (request) => {
      await deleteFlowMeters(services, request, request.params.ids);
      return ok(request, null);
    },
  );

  app.post(
    '/device/flow/export',
    {
      config: { ...requires('device:flow:export'), audit: '5' },
      schema: {
        tags: ['devices'],
        summary: 'Export the flow meters of a filter with their latest values (xlsx)',
        body: flowMeterListQuerySchema,
      },
    },
    async (request, reply) => exportFlowMeters(services, request, reply, request.body),
  );
};
