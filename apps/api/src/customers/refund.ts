import type { CustomerView, refundBodySchema } from '@hydrolog/schemas';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Services } from '../services.ts';
import { accountByNo, accountOf, runOnAccount } from './accounts.ts';

/** Refunds the whole remaining balance of an account. */
export async function refund(
  services: Services,
  request: FastifyRequest,
  { accountNo, payChannel }: z.output<typeof refundBodySchema>,
): Promise<CustomerView> {
  const { customerId } = await accountByNo(services.db, request, accountNo);
  await runOnAccount(services, request, customerId, {
    type: 'Refund',
    at: new Date().toISOString(),
    payChannel,
  });
  return accountOf(services.db, request, customerId);
}
