import { LANGUAGES } from '@hydrolog/schemas';
import { translate } from '@hydrolog/schemas/messages/all';
import { describe, expect, it } from 'vitest';
import { type DeviceCommand, deviceDecider, deviceRegionDecider } from '../../src/devices/index.ts';
import { given } from '../spec.ts';

const deviceId = '0190a000-0000-7000-8000-0000000000d1';
const device = {
  deviceId,
  deviceCode: 'PUMP-01',
  deviceName: 'North pump',
  deviceType: 'waterPump',
  status: 'installed',
  manufacturer: 'Acme',
  address: '1 Pump Street',
  longitude: 120.11,
  latitude: 30.27,
  mapType: 0,
  regionId: null,
  savedAt: '2026-11-01T00:00:00.000Z',
} as const;
const save = { type: 'Save', ...device, facts: { regionKnown: true } } as const satisfies DeviceCommand;
const saved = { type: 'DeviceSaved', data: device } as const;

describe('device decider (spec section 5 "Devices")', () => {
  it('saves a device of each type but the concentrator in each of the four states', () => {
    given(deviceDecider, []).when(save).then([saved]);
    for (const deviceType of [
      'largeMeter',
      'pressureGauge',
      'valveControl',
      'flowMeter',
      'sonarDetection',
      'waterPump',
    ] as const)
      for (const status of ['notInstalled', 'installed', 'offline', 'online'] as const)
        given(deviceDecider, [])
          .when({ ...save, deviceType, status })
          .thenMatches([{ type: 'DeviceSaved', data: { deviceType, status } }]);
  });

  it("requires the id, the name, a known type other than the gateway registry's concentrator, a status and a map type", () => {
    given(deviceDecider, [])
      .when({ ...save, deviceCode: '  ' })
      .thenFails('validation.device.code');
    given(deviceDecider, [])
      .when({ ...save, deviceName: '' })
      .thenFails('validation.device.name');
    given(deviceDecider, [])
      .when({ ...save, deviceType: 'boiler' as never })
      .thenFails('validation.device.type');
    given(deviceDecider, [])
      .when({ ...save, deviceType: 'concentrator' as const })
      .thenFails('validation.device.concentrator');
    given(deviceDecider, [])
      .when({ ...save, status: 'broken' as never })
      .thenFails('validation.device.status');
    given(deviceDecider, [])
      .when({ ...save, mapType: 2 as never })
      .thenFails('validation.device.mapType');
  });

  it('requires a location picked on the map', () => {
    for (const [longitude, latitude] of [
      [Number.NaN, 30],
      [181, 30],
      [120, -91],
    ])
      given(deviceDecider, [])
        .when({ ...save, longitude: longitude!, latitude: latitude! })
        .thenFails('validation.device.location');
  });

  it('files a device only under a region of its tenant', () => {
    given(deviceDecider, [])
      .when({ ...save, regionId: '0190a000-0000-7000-8000-0000000000e1', facts: { regionKnown: false } })
      .thenFails('error.region.notFound');
  });

  it('changes a saved device whole, and deletes it once', () => {
    given(deviceDecider, [saved])
      .when({ ...save, status: 'online' as const })
      .thenMatches([{ type: 'DeviceSaved', data: { status: 'online' } }]);
    const deleted = { type: 'DeviceDeleted', data: { deviceId } } as const;
    given(deviceDecider, [saved]).when({ type: 'Delete' }).then([deleted]);
    given(deviceDecider, [saved, deleted]).when({ type: 'Delete' }).thenFails('error.device.notFound');
  });
});

describe('device region decider', () => {
  const regionId = '0190a000-0000-7000-8000-0000000000e2';
  const region = { regionId, parentId: null, regionName: 'North', orderNum: 0 };
  const regionSaved = { type: 'DeviceRegionSaved', data: region } as const;

  it('adds a top region and sub-regions, without loops', () => {
    given(deviceRegionDecider, [])
      .when({ type: 'Save', ...region, facts: { parentInSubtree: false } })
      .then([regionSaved]);
    given(deviceRegionDecider, [regionSaved])
      .when({ type: 'Save', ...region, parentId: regionId, facts: { parentInSubtree: true } })
      .thenFails('error.region.parentLoop');
  });

  it('keeps a region with sub-regions or devices', () => {
    given(deviceRegionDecider, [regionSaved])
      .when({ type: 'Delete', facts: { subRegions: 1, devices: 0 } })
      .thenFails('error.region.hasChildren');
    given(deviceRegionDecider, [regionSaved])
      .when({ type: 'Delete', facts: { subRegions: 0, devices: 2 } })
      .thenFails('error.region.hasDevices');
    given(deviceRegionDecider, [regionSaved])
      .when({ type: 'Delete', facts: { subRegions: 0, devices: 0 } })
      .then([{ type: 'DeviceRegionDeleted', data: { regionId } }]);
    given(deviceRegionDecider, [])
      .when({ type: 'Delete', facts: { subRegions: 0, devices: 0 } })
      .thenFails('error.region.notFound');
  });
});

describe('device messages', () => {
  it('says every refusal in the four languages', () => {
    for (const key of [
      'validation.device.code',
      'validation.device.name',
      'validation.device.type',
      'validation.device.status',
      'validation.device.mapType',
      'validation.device.location',
      'error.device.notFound',
      'error.device.exists',
      'error.region.notFound',
      'error.region.parentLoop',
      'error.region.hasChildren',
      'error.region.hasDevices',
      'error.concentrator.withMeters',
    ] as const) {
      const texts = LANGUAGES.map((language) => translate(key, language));
      expect(new Set(texts).size, key).toBe(4);
    }
    expect(translate('validation.device.location', 'en')).toBe("Pick the device's location on the map");
    expect(translate('error.region.hasDevices', 'zh-CN')).toBe('该区域下有设备，不能删除');
  });
});
