import type { FlowMeterListQuery, FlowMeterView } from '@hydrolog/schemas';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { translator } from '../http.ts';
import type { Services } from '../services.ts';
import { everyRow, sendXlsx } from '../xlsx.ts';
import { flowMetersOf } from './flow-meters.ts';

/** The flow meters of a filter with their latest values as an xlsx workbook, in the caller's language. */
export async function exportFlowMeters(
  { db }: Services,
  request: FastifyRequest,
  reply: FastifyReply,
  filter: FlowMeterListQuery,
): Promise<FastifyReply> {
  const t = translator(request);
  const { rows } = await flowMetersOf(db, request, { ...filter, ...everyRow });
  return sendXlsx<FlowMeterView>(
    reply,
    'flow-meters',
    [
      { header: t('flowMeters.meterAddress'), value: (r) => r.meterAddress, width: 16 },
      { header: t('flowMeters.rtuAddress'), value: (r) => r.rtuAddress, width: 14 },
      { header: t('flowMeters.kind'), value: (r) => t(`flowMeters.kinds.${r.kind}`) },
      { header: t('flowMeters.installationPosition'), value: (r) => r.installationPosition, width: 28 },
      { header: t('flowMeters.caliber'), value: (r) => r.caliber },
      { header: t('flowMeters.manufacturer'), value: (r) => r.manufacturer, width: 18 },
      {
        header: t('flowMeters.communicationMode'),
        value: (r) => t(`flowMeters.communicationModes.${r.communicationMode}`),
      },
      {
        header: t('flowMeters.powerSupplyMode'),
        value: (r) => t(`flowMeters.powerSupplyModes.${r.powerSupplyMode}`),
      },
      {
        header: t('flowMeters.dailyFreeze'),
        value: (r) => t(r.dailyFreeze ? 'flowMeters.yes' : 'flowMeters.no'),
      },
      { header: t('flowMeters.collectionTime'), value: (r) => r.latest?.collectionTime ?? null, width: 26 },
      { header: t('flowMeters.instantaneousFlow'), value: (r) => r.latest?.instantaneousFlow ?? null },
      { header: t('flowMeters.forwardTotal'), value: (r) => r.latest?.forwardTotal ?? null },
      { header: t('flowMeters.reverseTotal'), value: (r) => r.latest?.reverseTotal ?? null },
      { header: t('flowMeters.pressure1'), value: (r) => r.latest?.pressure1 ?? null },
      { header: t('flowMeters.pressure2'), value: (r) => r.latest?.pressure2 ?? null },
      { header: t('flowMeters.battery'), value: (r) => r.latest?.battery ?? null },
      { header: t('flowMeters.signal'), value: (r) => r.latest?.signal ?? null },
    ],
    rows,
  );
}
