import { execute, type Services } from '@hydrolog/api';
import { deviceDecider, deviceRegionDecider } from '@hydrolog/domain';
import { type DevicePageType, type DeviceStatus, type EventMetadata, uuidv7 } from '@hydrolog/schemas';
import { demoFleet, type Fleet } from '@hydrolog/sim';
import { DEMO_TENANT_ID } from './seed.ts';

/**
 * Each district's devices: its type, the state it starts in and where it stands from the centre (m). Its
 * concentrator is the gateway the fleet registers, which the device pages list from the gateway registry.
 */
const DISTRICT_DEVICES: readonly {
  type: DevicePageType;
  status: DeviceStatus;
  east: number;
  north: number;
}[] = [
  { type: 'largeMeter', status: 'online', east: -140, north: 90 },
  { type: 'pressureGauge', status: 'online', east: 120, north: -80 },
  { type: 'valveControl', status: 'installed', east: -90, north: -120 },
  { type: 'flowMeter', status: 'online', east: 60, north: 140 },
  { type: 'sonarDetection', status: 'offline', east: 160, north: 40 },
  { type: 'waterPump', status: 'notInstalled', east: -170, north: -30 },
];

const TYPE_NAMES: Record<DevicePageType, string> = {
  largeMeter: 'large meter',
  pressureGauge: 'pressure gauge',
  valveControl: 'valve control',
  flowMeter: 'inlet flow meter',
  sonarDetection: 'sonar detector',
  waterPump: 'booster pump',
};

const CODE_PREFIX: Record<DevicePageType, string> = {
  largeMeter: 'LM',
  pressureGauge: 'PG',
  valveControl: 'VC',
  flowMeter: 'FM',
  sonarDetection: 'SD',
  waterPump: 'WP',
};

/** A point `east` and `north` metres from `lng`, `lat`. */
function offset({ lng, lat }: { lng: number; lat: number }, east: number, north: number): [number, number] {
  const round = (n: number) => Math.round(n * 1e6) / 1e6;
  return [round(lng + east / (111_320 * Math.cos((lat * Math.PI) / 180))), round(lat + north / 110_540)];
}

/**
 * The demo's devices (once; a tenant that has device regions is left alone): a top region for the city with
 * a sub-region per district, and in each district one device of each of the six types registered on the
 * device page around its centre, in every state. A district's flow meter has its inlet meter's number as id,
 * so the device screen shows its latest values as it reports.
 */
export async function seedDemoDevices(services: Services, fleet: Fleet = demoFleet()): Promise<number> {
  const { rows } = await services.db.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM device_regions WHERE tenant_id = $1',
    [DEMO_TENANT_ID],
  );
  if ((rows[0]?.n ?? 0) > 0) return 0;
  const metadata: EventMetadata = { tenantId: DEMO_TENANT_ID, userId: 'seed', correlationId: uuidv7() };
  const saveRegion = async (regionName: string, parentId: string | null, orderNum: number) => {
    const regionId = uuidv7();
    await execute(
      services.store,
      deviceRegionDecider,
      regionId,
      [{ type: 'Save', regionId, parentId, regionName, orderNum, facts: { parentInSubtree: false } }],
      { metadata },
    );
    return regionId;
  };
  const city = await saveRegion('Hangzhou', null, 0);
  let created = 0;
  for (const district of fleet.districts) {
    const regionId = await saveRegion(district.name, city, district.index + 1);
    for (const [i, d] of DISTRICT_DEVICES.entries()) {
      const deviceId = uuidv7();
      const [longitude, latitude] = offset(district.centre, d.east, d.north);
      const deviceCode =
        d.type === 'flowMeter'
          ? district.inletMeterNo
          : `${CODE_PREFIX[d.type]}-${district.index + 1}-${String(i + 1).padStart(2, '0')}`;
      await execute(
        services.store,
        deviceDecider,
        deviceId,
        [
          {
            type: 'Save',
            deviceId,
            deviceCode,
            deviceName: `${district.name} ${TYPE_NAMES[d.type]}`,
            deviceType: d.type,
            status: d.status,
            manufacturer: 'Hydrolog Demo Works',
            address: `${district.name}, Hangzhou`,
            longitude,
            latitude,
            mapType: 0,
            regionId,
            savedAt: new Date().toISOString(),
            facts: { regionKnown: true },
          },
        ],
        { metadata },
      );
      created++;
    }
  }
  return created;
}
