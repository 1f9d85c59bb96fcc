import { listMeters, listMeterTypes } from '@hydrolog/projections';
import {
  apiResponses,
  envelopeSchema,
  idListSchema,
  listEnvelopeSchema,
  meterBodySchema,
  meterChangeBodySchema,
  meterImportResultSchema,
  meterListQuerySchema,
  meterTypeBodySchema,
  meterTypeListQuerySchema,
  meterTypeViewSchema,
  meterViewSchema,
  noDataResponses,
  pagedQuerySchema,
  updateMeterTypeBodySchema,
} from '@hydrolog/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { callerOf, readAsCaller, requires } from '../auth/guard.ts';
import { ok, okList } from '../http.ts';
import type { Services } from '../services.ts';
import { changeMeter } from './change-meter.ts';
import { changeMeterType } from './change-meter-type.ts';
import { createMeterType } from './create-meter-type.ts';
import { deleteMeterTypes } from './delete-meter-types.ts';
import { deleteMeters } from './delete-meters.ts';
import { exportMeterTypes } from './export-meter-types.ts';
import { exportMeters } from './export-meters.ts';
import { importMeters, sendImportTemplate } from './import.ts';
import { meterTypeOf, meterTypeOptions } from './meter-types.ts';
import { meterOf } from './meters.ts';
import { registerMeter } from './register-meter.ts';

const meterTypeIdParams = z.object({ meterTypeId: z.uuid() });
const meterIdParams = z.object({ meterId: z.uuid() });
const meterTypeResponse = apiResponses(envelopeSchema(meterTypeViewSchema));
const meterResponse = apiResponses(envelopeSchema(meterViewSchema));

/** Meter types and meters of a tenant (spec sections 3 and 5): registry, list with latest state, import. */
export const meterRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const { db } = services;

  // ---- meter types ----

  app.get(
    '/business/meterType/list',
    {
      config: requires('business:meterType:list'),
      schema: {
        tags: ['meters'],
        summary: 'List meter types',
        querystring: pagedQuerySchema(meterTypeListQuerySchema),
        response: apiResponses(listEnvelopeSchema(meterTypeViewSchema)),
      },
    },
    async (request) =>
      okList(request, await readAsCaller(db, request, (sql) => listMeterTypes(sql, request.query))),
  );

  app.get(
    '/business/meterType/optionselect',
    {
      config: requires('business:meter:list'),
      schema: {
        tags: ['meters'],
        summary: 'Every meter type of the tenant, for choosing',
        response: apiResponses(envelopeSchema(z.array(meterTypeViewSchema))),
      },
    },
    async (request) => ok(request, await meterTypeOptions(db, request)),
  );

  app.get(
    '/business/meterType/:meterTypeId',
    {
      config: requires('business:meterType:query'),
      schema: {
        tags: ['meters'],
        summary: 'One meter type',
        params: meterTypeIdParams,
        response: meterTypeResponse,
      },
    },
    async (request) => ok(request, await meterTypeOf(db, request, request.params.meterTypeId)),
  );

  app.post(
    '/business/meterType',
    {
      config: requires('business:meterType:add'),
      schema: {
        tags: ['meters'],
        summary: 'Create a meter type',
        body: meterTypeBodySchema,
        response: meterTypeResponse,
      },
    },
    async (request) => ok(request, await createMeterType(services, request, request.body)),
  );

  app.put(
    '/business/meterType',
    {
      config: requires('business:meterType:edit'),
      schema: {
        tags: ['meters'],
        summary: 'Change a meter type',
        body: updateMeterTypeBodySchema,
        response: meterTypeResponse,
      },
    },
    async (request) => ok(request, await changeMeterType(services, request, request.body)),
  );

  app.delete(
    '/business/meterType/:meterTypeIds',
    {
      config: requires('business:meterType:remove'),
      schema: {
        tags: ['meters'],
        summary: 'Delete meter types that no meter uses',
        params: z.object({ meterTypeIds: idListSchema }),
        response: noDataResponses,
      },
    },
    async (request) => {
      await deleteMeterTypes(services, request, request.params.meterTypeIds);
      return ok(request, null);
    },
  );

  app.post(
    '/business/meterType/export',
    {
      config: { ...requires('business:meterType:export'), audit: '5' },
      schema: {
        tags: ['meters'],
        summary: 'Export the meter types of a filter (xlsx)',
        body: meterTypeListQuerySchema,
      },
    },
    async (request, reply) => exportMeterTypes(db, request, reply, request.body),
  );

  // ---- meters ----

  app.get(
    '/business/meter/list',
    {
      config: requires('business:meter:list'),
      schema: {
        tags: ['meters'],
        summary: 'List meters with their latest reading and communication state',
        querystring: pagedQuerySchema(meterListQuerySchema),
        response: apiResponses(listEnvelopeSchema(meterViewSchema)),
      },
    },
    async (request) =>
      okList(
        request,
        await readAsCaller(db, request, (sql) => listMeters(sql, request.query, callerOf(request).dataScope)),
      ),
  );

  app.post(
    '/business/meter/importTemplate',
    {
      config: { ...requires('business:meter:import'), reads: true },
      schema: { tags: ['meters'], summary: 'The xlsx template of a meter import, with an example row' },
    },
    async (request, reply) => sendImportTemplate(db, request, reply),
  );

  app.get(
    '/business/meter/:meterId',
    {
      config: requires('business:meter:query'),
      schema: { tags: ['meters'], summary: 'One meter', params: meterIdParams, response: meterResponse },
    },
    async (request) => ok(request, await meterOf(db, request, request.params.meterId)),
  );

  app.post(
    '/business/meter',
    {
      config: requires('business:meter:add'),
      schema: {
        tags: ['meters'],
        summary: 'Register a meter',
        body: meterBodySchema,
        response: meterResponse,
      },
    },
    async (request) => ok(request, await registerMeter(services, request, request.body)),
  );

  app.put(
    '/business/meter',
    {
      config: requires('business:meter:edit'),
      schema: {
        tags: ['meters'],
        summary: 'Change a meter (its number stays)',
        body: meterChangeBodySchema,
        response: meterResponse,
      },
    },
    async (request) => ok(request, await changeMeter(services, request, request.body)),
  );

  app.delete(
    '/business/meter/:meterIds',
    {
      config: requires('business:meter:remove'),
      schema: {
        tags: ['meters'],
        summary: 'Delete meters registered by mistake (never reported, on no account)',
        params: z.object({ meterIds: idListSchema }),
        response: noDataResponses,
      },
    },
    async (request) => {
      await deleteMeters(services, request, request.params.meterIds);
      return ok(request, null);
    },
  );

  app.post(
    '/business/meter/export',
    {
      config: { ...requires('business:meter:export'), audit: '5' },
      schema: {
        tags: ['meters'],
        summary: 'Export the meters of a filter (xlsx)',
        body: meterListQuerySchema,
      },
    },
    async (request, reply) => exportMeters(db, request, reply, request.body),
  );

  app.post(
    '/business/meter/import',
    {
      config: { ...requires('business:meter:import'), audit: '6' },
      schema: {
        tags: ['meters'],
        summary:
          'Import meters from an xls or xlsx file (multipart field file): good rows registered, bad rows reported',
        consumes: ['multipart/form-data'],
        response: apiResponses(envelopeSchema(meterImportResultSchema)),
      },
    },
    async (request) => ok(request, await importMeters(services, request)),
  );
};
