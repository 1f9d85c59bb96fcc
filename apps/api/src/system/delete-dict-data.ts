import { dictDataDecider } from '@hydrolog/domain';
import type { FastifyRequest } from 'fastify';
import { callerMetadata } from '../auth/guard.ts';
import { executeAll } from '../commands.ts';
import { distinctIds } from '../http.ts';
import type { Services } from '../services.ts';
import { dictDataOf } from './dict-data.ts';

/** Deletes dictionary entries (a comma-separated list), all known first, in one transaction. */
export async function deleteDictData({ db, store }: Services, request: FastifyRequest, idList: string) {
  const dictCodes = distinctIds(idList);
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
