import { nextDictId } from '@hydrolog/projections';
import type { dictTypeBodySchema } from '@hydrolog/schemas';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Services } from '../services.ts';
import { saveDictType } from './dict-types.ts';

/** Adds a dictionary type, numbered after the others. */
export async function addDictType(
  services: Services,
  request: FastifyRequest,
  body: z.infer<typeof dictTypeBodySchema>,
) {
  return saveDictType(services, request, await nextDictId(services.db), 0, body);
}
