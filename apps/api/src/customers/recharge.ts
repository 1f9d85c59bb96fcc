import type { CustomerView, rechargeBodySchema } from '@hydrolog/schemas';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { callerOf, readAsCaller } from '../auth/guard.ts';
import { debtPaymentSteps, rechargeDueOf } from '../billing/index.ts';
import { commandContext } from '../caller-command.ts';
import { executeAll } from '../commands.ts';
import type { Services } from '../services.ts';
import { accountByNo, accountOf, accountStep } from './accounts.ts';

/**
 * Puts money on an account. The recharge pays the due debt instalments and personal surcharges first (the
 * customer decider splits it), and the debts it pays record their payment in the same append.
 */
export async function recharge(
  services: Services,
  request: FastifyRequest,
  { accountNo, amount, payChannel }: z.output<typeof rechargeBodySchema>,
): Promise<CustomerView> {
  const { customerId } = await accountByNo(services.db, request, accountNo);
  const due = await readAsCaller(services.db, request, (sql) => rechargeDueOf(sql, customerId));
  const at = new Date().toISOString();
  await executeAll(
    services.store,
    [
      accountStep(customerId, { type: 'Recharge', at, amount, payChannel, due }),
      ...debtPaymentSteps(due, 0, callerOf(request).userName, at),
    ],
    commandContext(request, 'error.customer.meterTaken'),
  );
  return accountOf(services.db, request, customerId);
}
