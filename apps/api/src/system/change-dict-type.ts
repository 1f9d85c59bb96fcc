import type { updateDictTypeBodySchema } from '@hydrolog/schemas';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Services } from '../services.ts';
import { dictTypeOf, saveDictType } from './dict-types.ts';

/** Changes a dictionary type (its key only while no entries hang under it). */
export async function changeDictType(
  services: Services,
  request: FastifyRequest,
  { dictId, ...body }: z.infer<typeof updateDictTypeBodySchema>,
) {
  const current = await dictTypeOf(services.db, dictId);
  return saveDictType(services, request, dictId, current.dataCount, body);
}
