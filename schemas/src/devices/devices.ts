import { z } from 'zod';
import { regionViewSchema } from '../platform/index.ts';
import { REMARK_MAX } from './concentrators.ts';

/**
 * Devices (spec sections 3, 4, 5 and 9 "Devices"): the network's equipment of the seven types, each with a
 * state, a place picked on the map and the region it is filed under; and the device screen's map data.
 */

/** Spec section 9's device types (dictionary device_type). */
export const deviceTypeSchema = z.enum(
  ['largeMeter', 'concentrator', 'pressureGauge', 'valveControl', 'flowMeter', 'sonarDetection', 'waterPump'],
  'validation.device.type',
);
export type DeviceType = z.infer<typeof deviceTypeSchema>;
export const DEVICE_TYPES = deviceTypeSchema.options;
/**
 * The types registered on the device page. Concentrators are the gateway registry's (they need a gateway key
 * and their state is their contact), so the device pages list them from there and never hold a copy.
 */
export const DEVICE_PAGE_TYPES = DEVICE_TYPES.filter(
  (type): type is DevicePageType => type !== 'concentrator',
);
export type DevicePageType = Exclude<DeviceType, 'concentrator'>;

/** Spec section 4's device states (dictionary device_status). */
export const deviceStatusSchema = z.enum(
  ['notInstalled', 'installed', 'offline', 'online'],
  'validation.device.status',
);
export type DeviceStatus = z.infer<typeof deviceStatusSchema>;
export const DEVICE_STATUSES = deviceStatusSchema.options;

export const DEVICE_CODE_MAX = 50;
const requiredText = (max: number, missing: 'validation.device.code' | 'validation.device.name') =>
  z.string(missing).trim().min(1, missing).max(max, 'validation.tooLong');
const optionalText = (max: number) => z.string().trim().max(max, 'validation.tooLong').default('');

/** A place picked on the map: both coordinates, or the location is missing (spec section 5). */
const coordinate = (limit: number) =>
  z
    .number('validation.device.location')
    .min(-limit, 'validation.device.location')
    .max(limit, 'validation.device.location');

export const deviceBodySchema = z.object({
  /** The device's own id (spec section 3), unique in the tenant. */
  deviceCode: requiredText(DEVICE_CODE_MAX, 'validation.device.code'),
  deviceName: requiredText(50, 'validation.device.name'),
  deviceType: deviceTypeSchema,
  status: deviceStatusSchema,
  manufacturer: optionalText(50),
  address: optionalText(REMARK_MAX),
  longitude: coordinate(180),
  latitude: coordinate(90),
  /** The map provider the location was picked on (spec section 3's map settings). */
  mapType: z.union([z.literal(0), z.literal(1)], 'validation.device.mapType'),
  /** The device region it is filed under; none is allowed. */
  regionId: z.uuid('validation.required').nullable().default(null),
});
export type DeviceBody = z.input<typeof deviceBodySchema>;
export type DeviceFields = z.output<typeof deviceBodySchema>;

export const updateDeviceBodySchema = deviceBodySchema.extend({
  deviceId: z.uuid(),
  version: z.number().int().min(0),
});
export type UpdateDeviceBody = z.input<typeof updateDeviceBodySchema>;

/** Which registry holds a listed device: the device page's own, or the concentrators' (the gateways'). */
export const deviceRegistrySchema = z.enum(['devices', 'concentrators']);

export const deviceViewSchema = deviceBodySchema.extend({
  deviceId: z.uuid(),
  registry: deviceRegistrySchema,
  /** A concentrator stands among the meters it relays: none while it relays none. */
  longitude: z.number().nullable(),
  latitude: z.number().nullable(),
  regionName: z.string().nullable(),
  createTime: z.string(),
  updateTime: z.string().nullable(),
  version: z.number().int(),
});
export type DeviceView = z.infer<typeof deviceViewSchema>;

export const deviceListQuerySchema = z.object({
  /** Device id or name containing it. */
  deviceName: z.string().trim().max(DEVICE_CODE_MAX).optional(),
  deviceType: deviceTypeSchema.optional(),
  status: deviceStatusSchema.optional(),
  /** Devices of this region or any region below it. */
  regionId: z.uuid().optional(),
});
export type DeviceListQuery = z.infer<typeof deviceListQuerySchema>;

