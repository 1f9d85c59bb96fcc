import type { DeviceScreen, DeviceScreenChange } from '@hydrolog/schemas';

/**
 * The map data with a look's changed states and places applied; the same object when none of them is on
 * this map (a filtered map holds no meters and only some devices), so nothing is drawn again for nothing.
 */
export function applyScreenChange(
  data: DeviceScreen,
  change: Extract<DeviceScreenChange, { kind: 'states' }>,
): DeviceScreen {
  let meters = data.meters;
  if (change.meters.meterId.length > 0 && data.meters.meterId.length > 0) {
    const index = new Map(data.meters.meterId.map((id, i) => [id, i]));
    const state = [...data.meters.state];
    let changed = false;
    change.meters.meterId.forEach((id, i) => {
      const at = index.get(id);
      if (at === undefined) return;
      state[at] = change.meters.state[i]!;
      changed = true;
    });
    if (changed) meters = { ...data.meters, state };
  }
  const moved = new Map(change.devices.map((device) => [device.deviceId, device]));
  const devices = data.devices.some((device) => moved.has(device.deviceId))
    ? data.devices.map((device) => moved.get(device.deviceId) ?? device)
    : data.devices;
  return meters === data.meters && devices === data.devices ? data : { ...data, meters, devices };
}
