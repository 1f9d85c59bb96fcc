import { dictDataDecider } from '@hydrolog/domain';
import type { dictDataBodySchema } from '@hydrolog/schemas';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { callerMetadata } from '../auth/guard.ts';
import { execute } from '../commands.ts';
import type { Services } from '../services.ts';
import { dictDataOf } from './dict-data.ts';

/** Adds or changes a dictionary entry; the answer is the entry read back. */
export async function saveDictData(
  { db, store }: Services,
  request: FastifyRequest,
  dictCode: string,
  body: z.infer<typeof dictDataBodySchema>,
) {
  const command = {
    type: 'SaveDictData',
    dictCode,
    ...body,
    cssClass: body.cssClass ?? null,
    remark: body.remark ?? null,
  } as const;
  await execute(store, dictDataDecider, dictCode, [command], {
    metadata: callerMetadata(request),
    taken: 'error.dict.valueExists',
  });
  return dictDataOf(db, request, dictCode);
}
