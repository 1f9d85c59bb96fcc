import type { Sql } from '@hydrolog/eventstore';
import type { CustomerView, customerActionBodySchema } from '@hydrolog/schemas';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { readAsCaller } from '../auth/guard.ts';
import type { Services } from '../services.ts';
import { accountOf, runOnAccount } from './accounts.ts';

/**
 * What the account still owes. Billing will answer it from its debts read model; until then no account
 * has a debt. Cancelling is refused while it is above zero.
 */
async function openDebtOf(_sql: Sql, _customerId: string): Promise<number> {
  return 0;
}

/** Cancels an account (irreversible); the decider refuses while a balance is not refunded or a debt is open. */
export async function cancelAccount(
  services: Services,
  request: FastifyRequest,
  { customerId, version }: z.output<typeof customerActionBodySchema>,
): Promise<CustomerView> {
  await accountOf(services.db, request, customerId);
  const openDebt = await readAsCaller(services.db, request, (sql) => openDebtOf(sql, customerId));
  await runOnAccount(
    services,
    request,
    customerId,
    { type: 'Cancel', at: new Date().toISOString(), openDebt },
    version,
  );
  return accountOf(services.db, request, customerId);
}
