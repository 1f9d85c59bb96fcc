import { priceSchemeDecider } from '@hydrolog/domain';
import type { PriceSchemeView, updatePriceSchemeBodySchema } from '@hydrolog/schemas';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { commandContext } from '../caller-command.ts';
import { execute } from '../commands.ts';
import type { Services } from '../services.ts';
import { priceSchemeOf } from './price-schemes.ts';

/** New prices of a scheme from a day on: a version beside the earlier ones. */
export async function revisePriceScheme(
  { db, store }: Services,
  request: FastifyRequest,
  { priceSchemeId, ...scheme }: z.output<typeof updatePriceSchemeBodySchema>,
): Promise<PriceSchemeView> {
  // Another tenant's scheme is unknown to the caller.
  await priceSchemeOf(db, request, priceSchemeId);
  await execute(
    store,
    priceSchemeDecider,
    priceSchemeId,
    [{ type: 'RevisePriceScheme', ...scheme, revisedAt: new Date().toISOString() }],
    commandContext(request, 'error.priceScheme.exists'),
  );
  return priceSchemeOf(db, request, priceSchemeId);
}
