import { billDecider, customerDecider } from '@hydrolog/domain';
import type { BillDetail, BillPaymentMethod } from '@hydrolog/schemas';
import type { FastifyRequest } from 'fastify';
import { callerOf } from '../auth/guard.ts';
import { commandContext } from '../caller-command.ts';
import { executeAll } from '../commands.ts';
import type { Services } from '../services.ts';
import { billOfCaller } from './bills.ts';

/**
 * Pays a bill of the caller's tenant in full: at the counter (the balance untouched), or out of the account
 * balance, which the account's decider refuses when short ('Account balance insufficient'). The bill and the
 * account are appended together, so a paid bill is always paid from the balance once.
 */
export async function payBill(
  { db, store }: Services,
  request: FastifyRequest,
  body: { billId: string; method: BillPaymentMethod },
): Promise<BillDetail> {
  const bill = await billOfCaller(db, request, body.billId);
  const at = new Date().toISOString();
  const amountCents = Math.round(bill.amount * 100);
  await executeAll(
    store,
    [
      {
        decider: billDecider,
        id: bill.billId,
        command: { type: 'PayBill', method: body.method, operator: callerOf(request).userName, at },
      },
      ...(body.method === 'balance' && amountCents > 0
        ? [
            {
              decider: customerDecider,
              id: bill.customerId,
              command: { type: 'PayBillFromBalance', billId: bill.billId, amountCents, at },
            },
          ]
        : []),
    ],
    commandContext(request, 'error.bill.notFound'),
  );
  return billOfCaller(db, request, body.billId);
}
