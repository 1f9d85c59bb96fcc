import { centsOf } from '@hydrolog/domain';
import type { CustomerView, rechargeBodySchema } from '@hydrolog/schemas';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { callerMetadata, callerOf, readAsCaller } from '../auth/guard.ts';
import { debtPaymentSteps, issuedIfNamed, rechargeDueOf } from '../billing/index.ts';
import { commandContext } from '../caller-command.ts';
import { executeAll } from '../commands.ts';
import type { CommandDispatch } from '../ingest/dispatch.ts';
import type { Services } from '../services.ts';
import { accountByNo, accountOf, accountStep } from './accounts.ts';

/**
 * Puts money on an account, at most its purchase limit. The recharge pays the due debt instalments and
 * personal surcharges first (the customer decider splits it), and the debts it pays record their payment in
 * the same append. A recharge that ends the arrears that closed the account's valve opens it, in the same append.
 */
export async function recharge(
  services: Services,
  dispatch: CommandDispatch,
  request: FastifyRequest,
  { accountNo, amount, payChannel }: z.output<typeof rechargeBodySchema>,
): Promise<CustomerView> {
  const { customerId } = await accountByNo(services.db, request, accountNo);
  const account = await accountOf(services.db, request, customerId);
  const due = await readAsCaller(services.db, request, (sql) => rechargeDueOf(sql, customerId));
  const at = new Date().toISOString();
  const valve =
    account.valveControl && account.arrearsCloseThreshold !== null
      ? await dispatch.issuing(callerMetadata(request), account.meterId, 'valveOpen')
      : null;
  const [events] = await executeAll(
    services.store,
    [
      accountStep(customerId, {
        type: 'Recharge',
        at,
        amount,
        payChannel,
        due,
        purchaseLimitCents: account.purchaseLimit === null ? null : centsOf(account.purchaseLimit),
        valve: valve
          ? { commandId: valve.id, thresholdCents: centsOf(account.arrearsCloseThreshold!) }
          : null,
      }),
      ...(valve ? [issuedIfNamed(valve)] : []),
      ...debtPaymentSteps(due, 0, callerOf(request).userName, at),
    ],
    commandContext(request, 'error.customer.meterTaken'),
  );
  if (events?.some((e) => (e.data as { valveCommandId?: string }).valveCommandId)) dispatch.announce();
  return accountOf(services.db, request, customerId);
}
