import { type CustomerCommand, customerDecider, DomainError } from '@hydrolog/domain';
import type { Sql } from '@hydrolog/eventstore';
import { findCustomerByAccountNo, getCustomer } from '@hydrolog/projections';
import type { CustomerView } from '@hydrolog/schemas';
import type { FastifyRequest } from 'fastify';
import { readAsCaller } from '../auth/guard.ts';
import { commandContext } from '../caller-command.ts';
import { execute, type StreamCommand } from '../commands.ts';
import type { Services } from '../services.ts';

async function found(
  db: Services['db'],
  request: FastifyRequest,
  read: (sql: Sql) => Promise<CustomerView | null>,
): Promise<CustomerView> {
  const account = await readAsCaller(db, request, read);
  if (!account) throw new DomainError('error.customer.notFound');
  return account;
}

/** An account of the caller's tenant; another tenant's is "not found". */
export function accountOf(
  db: Services['db'],
  request: FastifyRequest,
  customerId: string,
): Promise<CustomerView> {
  return found(db, request, (sql) => getCustomer(sql, customerId));
}

/** An account of the caller's tenant by its number (recharge and refund name accounts so). */
export function accountByNo(
  db: Services['db'],
  request: FastifyRequest,
  accountNo: string,
): Promise<CustomerView> {
  return found(db, request, (sql) => findCustomerByAccountNo(sql, accountNo));
}

/** Runs an account command on the version the caller saw. */
export async function runOnAccount(
  { store }: Services,
  request: FastifyRequest,
  customerId: string,
  command: CustomerCommand,
  version?: number,
): Promise<void> {
  await execute(
    store,
    customerDecider,
    customerId,
    [command],
    commandContext(request, 'error.customer.meterTaken', version),
  );
}

/** An account command, on the version the caller saw, as the step of a change that spans aggregates. */
export const accountStep = (
  customerId: string,
  command: CustomerCommand,
  version?: number,
): StreamCommand => ({
  decider: customerDecider,
  id: customerId,
  command,
  expectedVersion: version === undefined ? undefined : BigInt(version),
});
