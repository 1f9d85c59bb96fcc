import { priceSchemeDecider } from '@hydrolog/domain';
import { type PriceSchemeInput, type PriceSchemeView, uuidv7 } from '@hydrolog/schemas';
import type { FastifyRequest } from 'fastify';
import { callerOf } from '../auth/guard.ts';
import { commandContext } from '../caller-command.ts';
import { execute } from '../commands.ts';
import type { Services } from '../services.ts';
import { priceSchemeOf } from './price-schemes.ts';

export async function createPriceScheme(
  { db, store }: Services,
  request: FastifyRequest,
  scheme: PriceSchemeInput,
): Promise<PriceSchemeView> {
  const priceSchemeId = uuidv7();
  await execute(
    store,
    priceSchemeDecider,
    priceSchemeId,
    [
      {
        type: 'CreatePriceScheme',
        ...scheme,
        priceSchemeId,
        tenantId: callerOf(request).tenantId,
        createdAt: new Date().toISOString(),
      },
    ],
    commandContext(request, 'error.priceScheme.exists'),
  );
  return priceSchemeOf(db, request, priceSchemeId);
}
