import { DomainError, dictTypeDecider } from '@hydrolog/domain';
import type { Database } from '@hydrolog/eventstore';
import { getDictType, nextDictId } from '@hydrolog/projections';
import type { dictTypeBodySchema, updateDictTypeBodySchema } from '@hydrolog/schemas';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { callerMetadata } from '../auth/guard.ts';
import { execute, executeAll } from '../commands.ts';
import type { Services } from '../services.ts';

/** One dictionary type with how many entries it has. */
export async function dictTypeOf(db: Database, dictId: number) {
  const found = await getDictType(db, dictId);
  if (!found) throw new DomainError('error.dictType.notFound');
  return found;
}

/** Saves a type whose key has `entries` entries under it now; the answer is the type read back. */
async function saveDictType(
  { db, store }: Services,
  request: FastifyRequest,
  dictId: number,
  entries: number,
  { remark, ...fields }: z.infer<typeof dictTypeBodySchema>,
) {
  await execute(
    store,
    dictTypeDecider,
    String(dictId),
    [{ type: 'Save', dictId, ...fields, remark: remark || null, facts: { entries } }],
    { metadata: callerMetadata(request), taken: 'error.dictType.keyExists' },
  );
  return dictTypeOf(db, dictId);
}

/** Adds a dictionary type, numbered after the others. */
export async function addDictType(
  services: Services,
  request: FastifyRequest,
  body: z.infer<typeof dictTypeBodySchema>,
) {
  return saveDictType(services, request, await nextDictId(services.db), 0, body);
}

/** Changes a dictionary type (its key only while no entries hang under it). */
export async function changeDictType(
  services: Services,
  request: FastifyRequest,
  { dictId, ...body }: z.infer<typeof updateDictTypeBodySchema>,
) {
  const current = await dictTypeOf(services.db, dictId);
  return saveDictType(services, request, dictId, current.dataCount, body);
}

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
