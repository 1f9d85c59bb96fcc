import { manualReadingDecider } from '@hydrolog/domain';
import { countersAround, findMeters, getManualReading } from '@hydrolog/projections';
import { type ManualReadingInput, type ManualReadingView, uuidv7 } from '@hydrolog/schemas';
import type { FastifyRequest } from 'fastify';
import { callerOf, readAsCaller } from '../auth/guard.ts';
import { commandContext } from '../caller-command.ts';
import { execute } from '../commands.ts';
import type { Services } from '../services.ts';

/**
 * A counter read off a meter by a staff member: checked against the meter's readings around its time, then
 * appended as a reading of the manual source. The answer comes once the readings read model has it, so the
 * meter's history and latest state show it at once.
 */
export async function enterManualReading(
  { db, store, runner }: Services,
  request: FastifyRequest,
  body: ManualReadingInput,
): Promise<ManualReadingView> {
  const now = new Date().toISOString();
  const ts = body.readAt ? new Date(body.readAt).toISOString() : now;
  const { tenantId, userId } = callerOf(request);
  const { meterId, facts } = await readAsCaller(db, request, async (sql) => {
    const found = (await findMeters(sql, tenantId, [body.meterNo])).get(body.meterNo) ?? null;
    return { meterId: found, facts: found ? await countersAround(sql, found, ts) : null };
  });
  const readingId = uuidv7();
  await execute(
    store,
    manualReadingDecider,
    meterId ?? readingId,
    [
      {
        type: 'EnterManualReading',
        readingId,
        meterId: meterId ?? readingId,
        ts,
        total: body.total,
        reset: body.reset,
        photoUrl: body.photoUrl,
        planId: body.planId,
        remark: body.remark,
        actorId: userId,
        at: now,
        meterKnown: meterId !== null,
        duplicate: facts?.duplicate ?? false,
        previous: facts?.previous ?? null,
        next: facts?.next ?? null,
      },
    ],
    commandContext(request, 'error.manualReading.duplicate'),
  );
  await runner.catchUp('readings');
  const entered = await readAsCaller(db, request, (sql) => getManualReading(sql, readingId));
  // The inline projection stored it in the append's transaction.
  if (!entered) throw new Error(`manual reading ${readingId} appended but not in its read model`);
  return entered;
}
