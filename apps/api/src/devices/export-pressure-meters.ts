import {
  PRESSURE_DATA_SOURCE_NAMES,
  type PressureMeterListQuery,
  type PressureMeterView,
} from '@hydrolog/schemas';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { translator } from '../http.ts';
import type { Services } from '../services.ts';
import { everyRow, sendXlsx } from '../xlsx.ts';
import { pressureMetersOf } from './pressure-meters.ts';

/** The pressure meters of a filter with their latest pressure and state as an xlsx workbook, in the caller's language. */
export async function exportPressureMeters(
  { db }: Services,
  request: FastifyRequest,
  reply: FastifyReply,
  filter: PressureMeterListQuery,
): Promise<FastifyReply> {
  const t = translator(request);
  const { rows } = await pressureMetersOf(db, request, { ...filter, ...everyRow });
  return sendXlsx<PressureMeterView>(
    reply,
    'pressure-meters',
    [
      { header: t('pressureMeters.deviceNumber'), value: (r) => r.deviceNumber, width: 22 },
      { header: t('pressureMeters.monitoringSite'), value: (r) => r.monitoringSite, width: 24 },
      { header: t('pressureMeters.pressure'), value: (r) => r.pressure },
      { header: t('pressureMeters.state'), value: (r) => t(`pressureMeters.states.${r.state}`) },
      { header: t('pressureMeters.upperLimit'), value: (r) => r.upperLimit },
      { header: t('pressureMeters.lowerLimit'), value: (r) => r.lowerLimit },
      {
        header: t('pressureMeters.communicationMode'),
        value: (r) => t(`flowMeters.communicationModes.${r.communicationMode}`),
      },
      {
        header: t('pressureMeters.powerSupplyMode'),
        value: (r) => t(`flowMeters.powerSupplyModes.${r.powerSupplyMode}`),
      },
      { header: t('pressureMeters.rtuAddress'), value: (r) => r.rtuAddress, width: 22 },
      { header: t('pressureMeters.sensorNumber'), value: (r) => r.sensorNumber },
      {
        header: t('pressureMeters.dataSource'),
        value: (r) => t(`pressureMeters.dataSources.${PRESSURE_DATA_SOURCE_NAMES[r.dataSource]}`),
      },
      { header: t('pressureMeters.installationTime'), value: (r) => r.installationTime },
      { header: t('pressureMeters.longitude'), value: (r) => r.longitude },
      { header: t('pressureMeters.latitude'), value: (r) => r.latitude },
      { header: t('pressureMeters.address'), value: (r) => r.address, width: 28 },
      { header: t('pressureMeters.collectionTime'), value: (r) => r.collectionTime, width: 26 },
    ],
    rows,
  );
}
