import { thirdPartyDecider } from '@hydrolog/domain';
import type { Database, EventStore } from '@hydrolog/eventstore';
import type { FastifyRequest } from 'fastify';
import { executeAll, type StreamCommand } from '../commands.ts';
import { meta, thirdPartyOf } from './records.ts';

/** Deletes third-party platforms no recharge went through. */
export async function deleteThirdParties(
  store: EventStore,
  db: Database,
  request: FastifyRequest,
  thirdPartyIds: readonly string[],
) {
  const deletions: StreamCommand[] = [];
  for (const id of thirdPartyIds) {
    const { rechargeCount } = await thirdPartyOf(db, id);
    deletions.push({
      decider: thirdPartyDecider,
      id,
      command: { type: 'Delete', facts: { recharges: rechargeCount } },
    });
  }
  await executeAll(store, deletions, meta(request));
}
