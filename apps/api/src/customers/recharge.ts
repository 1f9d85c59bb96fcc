import type { CustomerView, rechargeBodySchema } from '@hydrolog/schemas';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Services } from '../services.ts';
import { accountByNo, accountOf, runOnAccount } from './accounts.ts';

/** Puts money on an account. */
export async function recharge(
  services: Services,
  request: FastifyRequest,
  { accountNo, amount, payChannel }: z.output<typeof rechargeBodySchema>,
): Promise<CustomerView> {
  const { customerId } = await accountByNo(services.db, request, accountNo);
  await runOnAccount(services, request, customerId, {
    type: 'Recharge',
    at: new Date().toISOString(),
    amount,
    payChannel,
  });
  return accountOf(services.db, request, customerId);
}
