import { DomainError } from '@hydrolog/domain';
import { getBill } from '@hydrolog/projections';
import type { BillDetail } from '@hydrolog/schemas';
import type { FastifyRequest } from 'fastify';
import { readAsCaller } from '../auth/guard.ts';
import type { Services } from '../services.ts';

/** A bill of the caller's tenant with its lines; another tenant's is "not found". */
export async function billOfCaller(
  db: Services['db'],
  request: FastifyRequest,
  billId: string,
): Promise<BillDetail> {
  const found = await readAsCaller(db, request, (sql) => getBill(sql, billId));
  if (!found) throw new DomainError('error.bill.notFound');
  return found;
}
