import { thirdPartyDecider } from '@hydrolog/domain';
import type { Database, EventStore } from '@hydrolog/eventstore';
import type { thirdPartyBodySchema } from '@hydrolog/schemas';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { execute } from '../commands.ts';
import { meta, saveRecord, thirdPartyOf } from './records.ts';

/** Adds a third-party platform (no id) or changes a known one; answers it as saved. */
export const saveThirdParty = (
  store: EventStore,
  db: Database,
  request: FastifyRequest,
  thirdPartyId: string | null,
  body: z.output<typeof thirdPartyBodySchema>,
) =>
  saveRecord(
    thirdPartyId,
    (id) => thirdPartyOf(db, id),
    (id) =>
      execute(store, thirdPartyDecider, id, [{ type: 'Save', thirdPartyId: id, ...body }], {
        ...meta(request),
        taken: 'error.thirdParty.codeExists',
      }),
  );
