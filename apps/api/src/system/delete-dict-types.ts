import { dictTypeDecider } from '@hydrolog/domain';
import type { FastifyRequest } from 'fastify';
import { callerMetadata } from '../auth/guard.ts';
import { executeAll } from '../commands.ts';
import type { Services } from '../services.ts';
import { dictTypeOf } from './dict-types.ts';

/** Deletes dictionary types without entries, all or none. */
export async function deleteDictTypes(
  { db, store }: Services,
  request: FastifyRequest,
  dictIds: readonly number[],
) {
  const deletions = [];
  for (const dictId of dictIds) {
    const { dataCount } = await dictTypeOf(db, dictId);
    deletions.push({
      decider: dictTypeDecider,
      id: String(dictId),
      command: { type: 'Delete', facts: { entries: dataCount } },
    });
  }
  await executeAll(store, deletions, { metadata: callerMetadata(request) });
}
