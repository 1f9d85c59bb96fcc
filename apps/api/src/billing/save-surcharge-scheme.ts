import { surchargeSchemeDecider } from '@hydrolog/domain';
import {
  type SurchargeSchemeInput,
  type SurchargeSchemeView,
  type updateSurchargeSchemeBodySchema,
  uuidv7,
} from '@hydrolog/schemas';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { callerOf } from '../auth/guard.ts';
import { commandContext } from '../caller-command.ts';
import { execute } from '../commands.ts';
import type { Services } from '../services.ts';
import { schemeFactsOf, surchargeSchemeOf } from './surcharge-schemes.ts';

/** Creates a surcharge scheme with its charging items, or saves an existing one whole. */
export async function saveSurchargeScheme(
  { db, store }: Services,
  request: FastifyRequest,
  body: SurchargeSchemeInput | z.output<typeof updateSurchargeSchemeBodySchema>,
): Promise<SurchargeSchemeView> {
  const existing = 'surchargeSchemeId' in body;
  const surchargeSchemeId = existing ? body.surchargeSchemeId : uuidv7();
  // Another tenant's scheme is unknown to the caller.
  if (existing) await surchargeSchemeOf(db, request, surchargeSchemeId);
  const facts = await schemeFactsOf(db, request, surchargeSchemeId);
  await execute(
    store,
    surchargeSchemeDecider,
    surchargeSchemeId,
    [
      {
        type: 'SaveSurchargeScheme',
        ...body,
        surchargeSchemeId,
        tenantId: callerOf(request).tenantId,
        savedAt: new Date().toISOString(),
        newItemIds: body.items.map(() => uuidv7()),
        facts,
      },
    ],
    commandContext(request, 'error.chargingItem.nameExists'),
  );
  return surchargeSchemeOf(db, request, surchargeSchemeId);
}
