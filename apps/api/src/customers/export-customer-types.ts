import { listCustomerTypes } from '@hydrolog/projections';
import type { CustomerTypeListQuery, CustomerTypeView } from '@hydrolog/schemas';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { readAsCaller } from '../auth/guard.ts';
import { translator } from '../http.ts';
import type { Services } from '../services.ts';
import { everyRow, sendXlsx } from '../xlsx.ts';

/** The customer types of a filter as an xlsx workbook. */
export async function exportCustomerTypes(
  { db }: Services,
  request: FastifyRequest,
  reply: FastifyReply,
  filter: CustomerTypeListQuery,
): Promise<FastifyReply> {
  const t = translator(request);
  const { rows } = await readAsCaller(db, request, (sql) =>
    listCustomerTypes(sql, { ...filter, ...everyRow }),
  );
  return sendXlsx<CustomerTypeView>(
    reply,
    'customer-types',
    [
      { header: t('customers.type'), value: (r) => r.name, width: 30 },
      { header: t('customers.remarks'), value: (r) => r.remark, width: 40 },
      { header: t('customers.openTime'), value: (r) => r.createTime, width: 26 },
    ],
    rows,
  );
}
