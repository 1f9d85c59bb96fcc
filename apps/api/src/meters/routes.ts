import { DomainError, meterDecider, meterDeletionRefusal, meterTypeDecider } from '@hydrolog/domain';
import {
  activeAccountOfMeter,
  findMeters,
  getMeterType,
  getMeterView,
  listMeters,
  listMeterTypes,
  meterHasReadings,
  meterTypesByName,
} from '@hydrolog/projections';
import {
  apiResponses,
  envelopeSchema,
  idListSchema,
  listEnvelopeSchema,
  type MessageKey,
  type MeterTypeView,
  type MeterView,
  meterBodySchema,
  meterChangeBodySchema,
  meterImportResultSchema,
  meterListQuerySchema,
  meterTypeBodySchema,
  meterTypeListQuerySchema,
  meterTypeViewSchema,
  meterViewSchema,
  noDataResponses,
  pageQuerySchema,
} from '@hydrolog/schemas';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { callerMetadata, callerOf, readAsCaller, requires } from '../auth/guard.ts';
import { execute } from '../commands.ts';
import { ok, okList, requestLanguage, translator } from '../http.ts';
import type { Services } from '../services.ts';
import { EXPORT_MAX_ROWS, sendXlsx } from '../xlsx.ts';
import { checkImportRows, readImportFile, templateColumns } from './import.ts';
import { registerMeters, registerMeterType } from './registry.ts';

const meterTypeIdParams = z.object({ meterTypeId: z.uuid() });
const meterIdParams = z.object({ meterId: z.uuid() });
const meterTypeResponse = apiResponses(envelopeSchema(meterTypeViewSchema));
const meterResponse = apiResponses(envelopeSchema(meterViewSchema));
const versioned = { version: z.number().int().min(0) };

