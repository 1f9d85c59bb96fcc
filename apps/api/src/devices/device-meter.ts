import { meterDecider } from '@hydrolog/domain';
import { findMeters } from '@hydrolog/projections';
import { meterBodySchema, uuidv7 } from '@hydrolog/schemas';
import type { FastifyRequest } from 'fastify';
import { callerOf, readAsCaller } from '../auth/guard.ts';
import type { StreamCommand } from '../commands.ts';
import { meterTypeOf } from '../meters/index.ts';
import type { Services } from '../services.ts';

/**
 * The meter of the registry a device reports as (a flow meter's address, a pressure meter's device number):
 * its readings, volumes and partitions are every meter's. A number already registered keeps its meter and
 * history; a new one is registered as a meter of the chosen type by the returned step, to run in the same
 * transaction as the device's own registration.
 */
export async function deviceMeter(
  { db }: Services,
  request: FastifyRequest,
  meterNo: string,
  meterTypeId: string,
  registeredAt: string,
): Promise<{ meterId: string; registration: StreamCommand[] }> {
  const { tenantId } = callerOf(request);
  const registered = await readAsCaller(db, request, (sql) => findMeters(sql, tenantId, [meterNo]));
  const known = registered.get(meterNo);
  if (known) return { meterId: known, registration: [] };
  await meterTypeOf(db, request, meterTypeId);
  const meterId = uuidv7();
  return {
    meterId,
    registration: [
      {
        decider: meterDecider,
        id: meterId,
        command: {
          type: 'RegisterMeter',
          meterId,
          tenantId,
          ...meterBodySchema.parse({ meterNo, meterTypeId }),
          registeredAt,
          numberTaken: false,
        },
      },
    ],
  };
}
