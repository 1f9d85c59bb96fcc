import {
  listGateways,
  listMeterCommandStates,
  listMeterGroups,
  listMeters,
  listMeterTypes,
} from '@hydrolog/projections';
import type {
  GatewayView,
  gatewayListQuerySchema,
  MessageKey,
  MeterCommandState,
  MeterCommandStateQuery,
  MeterGroupListQuery,
  MeterGroupView,
  MeterListQuery,
  MeterMoveListQuery,
  MeterMoveView,
  MeterReplacementListQuery,
  MeterReplacementView,
  MeterTypeListQuery,
  MeterTypeView,
  MeterView,
} from '@hydrolog/schemas';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { callerOf, readAsCaller } from '../auth/guard.ts';
import { translator } from '../http.ts';
import type { Services } from '../services.ts';
import { type Column, EXPORT_MAX_ROWS, sendXlsx } from '../xlsx.ts';
import { listMoves } from './move-meters.ts';
import { listReplacements } from './replacements.ts';

// Each export is the xlsx workbook of a list page's filter, in the caller's language.

const everyRow = { pageNum: 1, pageSize: EXPORT_MAX_ROWS };

export async function exportMeterTypes(
  db: Services['db'],
  request: FastifyRequest,
  reply: FastifyReply,
  filter: MeterTypeListQuery,
): Promise<FastifyReply> {
  const tr = translator(request);
  const { rows } = await readAsCaller(db, request, (sql) => listMeterTypes(sql, { ...filter, ...everyRow }));
  return sendXlsx<MeterTypeView>(
    reply,
    'meter-types',
    [
      { header: tr('meterTypes.name'), value: (r) => r.name, width: 30 },
      { header: tr('meterTypes.billingMode'), value: (r) => tr(`meterTypes.billingModes.${r.billingMode}`) },
      {
        header: tr('meterType.valveControl'),
        value: (r) => tr(r.valveControl ? 'meterTypes.yes' : 'meterTypes.no'),
      },
      {
        header: tr('meterTypes.communication'),
        value: (r) => tr(`meterTypes.communications.${r.communication}`),
      },
      { header: tr('meterTypes.cardKind'), value: (r) => tr(`meterTypes.cardKinds.${r.cardKind}`) },
      { header: tr('meterType.reportInterval'), value: (r) => r.reportIntervalMinutes },
      { header: tr('meterTypes.meterCount'), value: (r) => r.meterCount },
    ],
    rows,
  );
}

export async function exportMeters(
  db: Services['db'],
  request: FastifyRequest,
  reply: FastifyReply,
  filter: MeterListQuery,
): Promise<FastifyReply> {
  const tr = translator(request);
  const { rows } = await readAsCaller(db, request, (sql) =>
    listMeters(sql, { ...filter, ...everyRow }, callerOf(request).dataScope),
  );
  return sendXlsx<MeterView>(
    reply,
    'meters',
    [
      { header: tr('meters.meterNo'), value: (r) => r.meterNo, width: 20 },
      { header: tr('meters.type'), value: (r) => r.meterTypeName, width: 30 },
      { header: tr('meters.imei'), value: (r) => r.imei },
      { header: tr('meters.sim'), value: (r) => r.sim, width: 24 },
      { header: tr('meter.initialReading'), value: (r) => r.initialReading },
      { header: tr('meter.mechanicalReading'), value: (r) => r.mechanicalReading },
      { header: tr('meter.zeroWaterThreshold'), value: (r) => r.zeroWaterThreshold },
      { header: tr('meters.storageDate'), value: (r) => r.storageDate },
      {
        header: tr('meters.dataSource'),
        value: (r) => (r.dataSource ? tr(`meters.dataSources.${r.dataSource}`) : null),
      },
      { header: tr('meters.lng'), value: (r) => r.lng },
      { header: tr('meters.lat'), value: (r) => r.lat },
      { header: tr('meter.lastReading'), value: (r) => r.lastReading },
      { header: tr('meter.lastReport'), value: (r) => r.lastReportAt, width: 26 },
      { header: tr('meter.battery'), value: (r) => r.battery },
      { header: tr('meters.signal'), value: (r) => r.signal },
      { header: tr('meter.valve'), value: (r) => (r.valve ? tr(`meters.valves.${r.valve}`) : null) },
      { header: tr('meters.link'), value: (r) => tr(`meters.links.${r.link}`) },
      { header: tr('meter.registered'), value: (r) => r.registeredAt, width: 26 },
    ],
    rows,
  );
}

