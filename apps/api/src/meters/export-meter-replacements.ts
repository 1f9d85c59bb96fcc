import type { MeterReplacementListQuery, MeterReplacementView } from '@hydrolog/schemas';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { translator } from '../http.ts';
import type { Services } from '../services.ts';
import { everyRow, sendXlsx } from '../xlsx.ts';
import { listReplacements } from './replacements.ts';

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
