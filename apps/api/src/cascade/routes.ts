import {
  addBalances,
  addDays,
  type CascadeCommand,
  cascadeAlarmDecider,
  cascadeCalendarDecider,
  cascadeDecider,
  DomainError,
  HOUR_MS,
  infrastructureLeakageIndex,
  localDate,
  localHourBoundaries,
  localMidnight,
  missingDataReason,
} from '@hydrolog/domain';
import type { Sql } from '@hydrolog/eventstore';
import {
  alarmCounts,
  cascadeAlarmsByIds,
  cascadeHolidays,
  dailyFigures,
  findMeters,
  getPartition,
  getPoint,
  getTenant,
  latestReadingAt,
  leakageRanking,
  listCascadeAlarms,
  listPartitions,
  listPoints,
  listSubMeterCandidates,
  listSubMeters,
  meterHours,
  nightFigures,
  openedMetersByNo,
  periodBalance,
  pointLeaks,
  pointsDailyFigures,
} from '@hydrolog/projections';
import {
  analysisQuerySchema,
  apiResponses,
  CASCADE_IMPORT_MAX,
  type CascadeOverview,
  cascadeAlarmListQuerySchema,
  cascadeAlarmViewSchema,
  cascadeHolidaysSchema,
  cascadeMeterSchema,
  cascadeOverviewSchema,
  dailyFigureSchema,
  envelopeSchema,
  hourlyFlowSchema,
  iliQuerySchema,
  leakAnalysisSchema,
  listEnvelopeSchema,
  type MessageKey,
  meterNoSchema,
  meterPositionsBodySchema,
  nightFigureSchema,
  noDataResponses,
  type PointView,
  pageQuerySchema,
  partitionBodySchema,
  partitionDetailSchema,
  partitionListQuerySchema,
  partitionUpdateBodySchema,
  partitionViewSchema,
  periodBalanceSchema,
  pointBodySchema,
  pointUpdateBodySchema,
  rankingRowSchema,
  removeSubMetersBodySchema,
  subMeterCandidateQuerySchema,
  subMeterCandidateSchema,
  subMeterQuerySchema,
  subMetersBodySchema,
  summaryMeterBodySchema,
  translate,
  type UnknownReason,
  uuidv7,
} from '@hydrolog/schemas';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { callerMetadata, callerOf, readAsCaller, requires } from '../auth/guard.ts';
import { execute } from '../commands.ts';
import { ok, okList, requestLanguage } from '../http.ts';
import type { Services } from '../services.ts';
import { cellText, readFirstSheet } from '../spreadsheet.ts';
import { type Column, sendXlsx } from '../xlsx.ts';
import { alarmStreamId } from './alarms.ts';

const partitionIdParams = z.object({ partitionId: z.uuid() });
const pointIdParams = z.object({ pointId: z.uuid() });
const createdSchema = z.object({ partitionId: z.string(), pointId: z.string() });
const subMetersAnswer = z.object({ added: z.number().int(), total: z.number().int() });
const exportBodySchema = z.object({
  pointId: z.uuid(),
  from: z.iso.date(),
  to: z.iso.date(),
  format: z.enum(['csv', 'xlsx']).default('xlsx'),
});

/**
 * Cascade partitions (spec sections 2, 3, 5, 8): partitions and their metering points, summary meters and
 * sub-meters (by selection, typed numbers or an xls/xlsx import), and the leakage figures of DESIGN's
 * "Leakage definitions" for analysts and tools.
 */
