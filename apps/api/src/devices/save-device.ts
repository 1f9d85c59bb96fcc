import { deviceDecider } from '@hydrolog/domain';
import { deviceRegions } from '@hydrolog/projections';
import { type DeviceFields, type DeviceView, uuidv7 } from '@hydrolog/schemas';
import type { FastifyRequest } from 'fastify';
import { readAsCaller } from '../auth/guard.ts';
import { commandContext } from '../caller-command.ts';
import { execute } from '../commands.ts';
import type { Services } from '../services.ts';
import { deviceOf } from './devices.ts';

/**
 * Adds a device (no id) or changes a known one on the version the caller saw; answers it as saved. Its region
 * must be one of the caller's; its id is refused when another device of the tenant has it.
 */
export async function saveDevice(
  { db, store }: Services,
  request: FastifyRequest,
  known: { deviceId: string; version: number } | null,
  fields: DeviceFields,
): Promise<DeviceView> {
  if (known) await deviceOf(db, request, known.deviceId);
  const { regionId } = fields;
  const regionKnown =
    regionId === null ||
    (await readAsCaller(db, request, (sql) => deviceRegions.get(sql, regionId))) !== null;
  const deviceId = known?.deviceId ?? uuidv7();
  await execute(
    store,
    deviceDecider,
    deviceId,
    [{ type: 'Save', deviceId, ...fields, savedAt: new Date().toISOString(), facts: { regionKnown } }],
    commandContext(request, 'error.device.exists', known?.version),
  );
  return deviceOf(db, request, deviceId);
}
