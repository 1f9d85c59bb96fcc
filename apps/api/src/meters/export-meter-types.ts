import { listMeterTypes } from '@hydrolog/projections';
import type { MeterTypeListQuery, MeterTypeView } from '@hydrolog/schemas';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { readAsCaller } from '../auth/guard.ts';
import { translator } from '../http.ts';
import type { Services } from '../services.ts';
import { everyRow, sendXlsx } from '../xlsx.ts';

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
