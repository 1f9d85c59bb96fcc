import { listMeterCommandStates } from '@hydrolog/projections';
import {
  apiResponses,
  keyUpdateListQuerySchema,
  keyUpdateRecordSchema,
  listEnvelopeSchema,
  meterCommandStateQuerySchema,
  meterCommandStateSchema,
  pagedQuerySchema,
} from '@hydrolog/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { readAsCaller, requires } from '../auth/guard.ts';
import { okList } from '../http.ts';
import type { Services } from '../services.ts';
import { listKeyUpdates } from './command-records.ts';
import { exportCommandStates } from './export-command-states.ts';

const stateList = {
  querystring: pagedQuerySchema(meterCommandStateQuerySchema),
  response: apiResponses(listEnvelopeSchema(meterCommandStateSchema)),
};

/**
 * The valve operation and key update pages: meters with their latest command (polled while one is under
 * way), their exports, and the key update records. Commands are issued by the routes of command-routes.ts.
 */
export const valveRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const { db } = services;

  app.get(
    '/business/valve/meters',
    {
      config: requires('business:valve:list'),
      schema: {
        tags: ['valves'],
        summary: 'Valve-capable meters with their valve and latest valve command',
        ...stateList,
      },
    },
    async (request) =>
      okList(
        request,
        await readAsCaller(db, request, (sql) => listMeterCommandStates(sql, 'valve', request.query)),
      ),
  );

  app.get(
    '/business/keyUpdate/meters',
    {
      config: requires('business:keyUpdate:list'),
      schema: { tags: ['valves'], summary: 'Meters with their latest key update', ...stateList },
    },
    async (request) =>
      okList(
        request,
        await readAsCaller(db, request, (sql) => listMeterCommandStates(sql, 'keyUpdate', request.query)),
      ),
  );

  app.get(
    '/business/keyUpdate/list',
    {
      config: requires('business:keyUpdate:list'),
      schema: {
        tags: ['valves'],
        summary: 'Key update records: executing, resend, timeout, resend successful, success, fail',
        querystring: keyUpdateListQuerySchema,
        response: apiResponses(listEnvelopeSchema(keyUpdateRecordSchema)),
      },
    },
    async (request) => okList(request, await listKeyUpdates(db, request, request.query)),
  );

  for (const family of ['valve', 'keyUpdate'] as const) {
    app.post(
      `/business/${family}/export`,
      {
        config: { ...requires(`business:${family}:export`), audit: '5' },
        schema: {
          tags: ['valves'],
          summary:
            family === 'valve'
              ? 'Export the valve-capable meters of a filter with their latest valve command (xlsx)'
              : 'Export the meters of a filter with their latest key update, never a key (xlsx)',
          body: meterCommandStateQuerySchema,
        },
      },
      async (request, reply) => exportCommandStates(db, request, reply, family, request.body),
    );
  }
};
