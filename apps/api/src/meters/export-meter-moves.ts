import type { MeterMoveListQuery, MeterMoveView } from '@hydrolog/schemas';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { translator } from '../http.ts';
import type { Services } from '../services.ts';
import { everyRow, sendXlsx } from '../xlsx.ts';
import { listMoves } from './move-meters.ts';

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
