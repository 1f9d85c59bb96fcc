import { listMeterCommandStates, listMeterCommands } from '@hydrolog/projections';
import {
  apiResponses,
  listEnvelopeSchema,
  type MessageKey,
  type MeterCommandState,
  meterCommandStateQuerySchema,
  meterCommandStateSchema,
  meterCommandStatusSchema,
  pageQuerySchema,
} from '@hydrolog/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { readAsCaller, requires } from '../auth/guard.ts';
import { okList, translator } from '../http.ts';
import type { Services } from '../services.ts';
import { type Column, EXPORT_MAX_ROWS, sendXlsx } from '../xlsx.ts';

const stateList = {
  querystring: pageQuerySchema.extend(meterCommandStateQuerySchema.shape),
  response: apiResponses(listEnvelopeSchema(meterCommandStateSchema)),
};

const keyUpdateRecordSchema = z.object({
  commandId: z.uuid(),
  meterId: z.uuid(),
  meterNo: z.string(),
  status: meterCommandStatusSchema,
  attempts: z.number().int(),
  detail: z.string().nullable(),
  issuedAt: z.string(),
  updatedAt: z.string(),
});

/**
 * The valve operation and key update pages: meters with their latest command (polled while one is under
 * way), their exports, and the key update records. Commands are issued by the routes of command-routes.ts.
 */
export const valveRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const { db } = services;

  app.get(
    '/business/valve/meters',
    {
      config: requires('business:valve:list'),
      schema: {
        tags: ['valves'],
        summary: 'Valve-capable meters with their valve and latest valve command',
        ...stateList,
      },
    },
    async (request) =>
      okList(
        request,
        await readAsCaller(db, request, (sql) => listMeterCommandStates(sql, 'valve', request.query)),
      ),
  );

  app.get(
    '/business/keyUpdate/meters',
    {
      config: requires('business:keyUpdate:list'),
      schema: { tags: ['valves'], summary: 'Meters with their latest key update', ...stateList },
    },
    async (request) =>
      okList(
        request,
        await readAsCaller(db, request, (sql) => listMeterCommandStates(sql, 'keyUpdate', request.query)),
      ),
  );

  app.get(
    '/business/keyUpdate/list',
    {
      config: requires('business:keyUpdate:list'),
      schema: {
        tags: ['valves'],
        summary: 'Key update records: executing, resend, timeout, resend successful, success, fail',
        querystring: pageQuerySchema.extend({ meterNo: z.string().max(32).optional() }),
        response: apiResponses(listEnvelopeSchema(keyUpdateRecordSchema)),
      },
    },
    async (request) => {
      const page = await readAsCaller(db, request, (sql) =>
        listMeterCommands(sql, { ...request.query, kind: 'keyUpdate' }),
      );
      // The key is a secret of the meter: never listed.
      return okList(request, {
        total: page.total,
        rows: page.rows.map(
          ({ commandId, meterId, meterNo, status, attempts, detail, issuedAt, updatedAt }) => ({
            commandId,
            meterId,
            meterNo,
            status,
            attempts,
            detail,
            issuedAt,
            updatedAt,
          }),
        ),
      });
    },
  );

  /** The columns of a page's export: the page's columns; a command's key is a secret and has none. */
  const exportColumns = (
    family: 'valve' | 'keyUpdate',
    tr: (key: MessageKey) => string,
  ): Column<MeterCommandState>[] => {
    const valve: Column<MeterCommandState>[] = [
      { header: tr('meter.valve'), value: (r) => (r.valve ? tr(`meter.valve.${r.valve}`) : null) },
      {
        header: tr('command.latest'),
        value: (r) => (r.commandKind ? tr(`command.kind.${r.commandKind}`) : null),
      },
    ];
    return [
      { header: tr('meter.meterNo'), value: (r) => r.meterNo, width: 20 },
      { header: tr('meter.type'), value: (r) => r.meterTypeName, width: 30 },
      { header: tr('meter.link'), value: (r) => tr(`meter.link.${r.link}`) },
      { header: tr('meter.lastReport'), value: (r) => r.lastReportAt, width: 26 },
      ...(family === 'valve' ? valve : []),
      {
        header: tr(family === 'valve' ? 'command.status' : 'command.latestKeyUpdate'),
        value: (r) => (r.commandStatus ? tr(`command.status.${r.commandStatus}`) : null),
      },
      { header: tr('command.at'), value: (r) => r.commandAt, width: 26 },
      { header: tr('command.detail'), value: (r) => r.commandDetail, width: 40 },
    ];
  };

  for (const family of ['valve', 'keyUpdate'] as const) {
    app.post(
      `/business/${family}/export`,
      {
        config: { ...requires(`business:${family}:export`), audit: '5' },
        schema: {
          tags: ['valves'],
          summary:
            family === 'valve'
              ? 'Export the valve-capable meters of a filter with their latest valve command (xlsx)'
              : 'Export the meters of a filter with their latest key update, never a key (xlsx)',
          body: meterCommandStateQuerySchema,
        },
      },
      async (request, reply) => {
        const tr = translator(request);
        const { rows } = await readAsCaller(db, request, (sql) =>
          listMeterCommandStates(sql, family, { ...request.body, pageNum: 1, pageSize: EXPORT_MAX_ROWS }),
        );
        return sendXlsx(
          reply,
          family === 'valve' ? 'valve-operation' : 'key-updates',
          exportColumns(family, tr),
          rows,
        );
      },
    );
  }
};
