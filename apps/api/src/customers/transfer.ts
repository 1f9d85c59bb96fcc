import type { CustomerView, transferBodySchema } from '@hydrolog/schemas';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { closingBillSteps } from '../billing/index.ts';
import { commandContext } from '../caller-command.ts';
import { executeAll } from '../commands.ts';
import type { Services } from '../services.ts';
import { accountOf, accountStep } from './accounts.ts';

/**
 * Transfers an account to a new holder; the account keeps its number and balance. A postpaid account's
 * running billing period closes with a transfer bill, the old holder's, appended with the transfer.
 */
export async function transferAccount(
  services: Services,
  request: FastifyRequest,
  { customerId, version, ...holder }: z.output<typeof transferBodySchema>,
): Promise<CustomerView> {
  await accountOf(services.db, request, customerId);
  const at = new Date().toISOString();
  const closingBill = await closingBillSteps(services, request, customerId, 'transfer', at);
  await executeAll(
    services.store,
    [...closingBill, accountStep(customerId, { type: 'Transfer', at, ...holder }, version)],
    commandContext(request, 'error.customer.meterTaken'),
  );
  return accountOf(services.db, request, customerId);
}
