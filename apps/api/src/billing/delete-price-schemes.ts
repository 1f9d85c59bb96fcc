import { priceSchemeDecider } from '@hydrolog/domain';
import type { FastifyRequest } from 'fastify';
import { commandContext } from '../caller-command.ts';
import { executeAll, type StreamCommand } from '../commands.ts';
import { distinctIds } from '../http.ts';
import type { Services } from '../services.ts';
import { priceSchemeOf } from './price-schemes.ts';

/** Deletes the schemes of a comma-separated id list, when no account has any of them. */
export async function deletePriceSchemes(
  { db, store }: Services,
  request: FastifyRequest,
  priceSchemeIds: string,
): Promise<void> {
  const deletions: StreamCommand[] = [];
  for (const id of distinctIds(priceSchemeIds)) {
    const { accountCount } = await priceSchemeOf(db, request, id);
    deletions.push({
      decider: priceSchemeDecider,
      id,
      command: { type: 'DeletePriceScheme', accounts: accountCount },
    });
  }
  // One transaction: one refused scheme leaves every scheme in place.
  await executeAll(store, deletions, commandContext(request, 'error.priceScheme.exists'));
}
