import { DomainError } from '@hydrolog/domain';
import { getPersonalSurcharge } from '@hydrolog/projections';
import type { PersonalSurchargeView } from '@hydrolog/schemas';
import type { FastifyRequest } from 'fastify';
import { readAsCaller } from '../auth/guard.ts';
import type { Services } from '../services.ts';

/** A personal surcharge record of the caller's tenant; another tenant's is "not found". */
export async function personalSurchargeOf(
  db: Services['db'],
  request: FastifyRequest,
  personalSurchargeId: string,
): Promise<PersonalSurchargeView> {
  const found = await readAsCaller(db, request, (sql) => getPersonalSurcharge(sql, personalSurchargeId));
  if (!found) throw new DomainError('error.personalSurcharge.notFound');
  return found;
}
