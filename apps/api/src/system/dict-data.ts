import { DomainError, dictDataDecider } from '@hydrolog/domain';
import type { Database } from '@hydrolog/eventstore';
import { getDictData } from '@hydrolog/projections';
import type { dictDataBodySchema } from '@hydrolog/schemas';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { callerMetadata } from '../auth/guard.ts';
import { execute, executeAll } from '../commands.ts';
import { requestLanguage } from '../http.ts';
import type { Services } from '../services.ts';

/** One dictionary entry, its label in the caller's language. */
export async function dictDataOf(db: Database, request: FastifyRequest, dictCode: string) {
  const found = await getDictData(db, dictCode, requestLanguage(request));
  if (!found) throw new DomainError('error.dict.notFound');
  return found;
}

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

/** Changes a known dictionary entry. */
export async function changeDictData(
  services: Services,
  request: FastifyRequest,
  dictCode: string,
  body: z.infer<typeof dictDataBodySchema>,
) {
  await dictDataOf(services.db, request, dictCode);
  return saveDictData(services, request, dictCode, body);
}

/** Deletes dictionary entries (a comma-separated list), all known first, in one transaction. */
export async function deleteDictData({ db, store }: Services, request: FastifyRequest, idList: string) {
  const dictCodes = [...new Set(idList.split(','))];
  for (const dictCode of dictCodes) await dictDataOf(db, request, dictCode);
  await executeAll(
    store,
    dictCodes.map((dictCode) => ({
      decider: dictDataDecider,
      id: dictCode,
      command: { type: 'DeleteDictData', dictCode },
    })),
    { metadata: callerMetadata(request) },
  );
}
