import { centsOf, chargingItemOf, DomainError, litresOf, surchargeCharge } from '@hydrolog/domain';
import { surchargeSchemeItems } from '@hydrolog/projections';
import { type SurchargeTrial, type surchargeTrialBodySchema, surchargeTrialOf } from '@hydrolog/schemas';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { readAsCaller } from '../auth/guard.ts';
import type { Services } from '../services.ts';

/**
 * The trial calculation of surcharges: what a saved scheme's items, or unsaved ones, take from a payment
 * that buys a volume, line by line. Nothing is saved.
 */
export async function surchargeTrial(
  { db }: Services,
  request: FastifyRequest,
  body: z.output<typeof surchargeTrialBodySchema>,
): Promise<SurchargeTrial> {
  const items = body.items
    ? // Unsaved items have no id yet, and the math needs none.
      body.items.map((item) => chargingItemOf(item, item.chargingItemId ?? ''))
    : await readAsCaller(db, request, (sql) => surchargeSchemeItems(sql, body.surchargeSchemeId!));
  if (!items) throw new DomainError('error.surcharge.notFound');
  const charge = surchargeCharge(items, { amountCents: centsOf(body.amount), litres: litresOf(body.volume) });
  return surchargeTrialOf(charge.lines);
}
