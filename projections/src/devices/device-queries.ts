import type { Sql } from '@hydrolog/eventstore';
import type {
  DeviceLatest,
  DeviceListQuery,
  DeviceScreen,
  DeviceScreenQuery,
  DeviceView,
  PageQuery,
  ScreenMeterState,
} from '@hydrolog/schemas';
import { GATEWAY_ONLINE_MINUTES } from '../meters/index.ts';
import { regionTreeQueries } from '../platform/index.ts';
import { containsPattern, page } from '../sql.ts';

/** A tenant's device regions: the same tree reads as the platform's regions. */
export const deviceRegions = regionTreeQueries('device_regions');

/** The regions `$n` and those below it, for a device filter (every region when `$n` is null). */
const inRegion = (n: number) => `($${n}::uuid IS NULL OR d.region_id IN (
    WITH RECURSIVE below AS (
      SELECT region_id FROM device_regions WHERE region_id = $${n}
      UNION SELECT r.region_id FROM device_regions r JOIN below b ON r.parent_id = b.region_id)
    SELECT region_id FROM below))`;

/** The device page's own devices, in the columns every device is read in. */
const OWN_DEVICES = `SELECT d.device_id, 'devices' AS registry, d.device_code, d.device_name, d.device_type, d.status,
    d.manufacturer, d.address, d.longitude, d.latitude, d.map_type, d.region_id, d.created_at, d.updated_at,
    d.version
  FROM devices d`;

/**
 * Every device of the tenant as `d`: the device page's own, and the concentrators of the gateway registry
 * (one registry: they are listed from there, never copied), online while they uploaded within the gateways'
 * online window ($1 is now), standing where the meters they relay stand on average, in no region.
 */
const ALL_DEVICES = `WITH d AS (
    ${OWN_DEVICES}
    UNION ALL
    SELECT g.gateway_id, 'concentrators', g.name, g.name, 'concentrator',
      CASE WHEN g.last_seen_at >= $1::timestamptz - make_interval(mins => ${GATEWAY_ONLINE_MINUTES})
        THEN 'online' ELSE 'offline' END,
      coalesce(g.manufacturer, ''), coalesce(g.remark, ''), place.lng, place.lat, 0, NULL::uuid, g.created_at,
      NULL::timestamptz, g.version
    FROM gateways g
    LEFT JOIN LATERAL (
      SELECT avg(m.lng)::float8 AS lng, avg(m.lat)::float8 AS lat
      FROM meter_latest l JOIN meters m ON m.meter_id = l.meter_id WHERE l.gateway_id = g.gateway_id
    ) place ON true
    WHERE g.kind = 'concentrator' AND g.status = 'active')`;

/** The devices of the `WITH d` clause given, with their regions' names. */
const deviceSelect = (withDevices: string) => `${withDevices}
  SELECT d.device_id::text, d.registry, d.device_code, d.device_name, d.device_type, d.status, d.manufacturer,
    d.address, d.longitude, d.latitude, d.map_type, d.region_id::text, r.region_name, d.created_at, d.updated_at,
    d.version::text
  FROM d LEFT JOIN device_regions r ON r.region_id = d.region_id`;
const DEVICE_SELECT = deviceSelect(ALL_DEVICES);

export async function listDevices(
  sql: Sql,
  query: PageQuery & DeviceListQuery,
  now = new Date(),
): Promise<{ total: number; rows: DeviceView[] }> {
  const params: unknown[] = [
    now.toISOString(),
    containsPattern(query.deviceName),
    query.deviceType ?? null,
    query.status ?? null,
    query.regionId ?? null,
  ];
  const where = `WHERE ($2::text IS NULL OR d.device_code ILIKE $2 OR d.device_name ILIKE $2)
    AND ($3::text IS NULL OR d.device_type = $3) AND ($4::text IS NULL OR d.status = $4) AND ${inRegion(5)}`;
  const total = await sql.query<{ count: number }>(
    `${ALL_DEVICES} SELECT count(*)::int AS count FROM d ${where}`,
    params,
  );
  const { rows } = await sql.query<Record<string, unknown>>(
    `${DEVICE_SELECT} ${where} ORDER BY d.created_at DESC, d.device_id ${page(params)}`,
    [...params, query.pageSize, (query.pageNum - 1) * query.pageSize],
  );
  return { total: total.rows[0]?.count ?? 0, rows: rows.map(deviceView) };
}

/** A device of the device page's own registry (a concentrator is changed on its own page). */
export async function getDevice(sql: Sql, deviceId: string): Promise<DeviceView | null> {
  const { rows } = await sql.query<Record<string, unknown>>(
    `${deviceSelect(`WITH d AS (${OWN_DEVICES})`)} WHERE d.device_id = $1`,
    [deviceId],
  );
  return rows[0] ? deviceView(rows[0]) : null;
}

