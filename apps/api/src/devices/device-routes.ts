import { deviceRegions } from '@hydrolog/projections';
import {
  apiResponses,
  deviceBodySchema,
  deviceListQuerySchema,
  deviceRegionViewSchema,
  deviceViewSchema,
  envelopeSchema,
  idListSchema,
  listEnvelopeSchema,
  noDataResponses,
  pagedQuerySchema,
  regionBodySchema,
  regionListQuerySchema,
  updateDeviceBodySchema,
  updateRegionBodySchema,
} from '@hydrolog/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { readAsCaller, requires } from '../auth/guard.ts';
import { ok, okList } from '../http.ts';
import type { Services } from '../services.ts';
import { deleteDeviceRegion } from './delete-device-region.ts';
import { deleteDevices } from './delete-devices.ts';
import { deviceOf, deviceRegionOf, devicesOf } from './devices.ts';
import { exportDevices } from './export-devices.ts';
import { saveDevice } from './save-device.ts';
import { saveDeviceRegion } from './save-device-region.ts';

const deviceResponse = apiResponses(envelopeSchema(deviceViewSchema));
const regionResponse = apiResponses(envelopeSchema(deviceRegionViewSchema));

/** Devices of the seven types and the device regions they are filed under, of the caller's tenant. */
export const deviceRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const { db } = services;

  app.get(
    '/device/device/list',
    {
      config: requires('device:device:query'),
      schema: {
        tags: ['devices'],
        summary: 'List devices by id or name, type, status and region (with its sub-regions)',
        querystring: pagedQuerySchema(deviceListQuerySchema),
        response: apiResponses(listEnvelopeSchema(deviceViewSchema)),
      },
    },
    async (request) => okList(request, await devicesOf(db, request, request.query)),
  );

  app.get(
    '/device/device/:deviceId',
    {
      config: requires('device:device:query'),
      schema: {
        tags: ['devices'],
        summary: 'One device',
        params: z.object({ deviceId: z.uuid() }),
        response: deviceResponse,
      },
    },
    async (request) => ok(request, await deviceOf(db, request, request.params.deviceId)),
  );

  app.post(
    '/device/device',
    {
      config: requires('device:device:add'),
      schema: {
        tags: ['devices'],
        summary: 'Add a device',
        body: deviceBodySchema,
        response: deviceResponse,
      },
    },
    async (request) => ok(request, await saveDevice(services, request, null, request.body)),
  );

  app.put(
    '/device/device',
    {
      config: requires('device:device:edit'),
      schema: {
        tags: ['devices'],
        summary: 'Change a device, on the version the caller saw',
        body: updateDeviceBodySchema,
        response: deviceResponse,
      },
    },
    async (request) => {
      const { deviceId, version, ...fields } = request.body;
      return ok(request, await saveDevice(services, request, { deviceId, version }, fields));
    },
  );

  app.delete(
    '/device/device/:ids',
    {
      config: requires('device:device:remove'),
      schema: {
        tags: ['devices'],
        summary: 'Delete devices',
        params: z.object({ ids: idListSchema }),
        response: noDataResponses,
      },
    },
    async (request) => {
      await deleteDevices(services, request, request.params.ids);
      return ok(request, null);
    },
  );

  app.post(
    '/device/device/export',
    {
      config: { ...requires('device:device:export'), audit: '5' },
      schema: {
        tags: ['devices'],
        summary: 'Export the devices of a filter (xlsx)',
        body: deviceListQuerySchema,
      },
    },
    async (request, reply) => exportDevices(services, request, reply, request.body),
  );

  // ---- Device regions ------------------------------------------------------------------------------------

  app.get(
    '/device/region/list',
    {
      config: requires('device:region:list'),
      schema: {
        tags: ['devices'],
        summary: 'Every device region (a flat list; parentId makes the tree)',
        querystring: regionListQuerySchema,
        response: apiResponses(envelopeSchema(z.array(deviceRegionViewSchema))),
      },
    },
    async (request) =>
      ok(request, await readAsCaller(db, request, (sql) => deviceRegions.list(sql, request.query))),
  );

  app.get(
    '/device/region/:regionId',
    {
      config: requires('device:region:query'),
      schema: {
        tags: ['devices'],
        summary: 'One device region',
        params: z.object({ regionId: z.uuid() }),
        response: regionResponse,
      },
    },
    async (request) => ok(request, await deviceRegionOf(db, request, request.params.regionId)),
  );

  app.post(
    '/device/region',
    {
      config: requires('device:region:add'),
      schema: {
        tags: ['devices'],
        summary: 'Add a top device region (no parent) or a sub-region',
        body: regionBodySchema,
        response: regionResponse,
      },
    },
    async (request) => ok(request, await saveDeviceRegion(services, request, null, request.body)),
  );

  app.put(
    '/device/region',
    {
      config: requires('device:region:edit'),
      schema: {
        tags: ['devices'],
        summary: 'Change a device region (its name, order or superior)',
        body: updateRegionBodySchema,
        response: regionResponse,
      },
    },
    async (request) => {
      const { regionId, ...body } = request.body;
      return ok(request, await saveDeviceRegion(services, request, regionId, body));
    },
  );

  app.delete(
    '/device/region/:regionId',
    {
      config: requires('device:region:remove'),
      schema: {
        tags: ['devices'],
        summary: 'Delete a device region without sub-regions or devices',
        params: z.object({ regionId: z.uuid() }),
        response: noDataResponses,
      },
    },
    async (request) => {
      await deleteDeviceRegion(services, request, request.params.regionId);
      return ok(request, null);
    },
  );
};
