import { debtDecider } from '@hydrolog/domain';
import { type DebtView, type debtBodySchema, uuidv7 } from '@hydrolog/schemas';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { callerOf } from '../auth/guard.ts';
import { commandContext } from '../caller-command.ts';
import { execute } from '../commands.ts';
import type { Services } from '../services.ts';
import { billedAccountOf, debtOf } from './debts.ts';

/** Adds a debt to an account of the caller's tenant. */
export async function addDebt(
  { db, store }: Services,
  request: FastifyRequest,
  body: z.output<typeof debtBodySchema>,
): Promise<DebtView> {
  await billedAccountOf(db, request, body.customerId);
  const debtId = uuidv7();
  const caller = callerOf(request);
  await execute(
    store,
    debtDecider,
    debtId,
    [
      {
        type: 'AddDebt',
        ...body,
        debtId,
        tenantId: caller.tenantId,
        operator: caller.userName,
        at: new Date().toISOString(),
      },
    ],
    commandContext(request, 'error.debt.notFound'),
  );
  return debtOf(db, request, debtId);
}