/** The devices filed directly under a region: while there is one, the region stays. */
export async function devicesInRegion(sql: Sql, regionId: string): Promise<number> {
  const { rows } = await sql.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM devices WHERE region_id = $1',
    [regionId],
  );
  return rows[0]?.n ?? 0;
}

function deviceView(row: Record<string, unknown>): DeviceView {
  return {
    deviceId: row.device_id as string,
    deviceCode: row.device_code as string,
    deviceName: row.device_name as string,
    registry: row.registry as DeviceView['registry'],
    deviceType: row.device_type as DeviceView['deviceType'],
    status: row.status as DeviceView['status'],
    manufacturer: row.manufacturer as string,
    address: row.address as string,
    longitude: (row.longitude as number | null) ?? null,
    latitude: (row.latitude as number | null) ?? null,
    mapType: row.map_type as DeviceView['mapType'],
    regionId: (row.region_id as string | null) ?? null,
    regionName: (row.region_name as string | null) ?? null,
    createTime: (row.created_at as Date).toISOString(),
    updateTime: row.updated_at ? (row.updated_at as Date).toISOString() : null,
    version: Number(row.version),
  };
}

/**
 * The device screen's map: the devices of a type and region, every meter with coordinates (unless a filter
 * asks for devices only: meters have neither a device type nor a region) with its state from its latest
 * reading (online within the gateways' online window), and the partitions' boundaries.
 */
export async function deviceScreen(
  sql: Sql,
  query: DeviceScreenQuery,
  now = new Date(),
): Promise<DeviceScreen> {
  const devices = await sql.query<Record<string, unknown>>(
    `${DEVICE_SELECT} WHERE ($2::text IS NULL OR d.device_type = $2) AND ${inRegion(3)}
       AND d.longitude IS NOT NULL ORDER BY d.device_code`,
    [now.toISOString(), query.deviceType ?? null, query.regionId ?? null],
  );
  const filtered = query.deviceType !== undefined || query.regionId !== undefined;
  const meters = filtered
    ? { rows: [] }
    : await sql.query<{
        meter_id: string;
        meter_no: string;
        lng: number;
        lat: number;
        state: ScreenMeterState;
      }>(
        `SELECT m.meter_id::text, m.meter_no, m.lng, m.lat,
           CASE WHEN l.ts IS NULL THEN 'notInstalled'
                WHEN l.ts >= $1::timestamptz - make_interval(mins => $2) THEN 'online' ELSE 'offline' END AS state
         FROM meters m LEFT JOIN meter_latest l ON l.meter_id = m.meter_id
         WHERE m.lng IS NOT NULL AND m.lat IS NOT NULL ORDER BY m.meter_no`,
        [now.toISOString(), GATEWAY_ONLINE_MINUTES],
      );
  const partitions = await sql.query<{ partition_id: string; name: string; boundary: unknown }>(
    `SELECT partition_id::text, name, boundary FROM cascade_partitions WHERE boundary IS NOT NULL ORDER BY name`,
  );
  return {
    devices: devices.rows.map((row) => {
      const d = deviceView(row);
      return {
        deviceId: d.deviceId,
        registry: d.registry,
        deviceCode: d.deviceCode,
        deviceName: d.deviceName,
        deviceType: d.deviceType,
        status: d.status,
        longitude: d.longitude!,
        latitude: d.latitude!,
        regionId: d.regionId,
      };
    }),
    meters: {
      meterId: meters.rows.map((m) => m.meter_id),
      meterNo: meters.rows.map((m) => m.meter_no),
      lng: meters.rows.map((m) => m.lng),
      lat: meters.rows.map((m) => m.lat),
      state: meters.rows.map((m) => m.state),
    },
    partitions: partitions.rows.map((p) => ({
      partitionId: p.partition_id,
      name: p.name,
      boundary: p.boundary as DeviceScreen['partitions'][number]['boundary'],
    })),
    at: now.toISOString(),
  };
}

/**
 * The latest reading reported under a meter number (a device reports under its own id), or a concentrator's
 * last contact under its number; null without one.
 */
export async function latestByMeterNo(sql: Sql, meterNo: string): Promise<DeviceLatest> {
  const { rows } = await sql.query<Record<string, unknown>>(
    `SELECT l.ts, l.total, l.flow, l.pressure, l.battery, l.signal
     FROM meters m JOIN meter_latest l ON l.meter_id = m.meter_id WHERE m.meter_no = $1
     UNION ALL
     SELECT g.last_seen_at, NULL, NULL, NULL, NULL, NULL FROM gateways g
     WHERE g.name = $1 AND g.kind = 'concentrator' AND g.status = 'active' AND g.last_seen_at IS NOT NULL
     LIMIT 1`,
    [meterNo],
  );
  const row = rows[0];
  const value = (key: string) => (row?.[key] ?? null) as number | null;
  return {
    meterNo,
    collectionTime: row ? (row.ts as Date).toISOString() : null,
    total: value('total'),
    flow: value('flow'),
    pressure: value('pressure'),
    battery: value('battery'),
    signal: value('signal'),
  };
}
