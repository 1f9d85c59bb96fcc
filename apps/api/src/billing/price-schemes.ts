import { DomainError } from '@hydrolog/domain';
import { getPriceScheme, priceSchemeOptions, priceSchemeVersions } from '@hydrolog/projections';
import type { PriceSchemeOption, PriceSchemeView } from '@hydrolog/schemas';
import type { FastifyRequest } from 'fastify';
import { readAsCaller } from '../auth/guard.ts';
import type { Services } from '../services.ts';

/** A price scheme of the caller's tenant; another tenant's is "not found". */
export async function priceSchemeOf(
  db: Services['db'],
  request: FastifyRequest,
  priceSchemeId: string,
): Promise<PriceSchemeView> {
  const found = await readAsCaller(db, request, (sql) => getPriceScheme(sql, priceSchemeId));
  if (!found) throw new DomainError('error.priceScheme.notFound');
  return found;
}

/** A scheme's exact versions for the tariff math, of the caller's tenant only. */
export async function tariffOfScheme(db: Services['db'], request: FastifyRequest, priceSchemeId: string) {
  const found = await readAsCaller(db, request, (sql) => priceSchemeVersions(sql, priceSchemeId));
  if (!found) throw new DomainError('error.priceScheme.notFound');
  return found;
}

/** Every scheme of the tenant, to choose on an account. */
export function priceSchemeChoices(
  db: Services['db'],
  request: FastifyRequest,
): Promise<PriceSchemeOption[]> {
  return readAsCaller(db, request, (sql) => priceSchemeOptions(sql));
}
