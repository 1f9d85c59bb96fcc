import type { CustomerView, changePriceSchemeBodySchema } from '@hydrolog/schemas';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { closingBillSteps, priceSchemeOf } from '../billing/index.ts';
import { commandContext } from '../caller-command.ts';
import { executeAll } from '../commands.ts';
import type { Services } from '../services.ts';
import { accountOf, accountStep } from './accounts.ts';

/**
 * Charges an account's water at another price scheme of the tenant from now on (a tariff renewal). A
 * postpaid account's running period under the old scheme closes with a tariff renewal bill, appended with
 * the change; the new scheme's period starts there. The same scheme again changes nothing.
 */
export async function changePriceScheme(
  services: Services,
  request: FastifyRequest,
  { customerId, version, priceSchemeId }: z.output<typeof changePriceSchemeBodySchema>,
): Promise<CustomerView> {
  const account = await accountOf(services.db, request, customerId);
  if (account.priceSchemeId !== priceSchemeId) {
    // Another tenant's scheme, or one deleted, is unknown to the caller.
    await priceSchemeOf(services.db, request, priceSchemeId);
    const at = new Date().toISOString();
    const closingBill = await closingBillSteps(services, request, customerId, 'tariffRenewal', at);
    await executeAll(
      services.store,
      [...closingBill, accountStep(customerId, { type: 'ChangePriceScheme', at, priceSchemeId }, version)],
      commandContext(request, 'error.customer.meterTaken'),
    );
  }
  return accountOf(services.db, request, customerId);
}
