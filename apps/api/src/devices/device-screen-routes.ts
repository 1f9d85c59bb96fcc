import type { ServerResponse } from 'node:http';
import { deviceScreen, latestByMeterNo } from '@hydrolog/projections';
import {
  apiResponses,
  deviceLatestQuerySchema,
  deviceLatestSchema,
  deviceScreenQuerySchema,
  deviceScreenSchema,
  envelopeSchema,
} from '@hydrolog/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callerOf, readAsCaller, requires } from '../auth/guard.ts';
import { ok } from '../http.ts';
import type { Services } from '../services.ts';
import { DeviceScreenFeeds } from './screen-feed.ts';

/** The device screen's map data, its live changes, and the latest values of what is clicked on it. */
export const deviceScreenRoutes: FastifyPluginAsyncZod<{
  services: Services;
  screenLookMs?: number;
}> = async (app, { services, screenLookMs }) => {
  const { db } = services;
  const feeds = new DeviceScreenFeeds(db, screenLookMs);
  const streams = new Set<ServerResponse>();
  // Open streams would keep the server from closing: they end first, and a screen reconnects elsewhere.
  app.addHook('preClose', async () => {
    for (const stream of streams) stream.end();
    feeds.close();
  });

  app.get(
    '/device/screen',
    {
      config: requires('device:screen:list'),
      schema: {
        tags: ['devices'],
        summary: "The tenant's devices, positioned meters with their states and partition boundaries",
        querystring: deviceScreenQuerySchema,
        response: apiResponses(envelopeSchema(deviceScreenSchema)),
      },
    },
    async (request) =>
      ok(request, await readAsCaller(db, request, (sql) => deviceScreen(sql, request.query))),
  );

  app.get(
    '/device/screen/live',
    {
      config: requires('device:screen:list'),
      schema: {
        tags: ['devices'],
        summary: "The device screen's live changes (server-sent events)",
        description:
          'A text/event-stream of `reload` (read /device/screen again; always first) and `states` (the meters ' +
          'and devices whose state or place changed, and when the map was looked at) events.',
      },
    },
    async (request, reply) => {
      const { tenantId } = callerOf(request);
      reply.hijack();
      reply.raw.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache',
        connection: 'keep-alive',
        // Proxies that buffer would hold the changes back.
        'x-accel-buffering': 'no',
      });
      streams.add(reply.raw);
      const unsubscribe = feeds.subscribe(tenantId, (change) =>
        reply.raw.write(`event: ${change.kind}\ndata: ${JSON.stringify(change)}\n\n`),
      );
      request.raw.on('close', () => {
        unsubscribe();
        streams.delete(reply.raw);
      });
    },
  );

  app.get(
    '/device/screen/latest',
    {
      config: requires('device:screen:list'),
      schema: {
        tags: ['devices'],
        summary: 'The latest reading reported under a meter number or device id',
        querystring: deviceLatestQuerySchema,
        response: apiResponses(envelopeSchema(deviceLatestSchema)),
      },
    },
    async (request) =>
      ok(request, await readAsCaller(db, request, (sql) => latestByMeterNo(sql, request.query.meterNo))),
  );
};
