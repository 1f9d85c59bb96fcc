import { meterDecider } from '@hydrolog/domain';
import { activeAccountOfMeter, meterHasReadings } from '@hydrolog/projections';
import type { FastifyRequest } from 'fastify';
import { callerMetadata, readAsCaller } from '../auth/guard.ts';
import { executeAll, type StreamCommand } from '../commands.ts';
import { distinctIds } from '../http.ts';
import type { Services } from '../services.ts';
import { meterOf } from './meters.ts';

/** Deletes meters registered by mistake, in one transaction: one refused meter leaves every meter in place. */
export async function deleteMeters(
  { db, store }: Services,
  request: FastifyRequest,
  meterIds: string,
): Promise<void> {
  const deletions: StreamCommand[] = [];
  for (const meterId of distinctIds(meterIds)) {
    await meterOf(db, request, meterId);
    const { hasReadings, onAccount } = await readAsCaller(db, request, async (sql) => ({
      hasReadings: await meterHasReadings(sql, meterId),
      onAccount: (await activeAccountOfMeter(sql, meterId)) !== null,
    }));
    deletions.push({
      decider: meterDecider,
      id: meterId,
      command: { type: 'DeleteMeter', hasReadings, onAccount },
    });
  }
  await executeAll(store, deletions, { metadata: callerMetadata(request) });
}
