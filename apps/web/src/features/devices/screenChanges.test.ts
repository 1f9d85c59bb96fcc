import type { DeviceScreen, ScreenDevice } from '@hydrolog/schemas';
import { describe, expect, it } from 'vitest';
import { applyScreenChange } from './screenChanges.ts';

const pump: ScreenDevice = {
  deviceId: 'd1',
  registry: 'devices',
  deviceCode: 'WP-1',
  deviceName: 'Pump',
  deviceType: 'waterPump',
  status: 'online',
  longitude: 120.1,
  latitude: 30.2,
  regionId: null,
};
const data: DeviceScreen = {
  devices: [pump],
  meters: {
    meterId: ['m1', 'm2'],
    meterNo: ['001', '002'],
    lng: [120.1, 120.2],
    lat: [30.1, 30.2],
    state: ['online', 'online'],
  },
  partitions: [],
  at: '2026-11-26T10:00:00.000Z',
};
const states = (change: {
  meterId?: string[];
  state?: DeviceScreen['meters']['state'];
  devices?: ScreenDevice[];
}) =>
  ({
    kind: 'states',
    at: '2026-11-26T10:00:05.000Z',
    meters: { meterId: change.meterId ?? [], state: change.state ?? [] },
    devices: change.devices ?? [],
  }) as const;

describe('the device screen applying a look', () => {
  it('changes the states of the meters and the devices named, and leaves the rest', () => {
    const next = applyScreenChange(
      data,
      states({ meterId: ['m2'], state: ['offline'], devices: [{ ...pump, status: 'offline' }] }),
    );
    expect(next.meters.state).toEqual(['online', 'offline']);
    expect(next.meters.meterId).toBe(data.meters.meterId);
    expect(next.devices).toEqual([{ ...pump, status: 'offline' }]);
    expect(data.meters.state).toEqual(['online', 'online']);
  });

  it('answers the same map when nothing named is on it, so nothing is drawn again', () => {
    expect(applyScreenChange(data, states({}))).toBe(data);
    expect(
      applyScreenChange(
        data,
        states({ meterId: ['elsewhere'], state: ['offline'], devices: [{ ...pump, deviceId: 'd9' }] }),
      ),
    ).toBe(data);
    const filtered = { ...data, meters: { meterId: [], meterNo: [], lng: [], lat: [], state: [] } };
    expect(applyScreenChange(filtered, states({ meterId: ['m1'], state: ['offline'] }))).toBe(filtered);
  });
});