export const cascadeRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const { db, store } = services;
  const meta = (request: FastifyRequest, expectedVersion?: number) => ({
    metadata: callerMetadata(request),
    expectedVersion: expectedVersion === undefined ? undefined : BigInt(expectedVersion),
    taken: 'error.cascade.nameExists' as const,
  });
  const run = (request: FastifyRequest, partitionId: string, commands: CascadeCommand[], version?: number) =>
    execute(store, cascadeDecider, partitionId, commands, meta(request, version));

  /** A point of the caller's tenant (another tenant's is "not found"). */
  async function pointOf(request: FastifyRequest, pointId: string): Promise<PointView> {
    const point = await readAsCaller(db, request, (sql) => getPoint(sql, pointId));
    if (!point) throw new DomainError('error.cascade.pointNotFound');
    return point;
  }
  async function partitionOf(request: FastifyRequest, partitionId: string) {
    const partition = await readAsCaller(db, request, (sql) => getPartition(sql, partitionId));
    if (!partition) throw new DomainError('error.cascade.partitionNotFound');
    return partition;
  }
  /**
   * The tenant's meters for these numbers, in order, or `error.cascade.meterNotOpened` naming the missing
   * ones. Sub-meters (customer meters) must be opened: held by an account that is not cancelled. A summary
   * (inlet) meter, a meter placed on the map or one taken off a point only has to be registered.
   */
  async function tenantMeters(
    request: FastifyRequest,
    meterNos: readonly string[],
    which: 'registered' | 'opened' = 'registered',
  ) {
    const lookup = which === 'opened' ? openedMetersByNo : findMeters;
    const found = await readAsCaller(db, request, (sql) => lookup(sql, callerOf(request).tenantId, meterNos));
    const missing = meterNos.filter((no) => !found.has(no));
    if (missing.length > 0)
      throw new DomainError('error.cascade.meterNotOpened', { meterNo: missing.slice(0, 10).join(',') });
    return meterNos.map((meterNo) => ({ meterId: found.get(meterNo)!, meterNo }));
  }
  async function associateSubMeters(request: FastifyRequest, pointId: string, meterNos: readonly string[]) {
    const point = await pointOf(request, pointId);
    const meters = await tenantMeters(request, meterNos, 'opened');
    const { events } = await run(request, point.partitionId, [
      { type: 'AssociateSubMeters', pointId, meters },
    ]);
    const added = events.reduce(
      (n, e) => n + (e.type === 'CascadeSubMetersAssociated' ? e.data.meters.length : 0),
      0,
    );
    return { added, total: point.subMeterCount + added };
  }
  const timeZoneOf = async (sql: Sql, request: FastifyRequest) =>
    (await getTenant(sql, callerOf(request).tenantId))?.settings.timeZone ?? 'UTC';

  // ---- partitions ------------------------------------------------------------------------------------

  app.get(
    '/cascade/partition/list',
    {
      config: requires('cascade:partition:list'),
      schema: {
        tags: ['cascade'],
        summary: 'List cascade partitions',
        querystring: pageQuerySchema.extend(partitionListQuerySchema.shape),
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
    async (request) => ok(request, await partitionOf(request, request.params.partitionId)),
  );

  app.post(
    '/cascade/partition',
    {
      config: requires('cascade:partition:add'),
      schema: {
        tags: ['cascade'],
        summary: 'Create a partition and its root metering point (wizard step 1)',
        body: partitionBodySchema,
        response: apiResponses(envelopeSchema(createdSchema)),
      },
    },
    async (request) => {
      const partitionId = uuidv7();
      const pointId = uuidv7();
      await run(request, partitionId, [
        {
          type: 'CreatePartition',
          partitionId,
          pointId,
          tenantId: callerOf(request).tenantId,
          ...request.body,
          createdAt: new Date().toISOString(),
        },
      ]);
      return ok(request, { partitionId, pointId });
    },
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
    async (request) => {
      const { partitionId, version, ...body } = request.body;
      await partitionOf(request, partitionId);
      await run(request, partitionId, [{ type: 'ChangePartition', ...body }], version);
      return ok(request, await partitionOf(request, partitionId));
    },
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
      const { partitionId } = request.params;
      await partitionOf(request, partitionId);
      await run(request, partitionId, [{ type: 'DeletePartition', deletedAt: new Date().toISOString() }]);
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
      const { partitionId, positions } = request.body;
      await partitionOf(request, partitionId);
      await tenantMeters(
        request,
        positions.map((p) => p.meterNo),
      );
      await run(request, partitionId, [{ type: 'SetMeterPositions', positions }]);
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
        response: apiResponses(envelopeSchema(createdSchema)),
      },
    },
    async (request) => {
      const { partitionId, ...body } = request.body;
      await partitionOf(request, partitionId);
      const pointId = uuidv7();
      await run(request, partitionId, [{ type: 'AddPoint', ...body, pointId }]);
      return ok(request, { partitionId, pointId });
    },
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
        response: apiResponses(envelopeSchema(z.object({ pointId: z.string() }))),
      },
    },
    async (request) => {
      const { partitionId, ...fields } = request.body;
      const point = await pointOf(request, fields.pointId);
      if (point.partitionId !== partitionId) throw new DomainError('error.cascade.pointNotFound');
      await run(request, partitionId, [{ type: 'ChangePoint', ...fields }]);
      return ok(request, { pointId: fields.pointId });
    },
  );

  app.delete(
    '/cascade/point/:pointIds',
    {
      config: requires('cascade:partition:remove'),
      schema: {
        tags: ['cascade'],
        summary: 'Delete metering points of one partition (irreversible; not the root, none with sub-meters)',
        params: z.object({
          pointIds: z.string().regex(/^[0-9a-f-]{36}(,[0-9a-f-]{36})*$/i, 'validation.atLeastOne'),
        }),
        response: noDataResponses,
      },
    },
    async (request) => {
      const pointIds = [...new Set(request.params.pointIds.split(','))];
      const points = await Promise.all(pointIds.map((id) => pointOf(request, id)));
      const partitionId = points[0]!.partitionId;
      if (points.some((p) => p.partitionId !== partitionId))
        throw new DomainError('error.cascade.pointNotFound');
      await run(request, partitionId, [{ type: 'DeletePoints', pointIds }]);
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
    async (request) => {
      const { pointId, meterNo } = request.body;
      const point = await pointOf(request, pointId);
      const [meter] = await tenantMeters(request, [meterNo]);
      await run(request, point.partitionId, [{ type: 'AssociateSummaryMeter', pointId, meter: meter! }]);
      return ok(request, meter!);
    },
  );

  app.get(
    '/cascade/point/:pointId/subMeters',
    {
      config: requires('cascade:partition:query'),
      schema: {
        tags: ['cascade'],
        summary: "A point's sub-meters, filtered by a part of the meter number",
        params: pointIdParams,
        querystring: pageQuerySchema.extend(subMeterQuerySchema.shape),
        response: apiResponses(listEnvelopeSchema(cascadeMeterSchema)),
      },
    },
    async (request) => {
      await pointOf(request, request.params.pointId);
      return okList(
        request,
        await readAsCaller(db, request, (sql) => listSubMeters(sql, request.params.pointId, request.query)),
      );
    },
  );

  app.get(
    '/cascade/point/:pointId/subMeterCandidates',
    {
      config: requires('cascade:partition:edit'),
      schema: {
        tags: ['cascade'],
        summary: 'Opened meters that may become sub-meters of a point (the batch selection of wizard step 3)',
        params: pointIdParams,
        querystring: pageQuerySchema.extend(subMeterCandidateQuerySchema.shape),
        response: apiResponses(listEnvelopeSchema(subMeterCandidateSchema)),
      },
    },
    async (request) => {
      await pointOf(request, request.params.pointId);
      return okList(
        request,
        await readAsCaller(db, request, (sql) =>
          listSubMeterCandidates(sql, callerOf(request).tenantId, request.params.pointId, request.query),
        ),
      );
    },
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
        response: apiResponses(envelopeSchema(subMetersAnswer)),
      },
    },
    async (request) =>
      ok(request, await associateSubMeters(request, request.body.pointId, request.body.meterNos)),
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
      const { pointId, meterNos } = request.body;
      const point = await pointOf(request, pointId);
      const meters = await tenantMeters(request, meterNos);
      await run(request, point.partitionId, [
        { type: 'RemoveSubMeters', pointId, meterIds: meters.map((m) => m.meterId) },
      ]);
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
    async (request, reply) =>
      sendXlsx<string>(
        reply,
        'sub-meters',
        [{ header: translate('cascade.meterNo', requestLanguage(request)), value: (no) => no, width: 24 }],
        [],
      ),
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
        response: apiResponses(
          envelopeSchema(
            subMetersAnswer.extend({
              errors: z.array(z.object({ row: z.number().int(), meterNo: z.string(), message: z.string() })),
            }),
          ),
        ),
      },
    },
    async (request) => {
      const { pointId } = request.params;
      const point = await pointOf(request, pointId);
      const file = await request.file().catch(() => undefined);
      if (!file) throw new DomainError('error.cascade.importFile');
      const content = await file.toBuffer().catch((error: { code?: string }) => {
        if (error.code === 'FST_REQ_FILE_TOO_LARGE') throw new DomainError('error.upload.size');
        throw error;
      });
      const sheet = await readFirstSheet(content, {
        unreadable: 'error.cascade.importFile',
        tooMany: 'validation.tooMany',
        maxRows: CASCADE_IMPORT_MAX,
      });
      const rows = sheet
        .filter((r) => r.row > 1) // the header
        .map((r) => ({ row: r.row, meterNo: cellText(r.cells[0]) }))
        .filter((r) => r.meterNo);
      if (rows.length === 0) throw new DomainError('validation.atLeastOne');
      if (rows.length > CASCADE_IMPORT_MAX)
        throw new DomainError('validation.tooMany', { max: CASCADE_IMPORT_MAX });
      const language = requestLanguage(request);
      const errors: { row: number; meterNo: string; message: string }[] = [];
      const rowError = (row: number, meterNo: string, key: MessageKey) =>
        errors.push({ row, meterNo, message: translate(key, language, { meterNo }) });
      const valid = rows.filter((r) => {
        const okNo = meterNoSchema.safeParse(r.meterNo).success;
        if (!okNo) rowError(r.row, r.meterNo, 'validation.meterNo');
        return okNo;
      });
      const found = await readAsCaller(db, request, (sql) =>
        openedMetersByNo(
          sql,
          callerOf(request).tenantId,
          valid.map((r) => r.meterNo),
        ),
      );
      const opened = valid.filter((r) => {
        if (!found.has(r.meterNo)) rowError(r.row, r.meterNo, 'error.cascade.meterNotOpened');
        return found.has(r.meterNo);
      });
      const meters = [...new Set(opened.map((r) => r.meterNo))];
      const answer =
        meters.length > 0
          ? await associateSubMeters(request, pointId, meters)
          : { added: 0, total: point.subMeterCount };
      return ok(request, { ...answer, errors });
    },
  );

  // ---- figures ---------------------------------------------------------------------------------------

  /** Reads a point's figures for the caller (another tenant's point is "not found"). */
  async function figures<T>(
    request: FastifyRequest,
    pointId: string,
    work: (sql: Sql, point: PointView, timeZone: string) => Promise<T>,
  ): Promise<T> {
    const result = await readAsCaller(db, request, async (sql) => {
      const point = await getPoint(sql, pointId);
      return point ? { value: await work(sql, point, await timeZoneOf(sql, request)) } : null;
    });
    if (!result) throw new DomainError('error.cascade.pointNotFound');
    return result.value;
  }

  app.get(
    '/cascade/analysis/daily',
    {
      config: requires('cascade:analysis:list'),
      schema: {
        tags: ['cascade'],
        summary: 'Supply, sales, leakage (m3), leakage rate and data coverage of a point per local day',
        querystring: analysisQuerySchema,
        response: apiResponses(listEnvelopeSchema(dailyFigureSchema)),
      },
    },
    async (request) => {
      const { pointId, from, to } = request.query;
      const rows = await figures(request, pointId, (sql, point, tz) =>
        dailyFigures(sql, point, from, to, tz),
      );
      return okList(request, { total: rows.length, rows });
    },
  );

  app.get(
    '/cascade/analysis/night',
    {
      config: requires('cascade:analysis:list'),
      schema: {
        tags: ['cascade'],
        summary:
          'Night minimum flow (02:00-04:00 local), average daily flow (m3/h) and KL of a point per night',
        querystring: analysisQuerySchema,
        response: apiResponses(listEnvelopeSchema(nightFigureSchema)),
      },
    },
    async (request) => {
      const { pointId, from, to } = request.query;
      const rows = await figures(request, pointId, (sql, point, tz) =>
        nightFigures(sql, point, from, to, tz),
      );
      return okList(request, { total: rows.length, rows });
    },
  );

  const exportFigures = async (
    request: FastifyRequest,
    reply: FastifyReply,
    kind: 'daily' | 'night',
    body: z.infer<typeof exportBodySchema>,
  ) => {
    const query = analysisQuerySchema.parse(body);
    const language = requestLanguage(request);
    const t = (key: MessageKey) => translate(key, language);
    // Each null figure's reason in the reader's language, in a column of its own.
    const figure = (field: string, header: MessageKey): Column<Record<string, string | number | null>> => ({
      header: t(header),
      value: (row) => {
        const value = row[field] ?? null;
        return field.endsWith('nknown') && value !== null ? t(`unknown.${value as UnknownReason}`) : value;
      },
    });
    const columns =
      kind === 'daily'
        ? [
            ...(
              ['date', 'supply', 'sales', 'leakage', 'leakageRate', 'coverage', 'supplyCoverage'] as const
            ).map((field) => figure(field, `cascade.${field}`)),
            figure('unknown', 'cascade.unknown'),
          ]
        : [
            ...(['date', 'mnf', 'adf', 'kl', 'mnfUnknown', 'adfUnknown'] as const).map((field) =>
              figure(field, `cascade.${field}`),
            ),
            figure('coverage', 'cascade.nightCoverage'),
          ];
    const rows: Record<string, string | number | null>[] = await figures(
      request,
      query.pointId,
      async (sql, point, tz): Promise<Record<string, string | number | null>[]> =>
        kind === 'daily'
          ? dailyFigures(sql, point, query.from, query.to, tz)
          : nightFigures(sql, point, query.from, query.to, tz),
    );
    const fileName = `cascade-${kind}-${query.from}-${query.to}`;
    if (body.format === 'xlsx') return sendXlsx(reply, fileName, columns, rows);
    const cell = (value: string | number | null) => {
      const text = value === null ? '' : String(value);
      return /[",\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
    };
    const csv = [columns.map((c) => cell(c.header)), ...rows.map((r) => columns.map((c) => cell(c.value(r))))]
      .map((line) => line.join(','))
      .join('\r\n');
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${fileName}.csv"`)
      .send(`\ufeff${csv}\r\n`);
  };

  for (const kind of ['daily', 'night'] as const) {
    app.post(
      `/cascade/analysis/${kind}/export`,
      {
        config: { ...requires('cascade:analysis:export'), audit: '5' },
        schema: {
          tags: ['cascade'],
          summary: `Export the ${kind} figures of a point (csv or xlsx)`,
          body: exportBodySchema,
        },
      },
      async (request, reply) => exportFigures(request, reply, kind, request.body),
    );
  }

  app.get(
    '/cascade/analysis/balance',
    {
      config: requires('cascade:analysis:list'),
      schema: {
        tags: ['cascade'],
        summary: 'Production versus sales of a point over a period',
        querystring: analysisQuerySchema,
        response: apiResponses(envelopeSchema(periodBalanceSchema)),
      },
    },
    async (request) => {
      const { pointId, from, to } = request.query;
      return ok(
        request,
        await figures(request, pointId, (sql, point, tz) => periodBalance(sql, point, from, to, tz)),
      );
    },
  );

  app.get(
    '/cascade/analysis/ranking',
    {
      config: requires('cascade:analysis:list'),
      schema: {
        tags: ['cascade'],
        summary: 'Leakage rate of every metering point with sub-meters over the last days (30 by default)',
        querystring: z.object({ days: z.coerce.number().int().min(1).max(366).default(30) }),
        response: apiResponses(listEnvelopeSchema(rankingRowSchema)),
      },
    },
    async (request) => {
      const rows = await readAsCaller(db, request, async (sql) => {
        const today = localDate(Date.now(), await timeZoneOf(sql, request));
        // The finished days before today.
        const to = addDays(today, -1);
        return leakageRanking(sql, addDays(to, -(request.query.days - 1)), to);
      });
      return okList(request, { total: rows.length, rows });
    },
  );

  app.get(
    '/cascade/analysis/leaks',
    {
      config: requires('cascade:analysis:list'),
      schema: {
        tags: ['cascade'],
        summary:
          "Leak detection on a point's nightly MNF: each night against its baseline and margin, and the new " +
          '(abrupt) and growing leaks under way in the period with their start, size, repair and volume lost',
        querystring: analysisQuerySchema,
        response: apiResponses(envelopeSchema(leakAnalysisSchema)),
      },
    },
    async (request) => {
      const { pointId, from, to } = request.query;
      return ok(
        request,
        await figures(request, pointId, (sql, point, tz) => pointLeaks(sql, point, from, to, tz)),
      );
    },
  );

  app.get(
    '/cascade/holidays',
    {
      config: requires('cascade:analysis:list'),
      schema: {
        tags: ['cascade'],
        summary: "The tenant's holidays: nights leak detection neither judges nor learns from",
        response: apiResponses(envelopeSchema(cascadeHolidaysSchema)),
      },
    },
    async (request) =>
      ok(request, { holidays: await readAsCaller(db, request, (sql) => cascadeHolidays(sql)) }),
  );
  app.put(
    '/cascade/holidays',
    {
      config: requires('cascade:analysis:process'),
      schema: {
        tags: ['cascade'],
        summary: "Set the tenant's holidays (the whole list)",
        body: cascadeHolidaysSchema,
        response: noDataResponses,
      },
    },
    async (request) => {
      const { tenantId } = callerOf(request);
      await execute(
        store,
        cascadeCalendarDecider,
        tenantId,
        [{ type: 'SetHolidays', holidays: request.body.holidays }],
        { metadata: callerMetadata(request) },
      );
      return ok(request, null);
    },
  );

  app.get(
    '/cascade/analysis/ili',
    {
      config: requires('cascade:analysis:list'),
      schema: {
        tags: ['cascade'],
        summary:
          'Infrastructure Leakage Index of a point: mean daily leakage over UARL = (18 Lm + 0.8 Nc + 25 Lp) x P',
        querystring: iliQuerySchema,
        response: apiResponses(
          envelopeSchema(
            z.object({
              uarlLitresPerDay: z.number(),
              carlLitresPerDay: z.number(),
              ili: z.number().nullable(),
              days: z.number().int(),
            }),
          ),
        ),
      },
    },
    async (request) => {
      const { pointId, from, to, mainsKm, connections, privatePipeKm, pressureM } = request.query;
      const days = await figures(request, pointId, (sql, point, tz) =>
        dailyFigures(sql, point, from, to, tz),
      );
      const known = days.filter((d) => d.leakage !== null);
      const mean = known.length > 0 ? known.reduce((s, d) => s + d.leakage!, 0) / known.length : 0;
      const result = infrastructureLeakageIndex({
        mainsKm,
        connections,
        privatePipeKm,
        pressureM,
        realLossesM3PerDay: mean,
      });
      return ok(request, { ...result, days: known.length });
    },
  );

  app.get(
    '/cascade/alarm/list',
    {
      config: requires('cascade:analysis:list'),
      schema: {
        tags: ['cascade'],
        summary:
          'Cascade alarms: leakage rate, night minimum flow and KL over their thresholds, new and growing leaks',
        querystring: pageQuerySchema.extend(cascadeAlarmListQuerySchema.shape),
        response: apiResponses(listEnvelopeSchema(cascadeAlarmViewSchema)),
      },
    },
    async (request) =>
      okList(request, await readAsCaller(db, request, (sql) => listCascadeAlarms(sql, request.query))),
  );
  app.put(
    '/cascade/alarm/process/:alarmIds',
    {
      config: requires('cascade:analysis:process'),
      schema: {
        tags: ['cascade'],
        summary: 'Mark cascade alarms processed (ids separated by commas; processed ones stay so)',
        params: z.object({
          alarmIds: z.string().regex(/^[0-9a-f-]{36}(,[0-9a-f-]{36})*$/i, 'validation.atLeastOne'),
        }),
        response: noDataResponses,
      },
    },
    async (request) => {
      const alarmIds = [...new Set(request.params.alarmIds.split(','))];
      const alarms = await readAsCaller(db, request, (sql) => cascadeAlarmsByIds(sql, alarmIds));
      if (alarms.length !== alarmIds.length) throw new DomainError('error.cascade.alarmNotFound');
      const processedAt = new Date().toISOString();
      for (const alarm of alarms)
        await execute(
          store,
          cascadeAlarmDecider,
          alarmStreamId(alarm),
          [{ type: 'ProcessCascadeAlarm', processedAt }],
          { metadata: callerMetadata(request) },
        );
      return ok(request, null);
    },
  );

  /** The tenant's partitions at a glance, from the tenant's yesterday back (finished days only). */
  async function overview(sql: Sql, request: FastifyRequest): Promise<CascadeOverview> {
    const timeZone = await timeZoneOf(sql, request);
    const today = localDate(Date.now(), timeZone);
    const yesterday = addDays(today, -1);
    const monthStart = `${today.slice(0, 8)}01`;
    const points = await listPoints(sql);
    const roots = points.filter((p) => p.level === 1);
    // On the first of a month, the month so far has no finished day: it is today's month from its first day.
    // The month and the week up to yesterday come from one read of each measured root's days.
    const weekStart = addDays(yesterday, -6);
    const { perPoint, total } = await pointsDailyFigures(
      sql,
      roots.filter((r) => r.summaryMeter),
      weekStart < monthStart ? weekStart : monthStart,
      today,
      timeZone,
    );
    const month = total.filter((d) => d.date >= monthStart);
    const days = total.filter((d) => d.date >= weekStart && d.date <= yesterday);
    const partitionFigures = [];
    const { rows: partitions } = await listPartitions(sql, { pageNum: 1, pageSize: 1000 });
    for (const partition of partitions) {
      const rootDays = perPoint.get(partition.rootPointId);
      const balance = rootDays ? addBalances(rootDays.filter((d) => d.date >= monthStart)) : null;
      partitionFigures.push({
        partitionId: partition.partitionId,
        name: partition.name,
        boundary: partition.boundary,
        supply: balance?.supply ?? null,
        leakage: balance?.leakage ?? null,
        leakageRate: balance?.leakageRate ?? null,
        unknown: balance?.unknown ?? 'noSummaryMeter',
      });
    }
    const ranking = await leakageRanking(sql, addDays(yesterday, -29), yesterday);
    const latest = await listCascadeAlarms(sql, { pageNum: 1, pageSize: 5 });
    return {
      timeZone,
      partitions: partitions.length,
      points: points.length,
      levels: Math.max(0, ...partitions.map((p) => p.levels)),
      summaryMeters: points.filter((p) => p.summaryMeter).length,
      subMeters: points.reduce((n, p) => n + p.subMeterCount, 0),
      month: { from: monthStart, to: today, ...addBalances(month) },
      yesterday: days.at(-1)!,
      dayBefore: days.at(-2)!,
      trend: days,
      ranking: ranking.slice(0, 10),
      alarmCounts: await alarmCounts(sql, addDays(yesterday, -29), yesterday),
      latestAlarms: latest.rows,
      partitionFigures,
    };
  }

  for (const [url, permission] of [
    ['/cascade/gis/overview', 'cascade:gis:list'],
    ['/cascade/screen/overview', 'cascade:screen:list'],
  ] as const) {
    app.get(
      url,
      {
        config: requires(permission),
        schema: {
          tags: ['cascade'],
          summary: "The tenant's partitions at a glance: counts, month, yesterday, trend, ranking, alarms",
          response: apiResponses(envelopeSchema(cascadeOverviewSchema)),
        },
      },
      async (request) => ok(request, await readAsCaller(db, request, (sql) => overview(sql, request))),
    );
  }

  app.get(
    '/cascade/analysis/hourly',
    {
      config: requires('cascade:analysis:list'),
      schema: {
        tags: ['cascade'],
        summary: "The summary meter's flow in every local hour of one day (m3/h), for the night flow chart",
        querystring: z.object({ pointId: z.uuid(), date: z.iso.date() }),
        response: apiResponses(listEnvelopeSchema(hourlyFlowSchema)),
      },
    },
    async (request) => {
      const { pointId, date } = request.query;
      const rows = await figures(request, pointId, async (sql, point, timeZone) => {
        if (!point.summaryMeter) return [];
        const { meterId } = point.summaryMeter;
        const from = localMidnight(date, timeZone);
        const to = localMidnight(addDays(date, 1), timeZone);
        const hours = new Map(
          (await meterHours(sql, meterId, new Date(from), new Date(to))).map((h) => [h.start, h]),
        );
        const latest = await latestReadingAt(sql, meterId);
        const boundaries = localHourBoundaries(from, to, timeZone);
        return boundaries.slice(0, -1).map((start, i) => {
          const end = boundaries[i + 1]!;
          const hour = hours.get(start);
          const known = hour?.known === true;
          return {
            start: new Date(start).toISOString(),
            end: new Date(end).toISOString(),
            flow: known ? hour!.volume! / ((end - start) / HOUR_MS) : null,
            known,
            coverage: hour?.coverage ?? 0,
            regular: hour?.regular ?? false,
            unknown: known ? null : missingDataReason(end, latest),
          };
        });
      });
      return okList(request, { total: rows.length, rows });
    },
  );
};
