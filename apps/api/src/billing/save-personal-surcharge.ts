import { DomainError, personalSurchargeDecider } from '@hydrolog/domain';
import { bindableItems, personalSurchargeOfAccount } from '@hydrolog/projections';
import {
  type PersonalSurchargeView,
  type personalSurchargeBodySchema,
  type updatePersonalSurchargeBodySchema,
  uuidv7,
} from '@hydrolog/schemas';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { callerOf, readAsCaller } from '../auth/guard.ts';
import { commandContext } from '../caller-command.ts';
import { execute } from '../commands.ts';
import type { Services } from '../services.ts';
import { billedAccountOf } from './debts.ts';
import { personalSurchargeOf } from './personal-surcharges.ts';

type Body = z.output<typeof personalSurchargeBodySchema> | z.output<typeof updatePersonalSurchargeBodySchema>;

/** Binds charging items to one account, or changes the items bound. */
export async function savePersonalSurcharge(
  { db, store }: Services,
  request: FastifyRequest,
  body: Body,
): Promise<PersonalSurchargeView> {
  const existing = 'personalSurchargeId' in body;
  const personalSurchargeId = existing ? body.personalSurchargeId : uuidv7();
  if (existing) await personalSurchargeOf(db, request, personalSurchargeId);
  const account = await billedAccountOf(db, request, body.customerId);
  const chargingItemIds = [...new Set(body.chargingItemIds)];
  const { items, other } = await readAsCaller(db, request, async (sql) => ({
    items: await bindableItems(sql, chargingItemIds),
    other: await personalSurchargeOfAccount(sql, body.customerId),
  }));
  // An id of no item of the tenant is unknown to the caller.
  if (items.length !== chargingItemIds.length) throw new DomainError('error.chargingItem.notFound');
  await execute(
    store,
    personalSurchargeDecider,
    personalSurchargeId,
    [
      {
        type: 'Save',
        personalSurchargeId,
        tenantId: callerOf(request).tenantId,
        customerId: body.customerId,
        chargingItemIds,
        savedAt: new Date().toISOString(),
        facts: {
          items,
          accountHasOther: other !== null && other !== personalSurchargeId,
          accountCancelled: account.status === 'cancelled',
        },
      },
    ],
    commandContext(request, 'error.personalSurcharge.exists'),
  );
  return personalSurchargeOf(db, request, personalSurchargeId);
}
