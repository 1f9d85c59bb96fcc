import { regionDecider } from '@hydrolog/domain';
import type { Database, EventStore } from '@hydrolog/eventstore';
import { isRegionOrBelow } from '@hydrolog/projections';
import type { regionBodySchema } from '@hydrolog/schemas';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { execute } from '../commands.ts';
import { meta, regionOf, saveRecord } from './records.ts';

/** Adds a top region or a sub-region of a known one (no id), or changes a known region; answers it as saved. */
export const saveRegion = (
  store: EventStore,
  db: Database,
  request: FastifyRequest,
  regionId: string | null,
  body: z.output<typeof regionBodySchema>,
) =>
  saveRecord(
    regionId,
    (id) => regionOf(db, id),
    async (id) => {
      const { parentId } = body;
      if (parentId) await regionOf(db, parentId);
      const parentInSubtree = parentId !== null && (await isRegionOrBelow(db, id, parentId));
      await execute(
        store,
        regionDecider,
        id,
        [{ type: 'Save', regionId: id, ...body, facts: { parentInSubtree } }],
        { ...meta(request), taken: 'error.region.exists' },
      );
    },
  );
