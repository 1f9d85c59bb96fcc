import { DomainError, type MeterCommand, meterDecider, meterTypeDecider } from '@hydrolog/domain';
import type { EventStore } from '@hydrolog/eventstore';
import {
  type EventMetadata,
  type MeterBody,
  type MeterTypeBody,
  meterBodySchema,
  uuidv7,
} from '@hydrolog/schemas';
import { appendOfNew, execute, isUniqueViolation } from '../commands.ts';

/**
 * Registers meter types and meters of a tenant: the registry uploads are matched against. Meters are
 * registered many at a time (a fleet, an import) in one append, each in its own stream.
 */
export async function registerMeterType(
  store: EventStore,
  metadata: EventMetadata,
  body: MeterTypeBody,
): Promise<string> {
  const meterTypeId = uuidv7();
  await execute(
    store,
    meterTypeDecider,
    meterTypeId,
    [{ type: 'CreateMeterType', meterTypeId, tenantId: metadata.tenantId, ...body }],
    { metadata, taken: 'error.meterType.exists' },
  );
  return meterTypeId;
}

/**
 * `taken`: the numbers among these that the tenant's meters have, as the use case read them (the meter
 * decider refuses them); a seed registering new numbers reads none. `registeredAt`: now unless given.
 */
export async function registerMeters(
  store: EventStore,
  metadata: EventMetadata,
  meters: readonly MeterBody[],
  { registeredAt = new Date(), taken = new Set() }: { registeredAt?: Date; taken?: ReadonlySet<string> } = {},
): Promise<string[]> {
  const meterIds = meters.map(() => uuidv7());
  const requests = meters.map((body, i) => {
    const fields = meterBodySchema.parse(body);
    const command: MeterCommand = {
      type: 'RegisterMeter',
      meterId: meterIds[i]!,
      tenantId: metadata.tenantId,
      ...fields,
      registeredAt: registeredAt.toISOString(),
      numberTaken: taken.has(fields.meterNo),
    };
    return appendOfNew({ decider: meterDecider, id: meterIds[i]!, command }, metadata);
  });
  try {
    await store.appendMany(requests);
  } catch (error) {
    // A number registered meanwhile, after the use case read the numbers taken.
    if (isUniqueViolation(error)) throw new DomainError('error.meter.exists');
    throw error;
  }
  return meterIds;
}
