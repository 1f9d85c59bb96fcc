import { regionDecider } from '@hydrolog/domain';
import type { Database, EventStore } from '@hydrolog/eventstore';
import type { FastifyRequest } from 'fastify';
import { execute } from '../commands.ts';
import { meta, regionOf } from './records.ts';

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
