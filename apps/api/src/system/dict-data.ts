import { DomainError } from '@hydrolog/domain';
import type { Database } from '@hydrolog/eventstore';
import { getDictData } from '@hydrolog/projections';
import type { FastifyRequest } from 'fastify';
import { requestLanguage } from '../http.ts';

/** One dictionary entry, its label in the caller's language. */
export async function dictDataOf(db: Database, request: FastifyRequest, dictCode: string) {
  const found = await getDictData(db, dictCode, requestLanguage(request));
  if (!found) throw new DomainError('error.dict.notFound');
  return found;
}
