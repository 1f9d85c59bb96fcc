import { DomainError } from '@hydrolog/domain';
import type { Sql } from '@hydrolog/eventstore';
import { getCustomer, getDebt, openDebts } from '@hydrolog/projections';
import type { CustomerView, DebtView } from '@hydrolog/schemas';
import type { FastifyRequest } from 'fastify';
import { readAsCaller } from '../auth/guard.ts';
import type { Services } from '../services.ts';

/** A debt of the caller's tenant; another tenant's is "not found". */
export async function debtOf(db: Services['db'], request: FastifyRequest, debtId: string): Promise<DebtView> {
  const found = await readAsCaller(db, request, (sql) => getDebt(sql, debtId));
  if (!found) throw new DomainError('error.debt.notFound');
  return found;
}

/**
 * What accounts still owe on their debts, in cents (0 without a debt), read in the tenant the caller's
 * `sql` is scoped to: cancelling an account and moving a meter are refused while it is above zero.
 */
export async function openDebtsOf(sql: Sql, customerIds: readonly string[]): Promise<Map<string, number>> {
  const owed = await openDebts(sql, customerIds);
  return new Map(customerIds.map((id) => [id, owed.get(id) ?? 0]));
}

/**
 * An account of the caller's tenant, read from the customers read model: billing does not import the
 * customers context, which chooses price schemes through billing's index.
 */
export async function billedAccountOf(
  db: Services['db'],
  request: FastifyRequest,
  customerId: string,
): Promise<CustomerView> {
  const found = await readAsCaller(db, request, (sql) => getCustomer(sql, customerId));
  if (!found) throw new DomainError('error.customer.notFound');
  return found;
}
