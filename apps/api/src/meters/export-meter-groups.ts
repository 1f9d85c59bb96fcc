import { listMeterGroups } from '@hydrolog/projections';
import type { MeterGroupListQuery, MeterGroupView } from '@hydrolog/schemas';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { readAsCaller } from '../auth/guard.ts';
import { translator } from '../http.ts';
import type { Services } from '../services.ts';
import { everyRow, sendXlsx } from '../xlsx.ts';

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
