import type { CustomerView, customerActionBodySchema } from '@hydrolog/schemas';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { readAsCaller } from '../auth/guard.ts';
import { openDebtsOf } from '../billing/index.ts';
import type { Services } from '../services.ts';
import { accountOf, runOnAccount } from './accounts.ts';

/** Cancels an account (irreversible); the decider refuses while a balance is not refunded or a debt is open. */
export async function cancelAccount(
  services: Services,
  request: FastifyRequest,
  { customerId, version }: z.output<typeof customerActionBodySchema>,
): Promise<CustomerView> {
  await accountOf(services.db, request, customerId);
  // What the account still owes on its debts: cancelling is refused while it is above zero.
  const owed = await readAsCaller(services.db, request, (sql) => openDebtsOf(sql, [customerId]));
  const openDebt = owed.get(customerId) ?? 0;
  await runOnAccount(
    services,
    request,
    customerId,
    { type: 'Cancel', at: new Date().toISOString(), openDebt },
    version,
  );
  return accountOf(services.db, request, customerId);
}
