import type { ConcentratorListQuery, ConcentratorView } from '@hydrolog/schemas';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { translator } from '../http.ts';
import type { Services } from '../services.ts';
import { everyRow, sendXlsx } from '../xlsx.ts';
import { listConcentrators } from './concentrators.ts';

/** The concentrators of a filter as an xlsx workbook, in the caller's language. */
export async function exportConcentrators(
  { db }: Services,
  request: FastifyRequest,
  reply: FastifyReply,
  filter: ConcentratorListQuery,
): Promise<FastifyReply> {
  const t = translator(request);
  const { rows } = await listConcentrators(db, request, { ...filter, ...everyRow });
  return sendXlsx<ConcentratorView>(
    reply,
    'concentrators',
    [
      { header: t('concentrators.number'), value: (r) => r.number, width: 24 },
      { header: t('concentrators.manufacturer'), value: (r) => r.manufacturer, width: 20 },
      {
        header: t('concentrators.communication'),
        value: (r) => t(`concentrators.communications.${r.communication}`),
      },
      { header: t('concentrators.meterCount'), value: (r) => r.meterCount },
      { header: t('concentrators.remark'), value: (r) => r.remark, width: 30 },
      { header: t('concentrators.createTime'), value: (r) => r.createTime, width: 26 },
      { header: t('concentrators.statusChangeTime'), value: (r) => r.statusChangeTime, width: 26 },
    ],
    rows,
  );
}
