import type { dictDataBodySchema } from '@hydrolog/schemas';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Services } from '../services.ts';
import { dictDataOf } from './dict-data.ts';
import { saveDictData } from './save-dict-data.ts';

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
