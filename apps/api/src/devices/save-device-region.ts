import { deviceRegionDecider } from '@hydrolog/domain';
import { deviceRegions } from '@hydrolog/projections';
import { type RegionBody, type RegionView, uuidv7 } from '@hydrolog/schemas';
import type { FastifyRequest } from 'fastify';
import { readAsCaller } from '../auth/guard.ts';
import { commandContext } from '../caller-command.ts';
import { execute } from '../commands.ts';
import type { Services } from '../services.ts';
import { deviceRegionOf } from './devices.ts';

/**
 * Adds a top device region or a sub-region of one of the caller's (no id), or changes a known one; answers
 * it as saved. A name is taken when a sibling has it.
 */
export async function saveDeviceRegion(
  { db, store }: Services,
  request: FastifyRequest,
  regionId: string | null,
  body: Required<RegionBody>,
): Promise<RegionView> {
  if (regionId) await deviceRegionOf(db, request, regionId);
  const { parentId } = body;
  if (parentId) await deviceRegionOf(db, request, parentId);
  const id = regionId ?? uuidv7();
  const parentInSubtree =
    parentId !== null &&
    (await readAsCaller(db, request, (sql) => deviceRegions.isOrBelow(sql, id, parentId)));
  await execute(
    store,
    deviceRegionDecider,
    id,
    [{ type: 'Save', regionId: id, ...body, facts: { parentInSubtree } }],
    commandContext(request, 'error.region.exists'),
  );
  return deviceRegionOf(db, request, id);
}
