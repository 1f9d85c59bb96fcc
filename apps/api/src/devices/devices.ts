import { DomainError } from '@hydrolog/domain';
import { deviceRegions, getDevice, listDevices } from '@hydrolog/projections';
import type { DeviceListQuery, DeviceView, PageQuery, RegionView } from '@hydrolog/schemas';
import type { FastifyRequest } from 'fastify';
import { readAsCaller } from '../auth/guard.ts';
import type { Services } from '../services.ts';

/** The caller's device; another tenant's is "not found". */
export async function deviceOf(
  db: Services['db'],
  request: FastifyRequest,
  deviceId: string,
): Promise<DeviceView> {
  const found = await readAsCaller(db, request, (sql) => getDevice(sql, deviceId));
  if (!found) throw new DomainError('error.device.notFound');
  return found;
}

export function devicesOf(
  db: Services['db'],
  request: FastifyRequest,
  query: PageQuery & DeviceListQuery,
): Promise<{ total: number; rows: DeviceView[] }> {
  return readAsCaller(db, request, (sql) => listDevices(sql, query));
}

/** The caller's device region; another tenant's is "not found". */
export async function deviceRegionOf(
  db: Services['db'],
  request: FastifyRequest,
  regionId: string,
): Promise<RegionView> {
  const found = await readAsCaller(db, request, (sql) => deviceRegions.get(sql, regionId));
  if (!found) throw new DomainError('error.region.notFound');
  return found;
}
