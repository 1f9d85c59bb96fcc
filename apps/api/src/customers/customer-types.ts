import { DomainError } from '@hydrolog/domain';
import { getCustomerType, listCustomerTypes } from '@hydrolog/projections';
import type { CustomerTypeView } from '@hydrolog/schemas';
import type { FastifyRequest } from 'fastify';
import { readAsCaller } from '../auth/guard.ts';
import type { Services } from '../services.ts';

/** A customer type of the caller's tenant; another tenant's is "not found". */
export async function customerTypeOf(
  db: Services['db'],
  request: FastifyRequest,
  customerTypeId: string,
): Promise<CustomerTypeView> {
  const found = await readAsCaller(db, request, (sql) => getCustomerType(sql, customerTypeId));
  if (!found) throw new DomainError('error.customerType.notFound');
  return found;
}

/** Every customer type of the tenant, for choosing. */
export async function customerTypeOptions(
  db: Services['db'],
  request: FastifyRequest,
): Promise<CustomerTypeView[]> {
  const page = await readAsCaller(db, request, (sql) =>
    listCustomerTypes(sql, { pageNum: 1, pageSize: 1000 }),
  );
  return page.rows;
}
