import {
  billDecider,
  centsOf,
  correctionOf,
  customerDecider,
  DomainError,
  streamName,
} from '@hydrolog/domain';
import { type BillDetail, type EventData, uuidv7 } from '@hydrolog/schemas';
import type { FastifyRequest } from 'fastify';
import { commandContext } from '../caller-command.ts';
import { executeAll } from '../commands.ts';
import type { Services } from '../services.ts';
import { billOfCaller } from './bills.ts';

/**
 * Corrects a bill of the caller's tenant with a new bill adjusting it by `amount`: a positive one is owed like
 * any bill, a negative one is credited to the account balance at once. The original's decider checks the
 * corrections never credit more than it charged, and all is appended together, so a credit is paid once.
 */
export async function correctBill(
  { db, store }: Services,
  request: FastifyRequest,
  body: { billId: string; amount: number; reason: string },
): Promise<BillDetail> {
  // Of the caller's tenant, or "not found" before anything is read from the log.
  await billOfCaller(db, request, body.billId);
  const issued = (await store.readStream(streamName(billDecider, body.billId))).find(
    (e) => e.type === 'BillIssued',
  );
  if (!issued) throw new DomainError('error.bill.notFound');
  const original = issued.data as EventData<'BillIssued'>;
  const correctionBillId = uuidv7();
  const amountCents = centsOf(body.amount);
  const at = new Date().toISOString();
  const correction = correctionOf(original, {
    billId: correctionBillId,
    amountCents,
    reason: body.reason,
    issuedAt: at,
  });
  await executeAll(
    store,
    [
      {
        decider: billDecider,
        id: body.billId,
        command: { type: 'CorrectBill', correctionBillId, amountCents, at },
      },
      { decider: billDecider, id: correctionBillId, command: { type: 'IssueBill', bill: correction } },
      ...(amountCents < 0
        ? [
            {
              decider: customerDecider,
              id: original.customerId,
              command: { type: 'CreditBill', billId: correctionBillId, amountCents: -amountCents, at },
            },
          ]
        : []),
    ],
    commandContext(request, 'error.bill.notFound'),
  );
  return billOfCaller(db, request, correctionBillId);
}
