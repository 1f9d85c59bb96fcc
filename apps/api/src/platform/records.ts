import { carrierDecider, DomainError, regionDecider, thirdPartyDecider } from '@hydrolog/domain';
import type { Database, EventStore } from '@hydrolog/eventstore';
import {
  getCarrier,
  getRegion,
  getThirdParty,
  isRegionOrBelow,
  listAgentMovements,
} from '@hydrolog/projections';
import {
  type carrierBodySchema,
  countryByCode,
  type MessageKey,
  type PageQuery,
  type regionBodySchema,
  type ThirdPartyView,
  type thirdPartyBodySchema,
} from '@hydrolog/schemas';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { callerMetadata, readAsCaller } from '../auth/guard.ts';
import { execute } from '../commands.ts';

/** The record read, or the refusal with its not-found message. */
export const existing = <T>(found: T | null, notFound: MessageKey): T => {
  if (!found) throw new DomainError(notFound);
  return found;
};

export const meta = (request: FastifyRequest) => ({ metadata: callerMetadata(request) });

// Carriers, regions and third parties are the platform's (no tenant rows): read as they are.

// ---- Carriers ------------------------------------------------------------------------------------------

export const carrierOf = async (db: Database, carrierId: string) =>
  existing(await getCarrier(db, carrierId), 'error.carrier.notFound');

export async function saveCarrier(
  store: EventStore,
  request: FastifyRequest,
  carrierId: string,
  { remark, ...fields }: z.output<typeof carrierBodySchema>,
) {
  if (!countryByCode(fields.country)) throw new DomainError('error.carrier.unknownCountry');
  await execute(
    store,
    carrierDecider,
    carrierId,
    [{ type: 'Save', carrierId, ...fields, remark: remark || null }],
    meta(request),
  );
}

export const deleteCarrier = (store: EventStore, request: FastifyRequest, carrierId: string) =>
  execute(store, carrierDecider, carrierId, [{ type: 'Delete' }], meta(request));

// ---- Regions -------------------------------------------------------------------------------------------

export const regionOf = async (db: Database, regionId: string) =>
  existing(await getRegion(db, regionId), 'error.region.notFound');

export const saveRegion = (
  store: EventStore,
  request: FastifyRequest,
  regionId: string,
  body: z.output<typeof regionBodySchema>,
) =>
  execute(store, regionDecider, regionId, [{ type: 'Save', regionId, ...body }], {
    ...meta(request),
    taken: 'error.region.exists',
  });

/** A region's parent exists and is not the region itself or below it; `regionId` is null when adding. */
export async function checkRegionParent(
  db: Database,
  parentId: string | null | undefined,
  regionId: string | null,
) {
  if (!parentId) return;
  await regionOf(db, parentId);
  if (regionId && (await isRegionOrBelow(db, regionId, parentId)))
    throw new DomainError('error.region.parentLoop');
}

/** Deletes a region without sub-regions. */
export async function deleteRegion(
  store: EventStore,
  db: Database,
  request: FastifyRequest,
  regionId: string,
) {
  const found = await regionOf(db, regionId);
  if (found.childCount > 0) throw new DomainError('error.region.hasChildren');
  await execute(store, regionDecider, found.regionId, [{ type: 'Delete' }], meta(request));
}

// ---- Third-party platforms -----------------------------------------------------------------------------

export const thirdPartyOf = async (db: Database, thirdPartyId: string) =>
  existing(await getThirdParty(db, thirdPartyId), 'error.thirdParty.notFound');

export const saveThirdParty = (
  store: EventStore,
  request: FastifyRequest,
  thirdPartyId: string,
  body: z.output<typeof thirdPartyBodySchema>,
) =>
  execute(store, thirdPartyDecider, thirdPartyId, [{ type: 'Save', thirdPartyId, ...body }], {
    ...meta(request),
    taken: 'error.thirdParty.codeExists',
  });

/** Refuses to delete a third-party platform with recharge records. */
export function checkThirdPartyUnused(found: ThirdPartyView) {
  if (found.rechargeCount > 0) throw new DomainError('error.thirdParty.hasRecharges');
}

export const deleteThirdParty = (store: EventStore, request: FastifyRequest, thirdPartyId: string) =>
  execute(store, thirdPartyDecider, thirdPartyId, [{ type: 'Delete' }], meta(request));

/** The recharges through a third-party platform: movements of agents' accounts, read as the caller. */
export async function thirdPartyRecharges(
  db: Database,
  request: FastifyRequest,
  query: PageQuery & { thirdPartyId: string },
) {
  await thirdPartyOf(db, query.thirdPartyId);
  return readAsCaller(db, request, (sql) => listAgentMovements(sql, query));
}
