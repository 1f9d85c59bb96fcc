import { listBills } from '@hydrolog/projections';
import type { BillListQuery, BillView } from '@hydrolog/schemas';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { readAsCaller } from '../auth/guard.ts';
import { translator } from '../http.ts';
import type { Services } from '../services.ts';
import { everyRow, sendXlsx } from '../xlsx.ts';

/** The bills of a filter as an xlsx workbook, in the list's order. */
export async function exportBills(
  { db }: Services,
  request: FastifyRequest,
  reply: FastifyReply,
  filter: BillListQuery,
): Promise<FastifyReply> {
  const t = translator(request);
  const { rows } = await readAsCaller(db, request, (sql) => listBills(sql, { ...filter, ...everyRow }));
  return sendXlsx<BillView>(
    reply,
    'bills',
    [
      { header: t('bills.accountNo'), value: (r) => r.accountNo, width: 16 },
      { header: t('bills.customerName'), value: (r) => r.customerName ?? '', width: 20 },
      { header: t('bills.priceScheme'), value: (r) => r.priceSchemeName ?? '', width: 16 },
      { header: t('bills.period'), value: (r) => `${r.periodFrom} – ${r.periodTo}`, width: 24 },
      {
        header: t('bills.type'),
        value: (r) => t(`bills.types.${r.type}`) + (r.noReading ? ` (${t('bills.noReading')})` : ''),
        width: 18,
      },
      { header: t('bills.volume'), value: (r) => r.volume, width: 12 },
      { header: t('bills.amount'), value: (r) => r.amount, width: 12 },
      { header: t('bills.state'), value: (r) => t(`bills.states.${r.state}`), width: 12 },
      { header: t('bills.paidAmount'), value: (r) => r.paidAmount, width: 12 },
      {
        header: t('bills.paymentMethod'),
        value: (r) => (r.paymentMethod ? t(`bills.methods.${r.paymentMethod}`) : ''),
        width: 16,
      },
      { header: t('bills.createTime'), value: (r) => r.createTime, width: 22 },
    ],
    rows,
  );
}
