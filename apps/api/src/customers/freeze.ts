import type { CustomerView, customerActionBodySchema } from '@hydrolog/schemas';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { callerMetadata } from '../auth/guard.ts';
import { closingBillSteps } from '../billing/index.ts';
import { commandContext } from '../caller-command.ts';
import { executeAll } from '../commands.ts';
import type { CommandDispatch } from '../ingest/dispatch.ts';
import type { Services } from '../services.ts';
import { accountOf, accountStep } from './accounts.ts';

/**
 * Freezes or unfreezes an account; when its meter type has a valve, closes it (freeze) or opens it again
 * (unfreeze) remotely, the command's id recorded with the account's event. A freeze closes the running
 * billing period of a postpaid account with a freeze bill. All land in one append: a frozen account never
 * lacks its valve command or its bill, nor a command or a bill its account's change.
 */
export async function setFrozen(
  services: Services,
  dispatch: CommandDispatch,
  request: FastifyRequest,
  action: 'freeze' | 'unfreeze',
  { customerId, version }: z.output<typeof customerActionBodySchema>,
): Promise<CustomerView> {
  const account = await accountOf(services.db, request, customerId);
  const valve = account.valveControl
    ? await dispatch.issuing(
        callerMetadata(request),
        account.meterId,
        action === 'freeze' ? 'valveClose' : 'valveOpen',
      )
    : null;
  const valveCommandId = valve?.id ?? null;
  const at = new Date().toISOString();
  const change = accountStep(
    customerId,
    action === 'freeze' ? { type: 'Freeze', at, valveCommandId } : { type: 'Unfreeze', at, valveCommandId },
    version,
  );
  const closingBill =
    action === 'freeze' ? await closingBillSteps(services, request, customerId, 'freeze', at) : [];
  await executeAll(
    services.store,
    [...closingBill, change, ...(valve ? [valve] : [])],
    commandContext(request, 'error.customer.meterTaken'),
  );
  if (valve) dispatch.announce();
  return accountOf(services.db, request, customerId);
}
