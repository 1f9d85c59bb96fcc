import type {
  DeviceBody,
  DeviceListQuery,
  DeviceScreenChange,
  DeviceScreenQuery,
  RegionBody,
  UpdateDeviceBody,
} from '@hydrolog/schemas';
import { api } from '../../../api/client.ts';
import { exportName, followEvents } from '../../../api/request.ts';

/** Devices of the caller's tenant (/device/device). */
export const listDevices = (query: { pageNum: number; pageSize: number } & DeviceListQuery) =>
  api.call('GET /device/device/list', { query });
export const getDevice = (deviceId: string) =>
  api.data('GET /device/device/:deviceId', { params: { deviceId } });
export const createDevice = (body: DeviceBody) => api.data('POST /device/device', { body });
export const updateDevice = (body: UpdateDeviceBody) => api.data('PUT /device/device', { body });
export const deleteDevices = (ids: readonly string[]) =>
  api.call('DELETE /device/device/:ids', { params: { ids: ids.join(',') } });
export const exportDevices = (filter: DeviceListQuery) =>
  api.download('POST /device/device/export', exportName('devices'), { body: filter });

/** The tenant's device regions (/device/region): a flat list, parentId makes the tree. */
export const listDeviceRegions = (query: { regionName?: string | undefined } = {}) =>
  api.data('GET /device/region/list', { query });
export const createDeviceRegion = (body: RegionBody) => api.data('POST /device/region', { body });
export const updateDeviceRegion = (body: RegionBody & { regionId: string }) =>
  api.data('PUT /device/region', { body });
export const deleteDeviceRegion = (regionId: string) =>
  api.call('DELETE /device/region/:regionId', { params: { regionId } });

/** The device screen's map data, and the latest values of a meter number or device id. */
export const deviceScreen = (query: DeviceScreenQuery) => api.data('GET /device/screen', { query });
export const latestOf = (meterNo: string) => api.data('GET /device/screen/latest', { query: { meterNo } });
/** Follows the device screen's live changes until `signal` aborts or the stream ends. */
export const followScreen = (onChange: (change: DeviceScreenChange) => void, signal: AbortSignal) =>
  followEvents('/device/screen/live', (data) => onChange(data as DeviceScreenChange), signal);
