import {
  apiResponses,
  envelopeSchema,
  listEnvelopeSchema,
  meterCommandKindSchema,
  meterCommandStatusSchema,
  pageQuerySchema,
} from '@hydrolog/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { callerMetadata, requires } from '../auth/guard.ts';
import { ok, okList } from '../http.ts';
import type { CommandDispatch } from '../ingest/dispatch.ts';
import type { Services } from '../services.ts';
import { listCommands } from './command-records.ts';
import { operateValves } from './issue-command.ts';

const meterIdsBody = z.object({ meterIds: z.array(z.uuid()).min(1, 'validation.required').max(1000) });
const issuedResponse = apiResponses(envelopeSchema(z.object({ commandIds: z.array(z.uuid()) })));

const commandRowSchema = z.object({
  commandId: z.uuid(),
  meterId: z.uuid(),
  meterNo: z.string(),
  kind: meterCommandKindSchema,
  status: meterCommandStatusSchema,
  attempts: z.number().int(),
  gatewayId: z.string().nullable(),
  deadline: z.string().nullable(),
  detail: z.string().nullable(),
  issuedAt: z.string(),
  updatedAt: z.string(),
});

/**
 * Valve operation and key update (spec section 4): commands go to the meters' gateways through the
 * downlink; their status moves with the gateway's answers.
 */
export const meterCommandRoutes: FastifyPluginAsyncZod<{
  services: Services;
  dispatch: CommandDispatch;
}> = async (app, { services, dispatch }) => {
  for (const action of ['open', 'close'] as const) {
    app.post(
      `/business/valve/${action}`,
      {
        config: requires(`business:valve:${action}`),
        schema: {
          tags: ['valves'],
          summary: `Remote valve ${action}, one meter or a batch`,
          body: meterIdsBody,
          response: issuedResponse,
        },
      },
      async (request) => {
        const { meterIds } = request.body;
        return ok(request, {
          commandIds: await operateValves(dispatch, request, action, meterIds),
        });
      },
    );
  }

  app.post(
    '/business/keyUpdate/send',
    {
      config: requires('business:keyUpdate:send'),
      schema: {
        tags: ['valves'],
        summary: 'Send a new key to a meter',
        body: z.object({ meterId: z.uuid(), key: z.string().trim().min(1, 'validation.required').max(64) }),
        response: issuedResponse,
      },
    },
    async (request) => {
      const commandIds = await dispatch.issue(
        callerMetadata(request),
        [request.body.meterId],
        'keyUpdate',
        request.body.key,
      );
      return ok(request, { commandIds });
    },
  );

  app.get(
    '/business/valve/list',
    {
      config: requires('business:valve:list'),
      schema: {
        tags: ['valves'],
        summary: 'Valve and key-update commands with their status, newest first',
        querystring: pageQuerySchema.extend({
          /** Meters whose number contains it. */
          meterNo: z.string().max(32).optional(),
          /** The commands of this one meter (a meter's history). */
          meterId: z.uuid().optional(),
          kind: meterCommandKindSchema.optional(),
        }),
        response: apiResponses(listEnvelopeSchema(commandRowSchema)),
      },
    },
    async (request) => okList(request, await listCommands(services.db, request, request.query)),
  );
};
