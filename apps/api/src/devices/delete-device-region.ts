import { deviceRegionDecider } from '@hydrolog/domain';
import { devicesInRegion } from '@hydrolog/projections';
import type { FastifyRequest } from 'fastify';
import { readAsCaller } from '../auth/guard.ts';
import { commandContext } from '../caller-command.ts';
import { execute } from '../commands.ts';
import type { Services } from '../services.ts';
import { deviceRegionOf } from './devices.ts';

/** Deletes one of the caller's device regions that has neither sub-regions nor devices. */
export async function deleteDeviceRegion(
  { db, store }: Services,
  request: FastifyRequest,
  regionId: string,
): Promise<void> {
  const found = await deviceRegionOf(db, request, regionId);
  const devices = await readAsCaller(db, request, (sql) => devicesInRegion(sql, regionId));
  await execute(
    store,
    deviceRegionDecider,
    regionId,
    [{ type: 'Delete', facts: { subRegions: found.childCount, devices } }],
    commandContext(request, 'error.region.exists'),
  );
}
