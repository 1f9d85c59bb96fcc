import {
  apiResponses,
  envelopeSchema,
  idListSchema,
  listEnvelopeSchema,
  noDataResponses,
  pagedQuerySchema,
  pressureAlarmListQuerySchema,
  pressureAlarmViewSchema,
  pressureAnalysisQuerySchema,
  pressureAnalysisSchema,
  pressureMeterBodySchema,
  pressureMeterListQuerySchema,
  pressureMeterViewSchema,
  pressureTrendQuerySchema,
  pressureTrendSchema,
  updatePressureMeterBodySchema,
} from '@hydrolog/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requires } from '../auth/guard.ts';
import { ok, okList } from '../http.ts';
import type { Services } from '../services.ts';
import { changePressureMeter } from './change-pressure-meter.ts';
import { createPressureMeter } from './create-pressure-meter.ts';
import { deletePressureMeters } from './delete-pressure-meters.ts';
import { exportPressureMeters } from './export-pressure-meters.ts';
import { pressureMeterAnalysis, pressureMeterTrend } from './pressure-analysis.ts';
import { pressureAlarmsOf, pressureMeterOf, pressureMetersOf } from './pressure-meters.ts';

const pressureMeterResponse = apiResponses(envelopeSchema(pressureMeterViewSchema));
const byId = z.object({ pressureMeterId: z.uuid() });

/** Pressure meters of the caller's tenant, their state, single-point analysis and trend (spec sections 2 to 5). */
export const pressureMeterRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (
  app,
  { services },
) => {
  const { db } = services;

  app.get(
    '/device/pressure/list',
    {
      config: requires('device:pressure:query'),
      schema: {
        tags: ['devices'],
        summary: 'List pressure meters with their latest pressure and state',
        querystring: pagedQuerySchema(pressureMeterListQuerySchema),
        response: apiResponses(listEnvelopeSchema(pressureMeterViewSchema)),
      },
    },
    async (request) => okList(request, await pressureMetersOf(db, request, request.query)),
  );

  app.get(
    '/device/pressure/alarm/list',
    {
      config: requires('device:pressure:query'),
      schema: {
        tags: ['devices'],
        summary: 'Pressure alarms, latest first: above the upper limit, below the lower limit, abrupt change',
        querystring: pagedQuerySchema(pressureAlarmListQuerySchema),
        response: apiResponses(listEnvelopeSchema(pressureAlarmViewSchema)),
      },
    },
    async (request) => okList(request, await pressureAlarmsOf(db, request, request.query)),
  );

  app.get(
    '/device/pressure/:pressureMeterId',
    {
      config: requires('device:pressure:query'),
      schema: {
        tags: ['devices'],
        summary: 'One pressure meter with its latest pressure and state',
        params: byId,
        response: pressureMeterResponse,
      },
    },
    async (request) => ok(request, await pressureMeterOf(db, request, request.params.pressureMeterId)),
  );

  app.get(
    '/device/pressure/:pressureMeterId/analysis',
    {
      config: requires('device:pressure:query'),
      schema: {
        tags: ['devices'],
        summary:
          "Single-point analysis: a day's pressure curve against the limits, min, max, mean, minutes out of range",
        params: byId,
        querystring: pressureAnalysisQuerySchema,
        response: apiResponses(envelopeSchema(pressureAnalysisSchema)),
      },
    },
    async (request) =>
      ok(
        request,
        await pressureMeterAnalysis(db, request, request.params.pressureMeterId, request.query.day),
      ),
  );

  app.get(
    '/device/pressure/:pressureMeterId/trend',
    {
      config: requires('device:pressure:query'),
      schema: {
        tags: ['devices'],
        summary: 'The pressure trend: daily min, max and mean over the last 7 or 30 days',
        params: byId,
        querystring: pressureTrendQuerySchema,
        response: apiResponses(envelopeSchema(pressureTrendSchema)),
      },
    },
    async (request) =>
      ok(request, await pressureMeterTrend(db, request, request.params.pressureMeterId, request.query.days)),
  );

  app.post(
    '/device/pressure',
    {
      config: requires('device:pressure:add'),
      schema: {
        tags: ['devices'],
        summary: 'Make a device number a pressure meter (a new number is registered as a meter)',
        body: pressureMeterBodySchema,
        response: pressureMeterResponse,
      },
    },
    async (request) => ok(request, await createPressureMeter(services, request, request.body)),
  );

  app.put(
    '/device/pressure',
    {
      config: requires('device:pressure:edit'),
      schema: {
        tags: ['devices'],
        summary: 'Change a pressure meter (its device number stays)',
        body: updatePressureMeterBodySchema,
        response: pressureMeterResponse,
      },
    },
    async (request) => ok(request, await changePressureMeter(services, request, request.body)),
  );

  app.delete(
    '/device/pressure/:ids',
    {
      config: requires('device:pressure:remove'),
      schema: {
        tags: ['devices'],
        summary: 'Delete pressure meters (their meters and readings stay in the registry)',
        params: z.object({ ids: idListSchema }),
        response: noDataResponses,
      },
    },
    async (request) => {
      await deletePressureMeters(services, request, request.params.ids);
      return ok(request, null);
    },
  );

  app.post(
    '/device/pressure/export',
    {
      config: { ...requires('device:pressure:export'), audit: '5' },
      schema: {
        tags: ['devices'],
        summary: 'Export the pressure meters of a filter with their latest pressure and state (xlsx)',
        body: pressureMeterListQuerySchema,
      },
    },
    async (request, reply) => exportPressureMeters(services, request, reply, request.body),
  );
};
