import { carrierDecider, DomainError, regionDecider, thirdPartyDecider } from '@hydrolog/domain';
import type { Database, EventStore } from '@hydrolog/eventstore';
import {
  getCarrier,
  getRegion,
  getThirdParty,
  isRegionOrBelow,
  listAgentMovements,
} from '@hydrolog/projections';
import type {
  carrierBodySchema,
  MessageKey,
  PageQuery,
  regionBodySchema,
  thirdPartyBodySchema,
} from '@hydrolog/schemas';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { callerMetadata, readAsCaller } from '../auth/guard.ts';
import { execute, executeAll, type StreamCommand } from '../commands.ts';

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
  await execute(
    store,
    carrierDecider,
    carrierId,
    [{ type: 'Save', carrierId, ...fields, remark: remark || null }],
    meta(request),
  );
}

export const deleteCarriers = (store: EventStore, request: FastifyRequest, carrierIds: readonly string[]) =>
  executeAll(
    store,
    carrierIds.map((id) => ({ decider: carrierDecider, id, command: { type: 'Delete' } })),
    meta(request),
  );

// ---- Regions -------------------------------------------------------------------------------------------

export const regionOf = async (db: Database, regionId: string) =>
  existing(await getRegion(db, regionId), 'error.region.notFound');

export async function saveRegion(
  store: EventStore,
  db: Database,
  request: FastifyRequest,
  regionId: string,
  body: z.output<typeof regionBodySchema>,
) {
  const { parentId } = body;
  const parentInSubtree = parentId !== null && (await isRegionOrBelow(db, regionId, parentId));
  await execute(
    store,
    regionDecider,
    regionId,
    [{ type: 'Save', regionId, ...body, facts: { parentInSubtree } }],
    {
      ...meta(request),
      taken: 'error.region.exists',
    },
  );
}

/** A region's parent must be a known region. */
export async function checkRegionParent(db: Database, parentId: string | null | undefined) {
  if (parentId) await regionOf(db, parentId);
}

/** Deletes a region without sub-regions. */
export async function deleteRegion(
  store: EventStore,
  db: Database,
  request: FastifyRequest,
  regionId: string,
) {
  const found = await regionOf(db, regionId);
  await execute(
    store,
    regionDecider,
    found.regionId,
    [{ type: 'Delete', facts: { subRegions: found.childCount } }],
    meta(request),
  );
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

/** Deletes third-party platforms no recharge went through. */
export async function deleteThirdParties(
  store: EventStore,
  db: Database,
  request: FastifyRequest,
  thirdPartyIds: readonly string[],
) {
  const deletions: StreamCommand[] = [];
  for (const id of thirdPartyIds) {
    const { rechargeCount } = await thirdPartyOf(db, id);
    deletions.push({
      decider: thirdPartyDecider,
      id,
      command: { type: 'Delete', facts: { recharges: rechargeCount } },
    });
  }
  await executeAll(store, deletions, meta(request));
}

/** The recharges through a third-party platform: movements of agents' accounts, read as the caller. */
export async function thirdPartyRecharges(
  db: Database,
  request: FastifyRequest,
  query: PageQuery & { thirdPartyId: string },
) {
  await thirdPartyOf(db, query.thirdPartyId);
  return readAsCaller(db, request, (sql) => listAgentMovements(sql, query));
}
