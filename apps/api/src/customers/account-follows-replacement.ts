import { customerDecider, DomainError } from '@hydrolog/domain';
import { activeAccountOfMeter, meterForOpening, withTenant } from '@hydrolog/projections';
import type { StreamCommand } from '../commands.ts';
import type { Services } from '../services.ts';

/**
 * The step moving the active account of `oldMeterId` to its replacement (meter replacement): the account
 * keeps its number, balance and history. Appended with the `MeterReplaced` it follows, in one transaction.
 * Null when no active account holds the old meter.
 */
export async function accountFollowsReplacement(
  db: Services['db'],
  tenantId: string,
  oldMeterId: string,
  newMeterId: string,
): Promise<StreamCommand | null> {
  const found = await withTenant(db, tenantId, async (sql) => ({
    customerId: await activeAccountOfMeter(sql, oldMeterId),
    meter: await meterForOpening(sql, newMeterId),
  }));
  if (!found.customerId) return null;
  if (!found.meter) throw new DomainError('error.meter.notFound');
  const { meterId, meterNo, meterTypeId, taken } = found.meter;
  return {
    decider: customerDecider,
    id: found.customerId,
    command: {
      type: 'ChangeMeter',
      at: new Date().toISOString(),
      meterId,
      meterNo,
      meterTypeId,
      meterOnAccount: taken,
    },
  };
}
