import { DomainError, meterDecider } from '@hydrolog/domain';
import {
  activeAccountOfMeter,
  findMeters,
  getCustomer,
  getMeterView,
  meterWasReplaced,
} from '@hydrolog/projections';
import type { MeterReplaceBody } from '@hydrolog/schemas';
import type { FastifyRequest } from 'fastify';
import { callerMetadata, callerOf, readAsCaller } from '../auth/guard.ts';
import { executeAll, type StreamCommand } from '../commands.ts';
import { accountFollowsReplacement } from '../customers/index.ts';
import type { Services } from '../services.ts';

/** Replaces a meter: the account on the old meter moves to the new one; consumption continues. */
export async function replaceMeter(
  { db, store }: Services,
  request: FastifyRequest,
  { oldMeterNo, newMeterNo, ...facts }: MeterReplaceBody,
): Promise<void> {
  const metadata = callerMetadata(request);
  // Numbers of another tenant are simply not found.
  const found = await readAsCaller(db, request, async (sql) => {
    const ids = await findMeters(sql, callerOf(request).tenantId, [oldMeterNo, newMeterNo]);
    const oldMeterId = ids.get(oldMeterNo);
    const newMeterId = ids.get(newMeterNo);
    if (!oldMeterId) return null;
    const customerId = await activeAccountOfMeter(sql, oldMeterId);
    const newMeter = newMeterId ? await getMeterView(sql, newMeterId) : null;
    return {
      oldMeterId,
      customerId,
      accountNo: customerId ? ((await getCustomer(sql, customerId))?.accountNo ?? null) : null,
      newMeter: newMeter && {
        meterId: newMeter.meterId,
        meterNo: newMeter.meterNo,
        initialReading: newMeter.initialReading,
        onAccount: (await activeAccountOfMeter(sql, newMeter.meterId)) !== null,
        replaced: await meterWasReplaced(sql, newMeter.meterId),
      },
    };
  });
  if (!found) throw new DomainError('error.meter.notFound');
  const replacement: StreamCommand = {
    decider: meterDecider,
    id: found.oldMeterId,
    command: {
      type: 'ReplaceMeter',
      ...facts,
      customerId: found.customerId,
      accountNo: found.accountNo,
      newMeter: found.newMeter,
      replacedAt: new Date().toISOString(),
    },
  };
  // The account follows in the same append: both land or neither.
  const account =
    found.customerId && found.newMeter
      ? await accountFollowsReplacement(db, metadata.tenantId, found.oldMeterId, found.newMeter.meterId)
      : null;
  await executeAll(store, account ? [replacement, account] : [replacement], {
    metadata,
    taken: 'error.meterReplace.alreadyReplaced',
  });
}
