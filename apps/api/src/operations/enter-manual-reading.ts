import { manualReadingDecider } from '@hydrolog/domain';
import { countersAround, findMeters, getManualReading } from '@hydrolog/projections';
import { type ManualReadingInput, type ManualReadingView, uuidv7 } from '@hydrolog/schemas';
import type { FastifyRequest } from 'fastify';
import { callerOf, readAsCaller } from '../auth/guard.ts';
import { commandContext } from '../caller-command.ts';
import { execute } from '../commands.ts';
import type { Services } from '../services.ts';

/** One reading to enter: `readAt` an instant (none: now). */
export type ManualReadingEntry = Omit<ManualReadingInput, 'readAt'> & { readAt?: string | undefined };

/**
 * Checks a counter read by hand against the meter's readings around its time and appends it as a reading of
 * the manual source; answers its id. The readings read model follows behind (`enterManualReading` waits).
 */
export async function appendManualReading(
  { db, store }: Services,
  request: FastifyRequest,
  entry: ManualReadingEntry,
): Promise<string> {
  const now = new Date().toISOString();
  const ts = entry.readAt ? new Date(entry.readAt).toISOString() : now;
  const { tenantId, userId } = callerOf(request);
  const { meterId, facts } = await readAsCaller(db, request, async (sql) => {
    const found = (await findMeters(sql, tenantId, [entry.meterNo])).get(entry.meterNo) ?? null;
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
        total: entry.total,
        reset: entry.reset,
        photoUrl: entry.photoUrl,
        planId: entry.planId,
        remark: entry.remark,
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
  return readingId;
}

/**
 * A counter read off a meter by a staff member. The answer comes once the readings read model has it, so the
 * meter's history and latest state show it at once.
 */
export async function enterManualReading(
  services: Services,
  request: FastifyRequest,
  body: ManualReadingInput,
): Promise<ManualReadingView> {
  const readingId = await appendManualReading(services, request, body);
  await services.runner.catchUp('readings');
  const entered = await readAsCaller(services.db, request, (sql) => getManualReading(sql, readingId));
  // The inline projection stored it in the append's transaction.
  if (!entered) throw new Error(`manual reading ${readingId} appended but not in its read model`);
  return entered;
}
