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
import { readAsCaller, requires } from '../auth/guard.ts';
import { ok } from '../http.ts';
import type { Services } from '../services.ts';

/** The device screen's map data and the latest values of what is clicked on it. */
export const deviceScreenRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (
  app,
  { services },
) => {
  const { db } = services;

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