/** Meter types and meters of a tenant (spec sections 3 and 5): registry, list with latest state, import. */
export const meterRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const { db, store } = services;

  /** The caller's meter type, or "not found" (also for another tenant's id). */
  async function meterType(request: FastifyRequest, meterTypeId: string): Promise<MeterTypeView> {
    const found = await readAsCaller(db, request, (sql) => getMeterType(sql, meterTypeId));
    if (!found) throw new DomainError('error.meterType.notFound');
    return found;
  }

  async function meter(request: FastifyRequest, meterId: string): Promise<MeterView> {
    const found = await readAsCaller(db, request, (sql) => getMeterView(sql, meterId));
    if (!found) throw new DomainError('error.meter.notFound');
    return found;
  }

  const context = (request: FastifyRequest, taken: MessageKey, version?: number) => ({
    metadata: callerMetadata(request),
    expectedVersion: version === undefined ? undefined : BigInt(version),
    taken,
  });

  // ---- meter types ----

  app.get(
    '/business/meterType/list',
    {
      config: requires('business:meterType:list'),
      schema: {
        tags: ['meters'],
        summary: 'List meter types',
        querystring: pageQuerySchema.extend(meterTypeListQuerySchema.shape),
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
    async (request) => {
      const page = await readAsCaller(db, request, (sql) =>
        listMeterTypes(sql, { pageNum: 1, pageSize: 10_000 }),
      );
      return ok(request, page.rows);
    },
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
    async (request) => ok(request, await meterType(request, request.params.meterTypeId)),
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
    async (request) => {
      const meterTypeId = await registerMeterType(store, callerMetadata(request), request.body);
      return ok(request, await meterType(request, meterTypeId));
    },
  );

  app.put(
    '/business/meterType',
    {
      config: requires('business:meterType:edit'),
      schema: {
        tags: ['meters'],
        summary: 'Change a meter type',
        body: meterTypeBodySchema.extend({ meterTypeId: z.uuid(), ...versioned }),
        response: meterTypeResponse,
      },
    },
    async (request) => {
      const { meterTypeId, version, ...body } = request.body;
      await meterType(request, meterTypeId);
      await execute(
        store,
        meterTypeDecider,
        meterTypeId,
        [{ type: 'ChangeMeterType', ...body }],
        context(request, 'error.meterType.exists', version),
      );
      return ok(request, await meterType(request, meterTypeId));
    },
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
      const ids = [...new Set(request.params.meterTypeIds.split(','))];
      // All checked first: one refused type leaves every type in place.
      const found = [];
      for (const id of ids) {
        const type = await meterType(request, id);
        if (type.meterCount > 0) throw new DomainError('error.meterType.inUse', { count: type.meterCount });
        found.push(type);
      }
      for (const type of found)
        await execute(
          store,
          meterTypeDecider,
          type.meterTypeId,
          [{ type: 'DeleteMeterType', metersUsing: type.meterCount }],
          context(request, 'error.meterType.exists'),
        );
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
    async (request, reply) => {
      const tr = translator(request);
      const { rows } = await readAsCaller(db, request, (sql) =>
        listMeterTypes(sql, { ...request.body, pageNum: 1, pageSize: EXPORT_MAX_ROWS }),
      );
      return sendXlsx<MeterTypeView>(
        reply,
        'meter-types',
        [
          { header: tr('meterType.name'), value: (r) => r.name, width: 30 },
          { header: tr('meterType.billingMode'), value: (r) => tr(`meterType.billingMode.${r.billingMode}`) },
          {
            header: tr('meterType.valveControl'),
            value: (r) => tr(r.valveControl ? 'common.yes' : 'common.no'),
          },
          {
            header: tr('meterType.communication'),
            value: (r) => tr(`meterType.communication.${r.communication}`),
          },
          { header: tr('meterType.cardKind'), value: (r) => tr(`meterType.cardKind.${r.cardKind}`) },
          { header: tr('meterType.reportInterval'), value: (r) => r.reportIntervalMinutes },
          { header: tr('meterType.meterCount'), value: (r) => r.meterCount },
        ],
        rows,
      );
    },
  );

  // ---- meters ----

  app.get(
    '/business/meter/list',
    {
      config: requires('business:meter:list'),
      schema: {
        tags: ['meters'],
        summary: 'List meters with their latest reading and communication state',
        querystring: pageQuerySchema.extend(meterListQuerySchema.shape),
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
    async (request, reply) => {
      const types = await readAsCaller(db, request, (sql) =>
        listMeterTypes(sql, { pageNum: 1, pageSize: 1 }),
      );
      const example = {
        meterNo: '10000001',
        meterTypeName: types.rows[0]?.name ?? '',
        imei: '860000000000001',
        sim: '89860000000000000001',
        initialReading: 0,
        storageDate: new Date().toISOString().slice(0, 10),
        dataSource: 'gateway',
      };
      return sendXlsx(reply, 'meter-import-template', templateColumns(requestLanguage(request)), [example]);
    },
  );

  app.get(
    '/business/meter/:meterId',
    {
      config: requires('business:meter:query'),
      schema: { tags: ['meters'], summary: 'One meter', params: meterIdParams, response: meterResponse },
    },
    async (request) => ok(request, await meter(request, request.params.meterId)),
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
    async (request) => {
      await meterType(request, request.body.meterTypeId);
      const [meterId] = await registerMeters(store, callerMetadata(request), [request.body]);
      return ok(request, await meter(request, meterId!));
    },
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
    async (request) => {
      const { meterId, version, ...fields } = request.body;
      await meter(request, meterId);
      await meterType(request, fields.meterTypeId);
      await execute(
        store,
        meterDecider,
        meterId,
        [{ type: 'ChangeMeter', ...fields }],
        context(request, 'error.meter.exists', version),
      );
      return ok(request, await meter(request, meterId));
    },
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
      const ids = [...new Set(request.params.meterIds.split(','))];
      const checked = [];
      for (const meterId of ids) {
        await meter(request, meterId);
        const { hasReadings, onAccount } = await readAsCaller(db, request, async (sql) => ({
          hasReadings: await meterHasReadings(sql, meterId),
          onAccount: (await activeAccountOfMeter(sql, meterId)) !== null,
        }));
        const command = { type: 'DeleteMeter' as const, hasReadings, onAccount };
        const refused = meterDeletionRefusal(command);
        if (refused) throw refused;
        checked.push({ meterId, command });
      }
      for (const { meterId, command } of checked)
        await execute(store, meterDecider, meterId, [command], context(request, 'error.meter.exists'));
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
    async (request, reply) => {
      const tr = translator(request);
      const { rows } = await readAsCaller(db, request, (sql) =>
        listMeters(
          sql,
          { ...request.body, pageNum: 1, pageSize: EXPORT_MAX_ROWS },
          callerOf(request).dataScope,
        ),
      );
      return sendXlsx<MeterView>(
        reply,
        'meters',
        [
          { header: tr('meter.meterNo'), value: (r) => r.meterNo, width: 20 },
          { header: tr('meter.type'), value: (r) => r.meterTypeName, width: 30 },
          { header: tr('meter.imei'), value: (r) => r.imei },
          { header: tr('meter.sim'), value: (r) => r.sim, width: 24 },
          { header: tr('meter.initialReading'), value: (r) => r.initialReading },
          { header: tr('meter.mechanicalReading'), value: (r) => r.mechanicalReading },
          { header: tr('meter.zeroWaterThreshold'), value: (r) => r.zeroWaterThreshold },
          { header: tr('meter.storageDate'), value: (r) => r.storageDate },
          {
            header: tr('meter.dataSource'),
            value: (r) => (r.dataSource ? tr(`meter.dataSource.${r.dataSource}`) : null),
          },
          { header: tr('meter.lng'), value: (r) => r.lng },
          { header: tr('meter.lat'), value: (r) => r.lat },
          { header: tr('meter.lastReading'), value: (r) => r.lastReading },
          { header: tr('meter.lastReport'), value: (r) => r.lastReportAt, width: 26 },
          { header: tr('meter.battery'), value: (r) => r.battery },
          { header: tr('meter.signal'), value: (r) => r.signal },
          { header: tr('meter.valve'), value: (r) => (r.valve ? tr(`meter.valve.${r.valve}`) : null) },
          { header: tr('meter.link'), value: (r) => tr(`meter.link.${r.link}`) },
          { header: tr('meter.registered'), value: (r) => r.registeredAt, width: 26 },
        ],
        rows,
      );
    },
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
    async (request) => {
      const file = await request.file().catch(() => undefined);
      if (file?.fieldname !== 'file') throw new DomainError('error.upload.missing');
      const content = await file.toBuffer().catch((error: { code?: string }) => {
        if (error.code === 'FST_REQ_FILE_TOO_LARGE') throw new DomainError('error.upload.size');
        throw error;
      });
      const rows = await readImportFile(content);
      const meterNos = rows.flatMap((r) => (typeof r.values.meterNo === 'string' ? [r.values.meterNo] : []));
      const { typesByName, taken } = await readAsCaller(db, request, async (sql) => ({
        typesByName: await meterTypesByName(sql),
        taken: new Set((await findMeters(sql, callerOf(request).tenantId, meterNos)).keys()),
      }));
      const { meters, failures } = checkImportRows(rows, {
        typesByName,
        taken,
        language: requestLanguage(request),
      });
      // One append for every good row: a number registered meanwhile refuses the batch with its message.
      if (meters.length > 0) await registerMeters(store, callerMetadata(request), meters);
      return ok(request, { imported: meters.length, failures });
    },
  );
};
