import type { ReadingIngest } from '@hydrolog/ingest';
import {
  COMMAND_WAIT_MAX_SECONDS,
  commandAckBodySchema,
  downlinkCommandSchema,
  INGEST_MAX_BYTES,
  ingestAnswerSchema,
} from '@hydrolog/schemas';
import type { FastifyError } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { failure, requestLanguage } from '../http.ts';
import type { Services } from '../services.ts';
import { busyAnswer, gatewayErrorAnswer } from './answers.ts';
import { gatewayOf, registerGatewayAuth } from './auth.ts';
import type { CommandDispatch } from './dispatch.ts';
import { receiveUpload } from './receive-readings.ts';

export const INGEST_PREFIX = '/ingest/v1';

export interface IngestRouteOptions {
  services: Services;
  ingest: ReadingIngest;
  dispatch: CommandDispatch;
  /** Readings events the readings projection may be behind before uploads get 429. */
  maxBacklog: number;
}

const errorBody = z.object({ code: z.number(), msg: z.string() }).passthrough();

/**
 * The gateway protocol (README "Gateway protocol"): readings up, commands down, each gateway with its
 * own key. Registered under /ingest/v1, outside /prod-api and its user sessions.
 */
export const ingestRoutes: FastifyPluginAsyncZod<IngestRouteOptions> = async (app, options) => {
  const { services, ingest, dispatch, maxBacklog } = options;
  registerGatewayAuth(app, services);

  app.setErrorHandler((error: FastifyError, request, reply) => {
    const answer = gatewayErrorAnswer(error, requestLanguage(request));
    if (answer) return reply.status(answer.status).send(answer.body);
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      return reply
        .status(413)
        .send(failure(request, 'error.ingest.tooLarge', { max: INGEST_MAX_BYTES / 1024 / 1024 }, 413));
    }
    throw error; // the app's handler: validation 400s, unexpected 500s
  });

  await app.register(async (uploads) => {
    // Every body arrives as bytes: the decoder reads JSON, NDJSON and Arrow and reports precise errors.
    uploads.removeAllContentTypeParsers();
    uploads.addContentTypeParser(
      '*',
      { parseAs: 'buffer', bodyLimit: INGEST_MAX_BYTES },
      (_request, body, done) => done(null, body),
    );
    uploads.post(
      '/readings',
      {
        bodyLimit: INGEST_MAX_BYTES,
        schema: {
          tags: ['ingest'],
          summary: 'Upload readings (JSON, NDJSON or Arrow IPC stream); answered once they are durable',
          response: {
            202: ingestAnswerSchema,
            400: errorBody,
            413: errorBody,
            415: errorBody,
            429: errorBody,
          },
        },
      },
      async (request, reply) => {
        const answer = await receiveUpload({ services, ingest, maxBacklog }, request);
        if (answer === 'busy') {
          const busy = busyAnswer(requestLanguage(request));
          return reply.status(busy.status).header('retry-after', String(busy.retryAfter)).send(busy.body);
        }
        return reply.status(202).send(answer);
      },
    );
  });

  app.get(
    '/commands',
    {
      schema: {
        tags: ['ingest'],
        summary: "Commands for the gateway's meters; waits up to `wait` seconds for one (long poll)",
        querystring: z.object({
          wait: z.coerce.number().int().min(0).max(COMMAND_WAIT_MAX_SECONDS).default(0),
        }),
        response: { 200: z.object({ commands: z.array(downlinkCommandSchema) }) },
      },
    },
    async (request, reply) => {
      const abort = new AbortController();
      reply.raw.once('close', () => abort.abort());
      return { commands: await dispatch.take(gatewayOf(request), request.query.wait, abort.signal) };
    },
  );

  app.post(
    '/commands/:commandId/ack',
    {
      schema: {
        tags: ['ingest'],
        summary: 'Answer a command: success or fail',
        params: z.object({ commandId: z.uuid() }),
        body: commandAckBodySchema,
        response: { 200: z.object({ commandId: z.uuid() }), 404: errorBody, 409: errorBody },
      },
    },
    async (request) => {
      await dispatch.acknowledge(gatewayOf(request), request.params.commandId, request.body);
      return { commandId: request.params.commandId };
    },
  );
};
