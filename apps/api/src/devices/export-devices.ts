import type { DeviceListQuery, DeviceView } from '@hydrolog/schemas';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { translator } from '../http.ts';
import type { Services } from '../services.ts';
import { everyRow, sendXlsx } from '../xlsx.ts';
import { devicesOf } from './devices.ts';

/** The devices of a filter as an xlsx workbook, in the caller's language. */
export async function exportDevices(
  { db }: Services,
  request: FastifyRequest,
  reply: FastifyReply,
  filter: DeviceListQuery,
): Promise<FastifyReply> {
  const t = translator(request);
  const { rows } = await devicesOf(db, request, { ...filter, ...everyRow });
  return sendXlsx<DeviceView>(
    reply,
    'devices',
    [
      { header: t('devices.deviceCode'), value: (r) => r.deviceCode, width: 18 },
      { header: t('devices.deviceName'), value: (r) => r.deviceName, width: 24 },
      { header: t('devices.deviceType'), value: (r) => t(`devices.types.${r.deviceType}`), width: 16 },
      { header: t('devices.status'), value: (r) => t(`devices.statuses.${r.status}`) },
      { header: t('devices.manufacturer'), value: (r) => r.manufacturer, width: 18 },
      { header: t('devices.address'), value: (r) => r.address, width: 28 },
      { header: t('devices.longitude'), value: (r) => r.longitude },
      { header: t('devices.latitude'), value: (r) => r.latitude },
      { header: t('devices.region'), value: (r) => r.regionName ?? '', width: 18 },
      { header: t('devices.createTime'), value: (r) => r.createTime, width: 26 },
    ],
    rows,
  );
}
