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
import { listReplacements } from './replace-meter.ts';

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
      { header: tr('meterType.name'), value: (r) => r.name, width: 30 },
      { header: tr('meterType.billingMode'), value: (r) => tr(`meterType.billingMode.${r.billingMode}`) },
      { header: tr('meterType.valveControl'), value: (r) => tr(r.valveControl ? 'common.yes' : 'common.no') },
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
      { header: t('group.name'), value: (r) => r.name, width: 30 },
      { header: t('group.remark'), value: (r) => r.remark, width: 40 },
      { header: t('group.meters'), value: (r) => r.meterCount },
      { header: t('group.created'), value: (r) => r.createTime, width: 26 },
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
      { header: tr('meterReplace.recentReading'), value: (r) => r.recentReading },
      { header: tr('meterReplace.newInitialReading'), value: (r) => r.newInitialReading },
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
      { header: t('gateway.name'), value: (r) => r.name, width: 28 },
      { header: t('gateway.kind'), value: (r) => t(`gateway.kind.${r.kind}`) },
      { header: t('gateway.manufacturer'), value: (r) => r.manufacturer },
      { header: t('gateway.status'), value: (r) => t(`gateway.status.${r.status}`) },
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
