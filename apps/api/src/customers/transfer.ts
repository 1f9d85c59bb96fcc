import type { CustomerView, transferBodySchema } from '@hydrolog/schemas';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Services } from '../services.ts';
import { accountOf, runOnAccount } from './accounts.ts';

/** Transfers an account to a new holder; the account keeps its number and balance. */
export async function transferAccount(
  services: Services,
  request: FastifyRequest,
  { customerId, version, ...holder }: z.output<typeof transferBodySchema>,
): Promise<CustomerView> {
  await accountOf(services.db, request, customerId);
  await runOnAccount(
    services,
    request,
    customerId,
    { type: 'Transfer', at: new Date().toISOString(), ...holder },
    version,
  );
  return accountOf(services.db, request, customerId);
}
