import { DomainError, dictTypeDecider } from '@hydrolog/domain';
import type { Database } from '@hydrolog/eventstore';
import { getDictType } from '@hydrolog/projections';
import type { dictTypeBodySchema } from '@hydrolog/schemas';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { callerMetadata } from '../auth/guard.ts';
import { execute } from '../commands.ts';
import type { Services } from '../services.ts';

/** One dictionary type with how many entries it has. */
export async function dictTypeOf(db: Database, dictId: number) {
  const found = await getDictType(db, dictId);
  if (!found) throw new DomainError('error.dictType.notFound');
  return found;
}

/** Saves a type whose key has `entries` entries under it now; the answer is the type read back. */
export async function saveDictType(
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
