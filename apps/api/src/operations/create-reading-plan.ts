import { readingPlanDecider } from '@hydrolog/domain';
import { findMeters, getMeterGroup } from '@hydrolog/projections';
import { type ReadingPlanDetail, type ReadingPlanInput, uuidv7 } from '@hydrolog/schemas';
import type { FastifyRequest } from 'fastify';
import { callerOf, readAsCaller } from '../auth/guard.ts';
import { commandContext } from '../caller-command.ts';
import { execute } from '../commands.ts';
import type { Services } from '../services.ts';
import { readingPlanOf } from './reading-plans.ts';
import { actorOf, isStaffUser } from './work-orders.ts';

/** A new walk-by reading plan over a meter group or listed meters (by number) of the tenant. */
export async function createReadingPlan(
  { db, store }: Services,
  request: FastifyRequest,
  body: ReadingPlanInput,
): Promise<ReadingPlanDetail> {
  const planId = uuidv7();
  const meterNos = [...new Set(body.meterNos)];
  const { meterIds, groupKnown } = await readAsCaller(db, request, async (sql) => ({
    meterIds: await findMeters(sql, callerOf(request).tenantId, meterNos),
    groupKnown: body.groupId === null || (await getMeterGroup(sql, body.groupId)) !== null,
  }));
  await execute(
    store,
    readingPlanDecider,
    planId,
    [
      {
        type: 'CreateReadingPlan',
        planId,
        name: body.name,
        readerId: body.readerId,
        startDate: body.startDate,
        endDate: body.endDate,
        groupId: body.groupId,
        meterIds: meterNos.flatMap((no) => meterIds.get(no) ?? []),
        readerKnown: await isStaffUser(db, request, body.readerId),
        groupKnown,
        unknownMeterNos: meterNos.filter((no) => !meterIds.has(no)),
        ...actorOf(request),
      },
    ],
    commandContext(request, 'error.readingPlan.exists'),
  );
  return readingPlanOf(db, request, planId);
}
