import { DomainError } from '@hydrolog/domain';
import type { Database } from '@hydrolog/eventstore';
import { getCarrier, getRegion, getThirdParty, listAgentMovements } from '@hydrolog/projections';
import { type MessageKey, type PageQuery, uuidv7 } from '@hydrolog/schemas';
import type { FastifyRequest } from 'fastify';
import { callerMetadata, readAsCaller } from '../auth/guard.ts';

/** The record read, or the refusal with its not-found message. */
export const existing = <T>(found: T | null, notFound: MessageKey): T => {
  if (!found) throw new DomainError(notFound);
  return found;
};

/** The metadata of the caller's command on a platform record. */
export const meta = (request: FastifyRequest) => ({ metadata: callerMetadata(request) });

/**
 * Saves a record under a new id, or a known one (an unknown id is refused with the record's not-found
 * message); answers the record read back.
 */
export async function saveRecord<T>(
  id: string | null,
  find: (id: string) => Promise<T>,
  save: (id: string) => Promise<unknown>,
): Promise<T> {
  if (id) await find(id);
  const recordId = id ?? uuidv7();
  await save(recordId);
  return find(recordId);
}

// Carriers, regions and third parties are the platform's (no tenant rows): read as they are.

export const carrierOf = async (db: Database, carrierId: string) =>
  existing(await getCarrier(db, carrierId), 'error.carrier.notFound');

export const regionOf = async (db: Database, regionId: string) =>
  existing(await getRegion(db, regionId), 'error.region.notFound');

export const thirdPartyOf = async (db: Database, thirdPartyId: string) =>
  existing(await getThirdParty(db, thirdPartyId), 'error.thirdParty.notFound');

/** The recharges through a third-party platform: movements of agents' accounts, read as the caller. */
export async function thirdPartyRecharges(
  db: Database,
  request: FastifyRequest,
  query: PageQuery & { thirdPartyId: string },
) {
  await thirdPartyOf(db, query.thirdPartyId);
  return readAsCaller(db, request, (sql) => listAgentMovements(sql, query));
}
