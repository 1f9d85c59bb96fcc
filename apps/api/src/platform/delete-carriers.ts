import { carrierDecider } from '@hydrolog/domain';
import type { Database, EventStore } from '@hydrolog/eventstore';
import type { FastifyRequest } from 'fastify';
import { executeAll } from '../commands.ts';
import { carrierOf, meta } from './records.ts';

/** Deletes known carriers, all or none. */
export async function deleteCarriers(
  store: EventStore,
  db: Database,
  request: FastifyRequest,
  carrierIds: readonly string[],
) {
  for (const id of carrierIds) await carrierOf(db, id);
  await executeAll(
    store,
    carrierIds.map((id) => ({ decider: carrierDecider, id, command: { type: 'Delete' } })),
    meta(request),
  );
}
