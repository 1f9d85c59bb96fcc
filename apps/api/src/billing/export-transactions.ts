import { listTransactions } from '@hydrolog/projections';
import type { TransactionListQuery, TransactionView } from '@hydrolog/schemas';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { readAsCaller } from '../auth/guard.ts';
import { translator } from '../http.ts';
import type { Services } from '../services.ts';
import { everyRow, sendXlsx } from '../xlsx.ts';

/** The transactions of a filter as an xlsx workbook, newest first. */
export async function exportTransactions(
  { db }: Services,
  request: FastifyRequest,
  reply: FastifyReply,
  filter: TransactionListQuery,
): Promise<FastifyReply> {
  const t = translator(request);
  const { rows } = await readAsCaller(db, request, (sql) =>
    listTransactions(sql, { ...filter, ...everyRow }),
  );
  return sendXlsx<TransactionView>(
    reply,
    'transactions',
    [
      { header: t('transactions.accountNo'), value: (r) => r.accountNo ?? '', width: 16 },
      { header: t('transactions.customerName'), value: (r) => r.customerName ?? '', width: 20 },
      { header: t('transactions.type'), value: (r) => t(`transactions.types.${r.type}`), width: 14 },
      { header: t('transactions.amount'), value: (r) => r.amount, width: 12 },
      { header: t('transactions.balanceChange'), value: (r) => r.balanceChange, width: 12 },
      { header: t('transactions.balanceAfter'), value: (r) => r.balanceAfter, width: 12 },
      { header: t('transactions.operator'), value: (r) => r.operator ?? '', width: 14 },
      { header: t('transactions.reference'), value: (r) => r.reference ?? '', width: 20 },
      { header: t('transactions.createTime'), value: (r) => r.createTime, width: 22 },
    ],
    rows,
  );
}
