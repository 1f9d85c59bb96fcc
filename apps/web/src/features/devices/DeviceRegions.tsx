import { regionScreen } from '../../components/RegionScreen.tsx';
import {
  createDeviceRegion,
  deleteDeviceRegion,
  listDeviceRegions,
  updateDeviceRegion,
} from './api/devices.ts';

/** The route of this page (menu catalogue component 'gateway/region/index'). */
export const DEVICE_REGIONS_PATH = '/gateway/region';

/** Devices / Device regions: the tenant's top regions and sub-regions that devices are filed under. */
export const DeviceRegions = regionScreen({
  path: DEVICE_REGIONS_PATH,
  testId: 'device-regions',
  title: 'devices.regions',
  permission: 'device:region',
  store: {
    list: listDeviceRegions,
    create: createDeviceRegion,
    update: updateDeviceRegion,
    remove: deleteDeviceRegion,
  },
});
