import type { DeviceView } from '@hydrolog/schemas';

/** The routes of the device list and the concentrators (menu catalogue components 'gateway/…/index'). */
export const DEVICES_PATH = '/gateway/device';
export const CONCENTRATORS_PATH = '/gateway/concentrator';

/** The page that finds a listed device by its id: a concentrator's is the concentrators page. */
export function devicePageOf(device: Pick<DeviceView, 'registry' | 'deviceCode'>): string {
  const code = encodeURIComponent(device.deviceCode);
  return device.registry === 'devices'
    ? `${DEVICES_PATH}?deviceName=${code}`
    : `${CONCENTRATORS_PATH}?number=${code}`;
}
