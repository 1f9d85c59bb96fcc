import { listMeterCommandStates } from '@hydrolog/projections';
import type { MessageKey, MeterCommandState, MeterCommandStateQuery } from '@hydrolog/schemas';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { readAsCaller } from '../auth/guard.ts';
import { translator } from '../http.ts';
import type { Services } from '../services.ts';
import { type Column, everyRow, sendXlsx } from '../xlsx.ts';

/** The columns of a command page's export: the page's columns; a command's key is a secret and has none. */
function commandStateColumns(
  family: 'valve' | 'keyUpdate',
  tr: (key: MessageKey) => string,
): Column<MeterCommandState>[] {
  const valve: Column<MeterCommandState>[] = [
    { header: tr('meter.valve'), value: (r) => (r.valve ? tr(`meters.valves.${r.valve}`) : null) },
    {
      header: tr('valves.lastCommand'),
      value: (r) => (r.commandKind ? tr(`valves.kinds.${r.commandKind}`) : null),
    },
  ];
  return [
    { header: tr('meters.meterNo'), value: (r) => r.meterNo, width: 20 },
    { header: tr('meters.type'), value: (r) => r.meterTypeName, width: 30 },
    { header: tr('meters.link'), value: (r) => tr(`meters.links.${r.link}`) },
    { header: tr('meter.lastReport'), value: (r) => r.lastReportAt, width: 26 },
    ...(family === 'valve' ? valve : []),
    {
      header: tr(family === 'valve' ? 'keyUpdates.status' : 'keyUpdates.lastUpdate'),
      value: (r) => (r.commandStatus ? tr(`valves.statuses.${r.commandStatus}`) : null),
    },
    { header: tr('command.at'), value: (r) => r.commandAt, width: 26 },
    { header: tr('keyUpdates.detail'), value: (r) => r.commandDetail, width: 40 },
  ];
}

/** The meters of a valve or key-update page's filter with their latest command of the family. */
export async function exportCommandStates(
  db: Services['db'],
  request: FastifyRequest,
  reply: FastifyReply,
  family: 'valve' | 'keyUpdate',
  filter: MeterCommandStateQuery,
): Promise<FastifyReply> {
  const tr = translator(request);
  const { rows } = await readAsCaller(db, request, (sql) =>
    listMeterCommandStates(sql, family, { ...filter, ...everyRow }),
  );
  return sendXlsx(
    reply,
    family === 'valve' ? 'valve-operation' : 'key-updates',
    commandStateColumns(family, tr),
    rows,
  );
}
