import { listDebts, listSurchargeSchemes } from '@hydrolog/projections';
import type {
  DebtListQuery,
  DebtView,
  SurchargeSchemeListQuery,
  SurchargeSchemeView,
} from '@hydrolog/schemas';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { readAsCaller } from '../auth/guard.ts';
import { translator } from '../http.ts';
import type { Services } from '../services.ts';
import { everyRow, sendXlsx } from '../xlsx.ts';

/** The surcharge schemes of a filter as an xlsx workbook: one row per scheme, its items named. */
export async function exportSurchargeSchemes(
  { db }: Services,
  request: FastifyRequest,
  reply: FastifyReply,
  filter: SurchargeSchemeListQuery,
): Promise<FastifyReply> {
  const t = translator(request);
  const { rows } = await readAsCaller(db, request, (sql) =>
    listSurchargeSchemes(sql, { ...filter, ...everyRow }),
  );
  return sendXlsx<SurchargeSchemeView>(
    reply,
    'surcharge-schemes',
    [
      { header: t('surcharges.name'), value: (r) => r.name, width: 30 },
      { header: t('surcharges.status'), value: (r) => t(`surcharges.statuses.${r.status}`), width: 12 },
      { header: t('surcharges.items'), value: (r) => r.items.map((i) => i.name).join('; '), width: 50 },
      { header: t('surcharges.accountCount'), value: (r) => r.accountCount, width: 10 },
      { header: t('surcharges.createTime'), value: (r) => r.createTime, width: 22 },
    ],
    rows,
  );
}

/** The debts of a filter as an xlsx workbook. */
export async function exportDebts(
  { db }: Services,
  request: FastifyRequest,
  reply: FastifyReply,
  filter: DebtListQuery,
): Promise<FastifyReply> {
  const t = translator(request);
  const { rows } = await readAsCaller(db, request, (sql) => listDebts(sql, { ...filter, ...everyRow }));
  return sendXlsx<DebtView>(
    reply,
    'debts',
    [
      { header: t('debts.accountNo'), value: (r) => r.accountNo ?? '', width: 16 },
      { header: t('debts.customerName'), value: (r) => r.customerName ?? '', width: 20 },
      { header: t('debts.debtType'), value: (r) => t(`debts.debtTypes.${r.debtType}`), width: 14 },
      { header: t('debts.feeName'), value: (r) => r.feeName, width: 20 },
      { header: t('debts.debtAmount'), value: (r) => r.debtAmount, width: 12 },
      { header: t('debts.residualDebt'), value: (r) => r.residualDebt, width: 12 },
      { header: t('debts.remainingDeductions'), value: (r) => r.remainingDeductions ?? '', width: 12 },
      { header: t('debts.operator'), value: (r) => r.operator, width: 14 },
      { header: t('debts.createTime'), value: (r) => r.createTime, width: 22 },
    ],
    rows,
  );
}
