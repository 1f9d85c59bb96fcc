import { carrierDecider } from '@hydrolog/domain';
import type { Database, EventStore } from '@hydrolog/eventstore';
import type { carrierBodySchema } from '@hydrolog/schemas';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { execute } from '../commands.ts';
import { carrierOf, meta, saveRecord } from './records.ts';

/** Adds a carrier (no id) or changes a known one; answers it as saved. */
export const saveCarrier = (
  store: EventStore,
  db: Database,
  request: FastifyRequest,
  carrierId: string | null,
  { remark, ...fields }: z.output<typeof carrierBodySchema>,
) =>
  saveRecord(
    carrierId,
    (id) => carrierOf(db, id),
    (id) =>
      execute(
        store,
        carrierDecider,
        id,
        [{ type: 'Save', carrierId: id, ...fields, remark: remark || null }],
        meta(request),
      ),
  );