export async function exportMeterGroups(
  db: Services['db'],
  request: FastifyRequest,
  reply: FastifyReply,
  filter: MeterGroupListQuery,
): Promise<FastifyReply> {
  const t = translator(request);
  const { rows } = await readAsCaller(db, request, (sql) => listMeterGroups(sql, { ...filter, ...everyRow }));
  return sendXlsx<MeterGroupView>(
    reply,
    'meter-groups',
    [
      { header: t('meterGroups.name'), value: (r) => r.name, width: 30 },
      { header: t('meterGroups.remark'), value: (r) => r.remark, width: 40 },
      { header: t('meterGroups.meterCount'), value: (r) => r.meterCount },
      { header: t('meterGroups.createTime'), value: (r) => r.createTime, width: 26 },
    ],
    rows,
  );
}

export async function exportMeterMoves(
  db: Services['db'],
  request: FastifyRequest,
  reply: FastifyReply,
  filter: MeterMoveListQuery,
): Promise<FastifyReply> {
  const tr = translator(request);
  const { rows } = await listMoves(db, request, { ...filter, ...everyRow });
  return sendXlsx<MeterMoveView>(
    reply,
    'meter-moves',
    [
      { header: tr('meterMove.meterNo'), value: (r) => r.meterNo, width: 20 },
      { header: tr('meterMove.fromTenant'), value: (r) => r.fromTenantName, width: 24 },
      { header: tr('meterMove.toTenant'), value: (r) => r.toTenantName, width: 24 },
      { header: tr('meterMove.meterType'), value: (r) => r.meterTypeName, width: 20 },
      { header: tr('meterMove.customerType'), value: (r) => r.customerTypeName, width: 20 },
      { header: tr('meterMove.accountNo'), value: (r) => r.accountNo, width: 20 },
      { header: tr('meterMove.customerName'), value: (r) => r.customerName, width: 20 },
      { header: tr('meterMove.address'), value: (r) => r.address, width: 30 },
      { header: tr('meterMove.phone'), value: (r) => r.phone, width: 16 },
      { header: tr('meterMove.reason'), value: (r) => r.reason, width: 40 },
      { header: tr('meterMove.adminContact'), value: (r) => r.adminContact, width: 24 },
      { header: tr('meterMove.movedAt'), value: (r) => r.movedAt, width: 26 },
      { header: tr('meterMove.operator'), value: (r) => r.operator },
    ],
    rows,
  );
}

export async function exportMeterReplacements(
  db: Services['db'],
  request: FastifyRequest,
  reply: FastifyReply,
  filter: MeterReplacementListQuery,
): Promise<FastifyReply> {
  const tr = translator(request);
  const { rows } = await listReplacements(db, request, { ...filter, ...everyRow });
  return sendXlsx<MeterReplacementView>(
    reply,
    'meter-replacements',
    [
      { header: tr('meterReplace.oldMeterNo'), value: (r) => r.oldMeterNo, width: 20 },
      { header: tr('meterReplace.newMeterNo'), value: (r) => r.newMeterNo, width: 20 },
      { header: tr('meterReplace.accountNo'), value: (r) => r.accountNo, width: 20 },
      { header: tr('meterReplace.lastReadTime'), value: (r) => r.lastReadTime, width: 26 },
      { header: tr('meterReplace.recentReadingColumn'), value: (r) => r.recentReading },
      { header: tr('meterReplace.newInitialReadingColumn'), value: (r) => r.newInitialReading },
      { header: tr('meterReplace.reason'), value: (r) => r.reason, width: 40 },
      { header: tr('meterReplace.replacedAt'), value: (r) => r.replacedAt, width: 26 },
      { header: tr('meterReplace.operator'), value: (r) => r.operator },
    ],
    rows,
  );
}

export async function exportGateways(
  db: Services['db'],
  request: FastifyRequest,
  reply: FastifyReply,
  filter: z.output<typeof gatewayListQuerySchema>,
): Promise<FastifyReply> {
  const t = translator(request);
  const { rows } = await readAsCaller(db, request, (sql) => listGateways(sql, { ...filter, ...everyRow }));
  return sendXlsx<GatewayView>(
    reply,
    'gateways',
    [
      { header: t('gateways.name'), value: (r) => r.name, width: 28 },
      { header: t('gateways.kind'), value: (r) => t(`gateways.kinds.${r.kind}`) },
      { header: t('gateway.manufacturer'), value: (r) => r.manufacturer },
      { header: t('gateway.status'), value: (r) => t(`gateways.statuses.${r.status}`) },
      { header: t('gateway.keyPrefix'), value: (r) => r.keyPrefix },
      { header: t('gateway.meters'), value: (r) => r.meterCount },
      { header: t('gateway.lastSeen'), value: (r) => r.lastSeenAt, width: 26 },
      { header: t('gateway.created'), value: (r) => r.createTime, width: 26 },
    ],
    rows,
  );
}

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
