import { surchargeSchemeDecider } from '@hydrolog/domain';
import type { FastifyRequest } from 'fastify';
import { commandContext } from '../caller-command.ts';
import { executeAll, type StreamCommand } from '../commands.ts';
import { distinctIds } from '../http.ts';
import type { Services } from '../services.ts';
import { schemeFactsOf, surchargeSchemeOf } from './surcharge-schemes.ts';

/** Deletes the surcharge schemes of a comma-separated id list, when none is bound to an account. */
export async function deleteSurchargeSchemes(
  { db, store }: Services,
  request: FastifyRequest,
  ids: string,
): Promise<void> {
  const deletions: StreamCommand[] = [];
  for (const id of distinctIds(ids)) {
    await surchargeSchemeOf(db, request, id);
    const { boundItemIds } = await schemeFactsOf(db, request, id);
    deletions.push({
      decider: surchargeSchemeDecider,
      id,
      command: { type: 'DeleteSurchargeScheme', facts: { boundItemIds } },
    });
  }
  // One transaction: one refused scheme leaves every scheme in place.
  await executeAll(store, deletions, commandContext(request, 'error.chargingItem.nameExists'));
}
