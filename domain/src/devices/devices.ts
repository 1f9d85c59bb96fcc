import { DEVICE_STATUSES, DEVICE_TYPES, type MessageKey } from '@hydrolog/schemas';
import { type RecordCommand, recordDecider } from '../decider.ts';
import { type RegionDeleteFacts, type RegionSaveFacts, regionTreeRefusal } from '../platform/index.ts';

export type DeviceCommand = RecordCommand<'DeviceSaved', DeviceSaveFacts>;
/** What a device's save needs to know of other records. */
export interface DeviceSaveFacts {
  /** The region it is filed under is one of the tenant's (true without a region). */
  regionKnown: boolean;
}

const blank = (text: string) => text.trim().length === 0;
const within = (value: number, limit: number) => Number.isFinite(value) && Math.abs(value) <= limit;

/**
 * Spec section 5 "Devices": id, name, type, status and map type required (a type of section 9's seven, but
 * not a concentrator, a state of section 4's four, one of the two map providers), and the location picked on
 * the map.
 */
function deviceRefusal(command: Extract<DeviceCommand, { type: 'Save' }>): MessageKey | null {
  if (blank(command.deviceCode)) return 'validation.device.code';
  if (blank(command.deviceName)) return 'validation.device.name';
  if (!DEVICE_TYPES.includes(command.deviceType)) return 'validation.device.type';
  // One registry: a concentrator is a gateway, registered with its key on its own page.
  if (command.deviceType === 'concentrator') return 'validation.device.concentrator';
  if (!DEVICE_STATUSES.includes(command.status)) return 'validation.device.status';
  if (command.mapType !== 0 && command.mapType !== 1) return 'validation.device.mapType';
  if (!within(command.longitude, 180) || !within(command.latitude, 90)) return 'validation.device.location';
  if (!command.facts.regionKnown) return 'error.region.notFound';
  return null;
}

/** A device of the network, saved whole; its id (device code) is unique in the tenant by the read model. */
export const deviceDecider = recordDecider<'DeviceSaved', 'DeviceDeleted', DeviceSaveFacts>({
  category: 'device',
  saved: 'DeviceSaved',
  deleted: 'DeviceDeleted',
  id: 'deviceId',
  notFound: 'error.device.notFound',
  refuse: (command) => (command.type === 'Save' ? deviceRefusal(command) : null),
});

/** A region of a tenant's device regions: the rules of every region tree, and one with devices stays. */
export const deviceRegionDecider = recordDecider<
  'DeviceRegionSaved',
  'DeviceRegionDeleted',
  RegionSaveFacts,
  RegionDeleteFacts & { devices: number }
>({
  category: 'deviceRegion',
  saved: 'DeviceRegionSaved',
  deleted: 'DeviceRegionDeleted',
  id: 'regionId',
  notFound: 'error.region.notFound',
  refuse(command) {
    const refusal = regionTreeRefusal(command);
    if (refusal) return refusal;
    return command.type === 'Delete' && command.facts.devices > 0 ? 'error.region.hasDevices' : null;
  },
});
