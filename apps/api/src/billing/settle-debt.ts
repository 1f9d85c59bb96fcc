import { type DebtCommand, debtDecider } from '@hydrolog/domain';
import type { DebtView } from '@hydrolog/schemas';
import type { FastifyRequest } from 'fastify';
import { callerOf } from '../auth/guard.ts';
import { commandContext } from '../caller-command.ts';
import { execute } from '../commands.ts';
import type { Services } from '../services.ts';
import { debtOf } from './debts.ts';

/** A step on a debt: its repayment plan, or a payment at the counter. */
export type DebtStep = { type: 'PlanDebt'; deductions: number } | { type: 'PayDebt'; amount: number };

/**
 * Plans or pays a debt of the caller's tenant, in the caller's name: one flow, the decider tells the two
 * apart; the answer is the debt as it stands after.
 */
export async function settleDebt(
  { db, store }: Services,
  request: FastifyRequest,
  debtId: string,
  step: DebtStep,
): Promise<DebtView> {
  await debtOf(db, request, debtId);
  const command: DebtCommand = {
    ...step,
    operator: callerOf(request).userName,
    at: new Date().toISOString(),
  };
  await execute(store, debtDecider, debtId, [command], commandContext(request, 'error.debt.notFound'));
  return debtOf(db, request, debtId);
}
