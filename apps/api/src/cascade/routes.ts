import { listPartitions } from '@hydrolog/projections';
import {
  apiResponses,
  CASCADE_IMPORT_MAX,
  cascadeMeterSchema,
  cascadePointChangedSchema,
  cascadePointCreatedSchema,
  envelopeSchema,
  listEnvelopeSchema,
  meterPositionsBodySchema,
  noDataResponses,
  pagedQuerySchema,
  partitionBodySchema,
  partitionDetailSchema,
  partitionListQuerySchema,
  partitionUpdateBodySchema,
  partitionViewSchema,
  pointBodySchema,
  pointUpdateBodySchema,
  removeSubMetersBodySchema,
  subMeterCandidateQuerySchema,
  subMeterCandidateSchema,
  subMeterImportResultSchema,
  subMeterQuerySchema,
  subMetersAddedSchema,
  subMetersBodySchema,
  summaryMeterBodySchema,
} from '@hydrolog/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { readAsCaller, requires } from '../auth/guard.ts';
import { distinctIds, ok, okList } from '../http.ts';
import type { Services } from '../services.ts';
import { addPoint } from './add-point.ts';
import { associateSubMeters } from './associate-sub-meters.ts';
import { associateSummaryMeter } from './associate-summary-meter.ts';
import { changePartition } from './change-partition.ts';
import { changePoint } from './change-point.ts';
import { createPartition } from './create-partition.ts';
import { deletePartition } from './delete-partition.ts';
import { deletePoints } from './delete-points.ts';
import { importSubMeters, sendSubMeterTemplate } from './import-sub-meters.ts';
import { partitionOf } from './lookups.ts';
import { idList } from './params.ts';
import { placeMeters } from './place-meters.ts';
import { removeSubMeters } from './remove-sub-meters.ts';
import { subMeterCandidates, subMetersOf } from './sub-meters.ts';

const partitionIdParams = z.object({ partitionId: z.uuid() });
const pointIdParams = z.object({ pointId: z.uuid() });

/**
 * Cascade partitions (spec sections 2, 3, 5, 8): partitions and their metering points, summary meters and
 * sub-meters (by selection, typed numbers or an xls/xlsx import). The figures, alarms and overviews are
 * `analysisRoutes`.
 */
