import { type CustomerView, type customerActionBodySchema, uuidv7 } from '@hydrolog/schemas';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { callerMetadata } from '../auth/guard.ts';
import type { CommandDispatch } from '../ingest/dispatch.ts';
import type { Services } from '../services.ts';
import { accountOf, runOnAccount } from './accounts.ts';

/**
 * Freezes or unfreezes an account; when its meter type has a valve, closes it (freeze) or opens it again
 * (unfreeze) remotely, the command's id recorded with the account's event.
 */
export async function setFrozen(
  services: Services,
  dispatch: CommandDispatch,
  request: FastifyRequest,
  action: 'freeze' | 'unfreeze',
  { customerId, version }: z.output<typeof customerActionBodySchema>,
): Promise<CustomerView> {
  const account = await accountOf(services.db, request, customerId);
  const valveCommandId = account.valveControl ? uuidv7() : null;
  const at = new Date().toISOString();
  await runOnAccount(
    services,
    request,
    customerId,
    action === 'freeze' ? { type: 'Freeze', at, valveCommandId } : { type: 'Unfreeze', at, valveCommandId },
    version,
  );
  if (valveCommandId)
    await dispatch.issue(
      callerMetadata(request),
      account.meterId,
      action === 'freeze' ? 'valveClose' : 'valveOpen',
      undefined,
      valveCommandId,
    );
  return accountOf(services.db, request, customerId);
}
