import type { DeviceStatus, ScreenMeterState } from '@hydrolog/schemas';

/** The colour of each state, the same on the list's badges and the device screen's dots. */
export const STATE_COLORS: Record<DeviceStatus | ScreenMeterState, string> = {
  online: '#2f9e44',
  offline: '#e03131',
  installed: '#1971c2',
  notInstalled: '#868e96',
};
/** The Mantine colour of a state's badge. */
export const STATE_BADGES: Record<DeviceStatus, string> = {
  online: 'green',
  offline: 'red',
  installed: 'blue',
  notInstalled: 'gray',
};
