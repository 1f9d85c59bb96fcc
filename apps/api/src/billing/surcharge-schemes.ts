import { DomainError } from '@hydrolog/domain';
import { getSurchargeScheme, surchargeSchemeFacts } from '@hydrolog/projections';
import type { SurchargeSchemeView } from '@hydrolog/schemas';
import type { FastifyRequest } from 'fastify';
import { readAsCaller } from '../auth/guard.ts';
import type { Services } from '../services.ts';

/** A surcharge scheme of the caller's tenant; another tenant's is "not found". */
export async function surchargeSchemeOf(
  db: Services['db'],
  request: FastifyRequest,
  surchargeSchemeId: string,
): Promise<SurchargeSchemeView> {
  const found = await readAsCaller(db, request, (sql) => getSurchargeScheme(sql, surchargeSchemeId));
  if (!found) throw new DomainError('error.surcharge.notFound');
  return found;
}

/** What a scheme's rules need to know of the tenant's other schemes and of the accounts bound to its items. */
export function schemeFactsOf(db: Services['db'], request: FastifyRequest, surchargeSchemeId: string) {
  return readAsCaller(db, request, (sql) => surchargeSchemeFacts(sql, surchargeSchemeId));
}