// ---- Device regions: the tenant's own tree, in the shape of the platform's regions -------------------------

export const deviceRegionViewSchema = regionViewSchema;

// ---- The device screen ----------------------------------------------------------------------------------

/** A meter's state on the device screen: online while it reported within the gateways' online window. */
export const screenMeterStateSchema = z.enum(['online', 'offline', 'notInstalled']);
export type ScreenMeterState = z.infer<typeof screenMeterStateSchema>;

export const deviceScreenQuerySchema = z.object({
  deviceType: deviceTypeSchema.optional(),
  regionId: z.uuid().optional(),
});
export type DeviceScreenQuery = z.infer<typeof deviceScreenQuerySchema>;

/**
 * The map data of the device screen, kept small for tens of thousands of meters: meters as columns
 * (ids, numbers, coordinates, states), devices and partition boundaries as rows.
 */
export const deviceScreenSchema = z.object({
  devices: z.array(
    deviceViewSchema
      .pick({
        deviceId: true,
        registry: true,
        deviceCode: true,
        deviceName: true,
        deviceType: true,
        status: true,
        regionId: true,
      })
      .extend({ longitude: z.number(), latitude: z.number() }),
  ),
  meters: z.object({
    meterId: z.array(z.string()),
    meterNo: z.array(z.string()),
    lng: z.array(z.number()),
    lat: z.array(z.number()),
    state: z.array(screenMeterStateSchema),
  }),
  partitions: z.array(
    z.object({
      partitionId: z.string(),
      name: z.string(),
      boundary: z.object({
        type: z.literal('Polygon'),
        coordinates: z.array(z.array(z.tuple([z.number(), z.number()]))),
      }),
    }),
  ),
  /** When the states were read, so a wall display shows how fresh they are. */
  at: z.string(),
});
export type DeviceScreen = z.infer<typeof deviceScreenSchema>;
export type ScreenDevice = DeviceScreen['devices'][number];

/**
 * What the device screen's live stream (/device/screen/live) says at each look at the tenant's map: the
 * meters and devices whose state or place changed since the look before, or, when meters, devices or
 * boundaries came or went (and always first), that the map is to be read again.
 */
export const deviceScreenChangeSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('states'),
    at: z.string(),
    meters: deviceScreenSchema.shape.meters.pick({ meterId: true, state: true }),
    devices: deviceScreenSchema.shape.devices,
  }),
  z.object({ kind: z.literal('reload'), at: z.string() }),
]);
export type DeviceScreenChange = z.infer<typeof deviceScreenChangeSchema>;

/** A device's or meter's latest values, shown when it is clicked on the device screen. */
export const deviceLatestQuerySchema = z.object({ meterNo: z.string().trim().min(1).max(DEVICE_CODE_MAX) });
/** The latest reading reported under a meter number (a device reports under its own id). */
export const deviceLatestSchema = z.object({
  meterNo: z.string(),
  collectionTime: z.string().nullable(),
  total: z.number().nullable(),
  flow: z.number().nullable(),
  pressure: z.number().nullable(),
  battery: z.number().nullable(),
  signal: z.number().nullable(),
});
export type DeviceLatest = z.infer<typeof deviceLatestSchema>;

export const deviceEventSchemas = {
  DeviceSaved: {
    schemaVersion: 1,
    data: deviceBodySchema.extend({ deviceId: z.uuid(), savedAt: z.iso.datetime() }),
  },
  DeviceDeleted: { schemaVersion: 1, data: z.object({ deviceId: z.uuid() }) },
  DeviceRegionSaved: {
    schemaVersion: 1,
    data: z.object({
      regionId: z.uuid(),
      parentId: z.uuid().nullable(),
      regionName: z.string(),
      orderNum: z.number().int(),
    }),
  },
  DeviceRegionDeleted: { schemaVersion: 1, data: z.object({ regionId: z.uuid() }) },
};
