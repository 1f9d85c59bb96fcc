import { listCustomers } from '@hydrolog/projections';
import type { CustomerListQuery, CustomerRow } from '@hydrolog/schemas';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { callerOf, readAsCaller } from '../auth/guard.ts';
import { translator } from '../http.ts';
import type { Services } from '../services.ts';
import { everyRow, sendXlsx } from '../xlsx.ts';

/** The accounts of a filter (within the caller's data scope) as an xlsx workbook. */
export async function exportCustomers(
  { db }: Services,
  request: FastifyRequest,
  reply: FastifyReply,
  filter: CustomerListQuery,
): Promise<FastifyReply> {
  const t = translator(request);
  const { rows } = await readAsCaller(db, request, (sql) =>
    listCustomers(sql, { ...filter, ...everyRow }, callerOf(request).dataScope),
  );
  return sendXlsx<CustomerRow>(
    reply,
    'customers',
    [
      { header: t('customers.accountNo'), value: (r) => r.accountNo },
      { header: t('customers.name'), value: (r) => r.name },
      { header: t('customers.phone'), value: (r) => r.phone },
      { header: t('customers.type'), value: (r) => r.customerTypeName },
      { header: t('customers.meterNo'), value: (r) => r.meterNo },
      { header: t('customers.balance'), value: (r) => r.balance },
      { header: t('customers.status'), value: (r) => t(`customers.statuses.${r.status}`) },
      { header: t('customers.openTime'), value: (r) => r.openTime, width: 26 },
    ],
    rows,
  );
}