export const cascadeRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const { db } = services;

  // ---- partitions ------------------------------------------------------------------------------------

  app.get(
    '/cascade/partition/list',
    {
      config: requires('cascade:partition:list'),
      schema: {
        tags: ['cascade'],
        summary: 'List cascade partitions',
        querystring: pagedQuerySchema(partitionListQuerySchema),
        response: apiResponses(listEnvelopeSchema(partitionViewSchema)),
      },
    },
    async (request) =>
      okList(request, await readAsCaller(db, request, (sql) => listPartitions(sql, request.query))),
  );

  app.get(
    '/cascade/partition/:partitionId',
    {
      config: requires('cascade:partition:query'),
      schema: {
        tags: ['cascade'],
        summary: 'A partition with its metering points (the cascade tree) and meter positions',
        params: partitionIdParams,
        response: apiResponses(envelopeSchema(partitionDetailSchema)),
      },
    },
    async (request) => ok(request, await partitionOf(services, request, request.params.partitionId)),
  );

  app.post(
    '/cascade/partition',
    {
      config: requires('cascade:partition:add'),
      schema: {
        tags: ['cascade'],
        summary: 'Create a partition and its root metering point (wizard step 1)',
        body: partitionBodySchema,
        response: apiResponses(envelopeSchema(cascadePointCreatedSchema)),
      },
    },
    async (request) => ok(request, await createPartition(services, request, request.body)),
  );

  app.put(
    '/cascade/partition',
    {
      config: requires('cascade:partition:edit'),
      schema: {
        tags: ['cascade'],
        summary: 'Change a partition (its root point fields and boundary)',
        body: partitionUpdateBodySchema,
        response: apiResponses(envelopeSchema(partitionDetailSchema)),
      },
    },
    async (request) => ok(request, await changePartition(services, request, request.body)),
  );

  app.delete(
    '/cascade/partition/:partitionId',
    {
      config: requires('cascade:partition:remove'),
      schema: {
        tags: ['cascade'],
        summary: 'Delete a partition with all its points (the only way to remove its root)',
        params: partitionIdParams,
        response: noDataResponses,
      },
    },
    async (request) => {
      await deletePartition(services, request, request.params.partitionId);
      return ok(request, null);
    },
  );

  app.put(
    '/cascade/partition/positions',
    {
      config: requires('cascade:partition:edit'),
      schema: {
        tags: ['cascade'],
        summary: "Place a partition's meters on its map (GeoJSON coordinates [lng, lat])",
        body: meterPositionsBodySchema,
        response: noDataResponses,
      },
    },
    async (request) => {
      await placeMeters(services, request, request.body);
      return ok(request, null);
    },
  );

  // ---- metering points -------------------------------------------------------------------------------

  app.post(
    '/cascade/point',
    {
      config: requires('cascade:partition:add'),
      schema: {
        tags: ['cascade'],
        summary: 'Add a metering point under its superior point (at most five levels)',
        body: pointBodySchema,
        response: apiResponses(envelopeSchema(cascadePointCreatedSchema)),
      },
    },
    async (request) => ok(request, await addPoint(services, request, request.body)),
  );

  app.put(
    '/cascade/point',
    {
      config: requires('cascade:partition:edit'),
      schema: {
        tags: ['cascade'],
        summary:
          "Change a metering point's name, leader and thresholds (on the root: the partition's, boundary kept)",
        body: pointUpdateBodySchema,
        response: apiResponses(envelopeSchema(cascadePointChangedSchema)),
      },
    },
    async (request) => ok(request, await changePoint(services, request, request.body)),
  );

  app.delete(
    '/cascade/point/:pointIds',
    {
      config: requires('cascade:partition:remove'),
      schema: {
        tags: ['cascade'],
        summary: 'Delete metering points of one partition (irreversible; not the root, none with sub-meters)',
        params: z.object({ pointIds: idList() }),
        response: noDataResponses,
      },
    },
    async (request) => {
      await deletePoints(services, request, distinctIds(request.params.pointIds));
      return ok(request, null);
    },
  );

  app.put(
    '/cascade/point/summaryMeter',
    {
      config: requires('cascade:partition:edit'),
      schema: {
        tags: ['cascade'],
        summary: 'Associate the summary (inlet) meter of a point (wizard step 2)',
        body: summaryMeterBodySchema,
        response: apiResponses(envelopeSchema(cascadeMeterSchema)),
      },
    },
    async (request) =>
      ok(request, await associateSummaryMeter(services, request, request.body.pointId, request.body.meterNo)),
  );

  app.get(
    '/cascade/point/:pointId/subMeters',
    {
      config: requires('cascade:partition:query'),
      schema: {
        tags: ['cascade'],
        summary: "A point's sub-meters, filtered by a part of the meter number",
        params: pointIdParams,
        querystring: pagedQuerySchema(subMeterQuerySchema),
        response: apiResponses(listEnvelopeSchema(cascadeMeterSchema)),
      },
    },
    async (request) =>
      okList(request, await subMetersOf(services, request, request.params.pointId, request.query)),
  );

  app.get(
    '/cascade/point/:pointId/subMeterCandidates',
    {
      config: requires('cascade:partition:edit'),
      schema: {
        tags: ['cascade'],
        summary: 'Opened meters that may become sub-meters of a point (the batch selection of wizard step 3)',
        params: pointIdParams,
        querystring: pagedQuerySchema(subMeterCandidateQuerySchema),
        response: apiResponses(listEnvelopeSchema(subMeterCandidateSchema)),
      },
    },
    async (request) =>
      okList(request, await subMeterCandidates(services, request, request.params.pointId, request.query)),
  );

  app.post(
    '/cascade/point/subMeters',
    {
      config: requires('cascade:partition:edit'),
      schema: {
        tags: ['cascade'],
        summary:
          'Associate sub-meters (wizard step 3): selected numbers, or numbers separated by English commas',
        body: subMetersBodySchema,
        response: apiResponses(envelopeSchema(subMetersAddedSchema)),
      },
    },
    async (request) =>
      ok(request, await associateSubMeters(services, request, request.body.pointId, request.body.meterNos)),
  );

  app.put(
    '/cascade/point/subMeters/remove',
    {
      config: requires('cascade:partition:edit'),
      schema: {
        tags: ['cascade'],
        summary: 'Remove sub-meters from a point',
        body: removeSubMetersBodySchema,
        response: noDataResponses,
      },
    },
    async (request) => {
      await removeSubMeters(services, request, request.body.pointId, request.body.meterNos);
      return ok(request, null);
    },
  );

  app.post(
    '/cascade/point/subMeters/template',
    {
      config: requires('cascade:partition:import'),
      schema: {
        tags: ['cascade'],
        summary: 'The sub-meter import template (xlsx, one meter number per row)',
      },
    },
    async (request, reply) => sendSubMeterTemplate(request, reply),
  );

  app.post(
    '/cascade/point/:pointId/subMeters/import',
    {
      config: requires('cascade:partition:import'),
      schema: {
        tags: ['cascade'],
        summary: `Import sub-meters from an xls or xlsx file (multipart field file; at most ${CASCADE_IMPORT_MAX} rows; only opened meters)`,
        consumes: ['multipart/form-data'],
        params: pointIdParams,
        response: apiResponses(envelopeSchema(subMeterImportResultSchema)),
      },
    },
    async (request) => ok(request, await importSubMeters(services, request, request.params.pointId)),
  );
};
