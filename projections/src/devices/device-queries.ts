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

const DEVICE_SELECT = `SELECT d.device_id::text, d.device_code, d.device_name, d.device_type, d.status, d.manufacturer,
    d.address, d.longitude, d.latitude, d.map_type, d.region_id::text, r.region_name, d.created_at, d.updated_at,
    d.version::text
  FROM devices d LEFT JOIN device_regions r ON r.region_id = d.region_id`;

export async function listDevices(
  sql: Sql,
  query: PageQuery & DeviceListQuery,
): Promise<{ total: number; rows: DeviceView[] }> {
  const params: unknown[] = [
    containsPattern(query.deviceName),
    query.deviceType ?? null,
    query.status ?? null,
    query.regionId ?? null,
  ];
  const where = `WHERE ($1::text IS NULL OR d.device_code ILIKE $1 OR d.device_name ILIKE $1)
    AND ($2::text IS NULL OR d.device_type = $2) AND ($3::text IS NULL OR d.status = $3) AND ${inRegion(4)}`;
  const total = await sql.query<{ count: number }>(
    `SELECT count(*)::int AS count FROM devices d ${where}`,
    params,
  );
  const { rows } = await sql.query<Record<string, unknown>>(
    `${DEVICE_SELECT} ${where} ORDER BY d.created_at DESC, d.device_id ${page(params)}`,
    [...params, query.pageSize, (query.pageNum - 1) * query.pageSize],
  );
  return { total: total.rows[0]?.count ?? 0, rows: rows.map(deviceView) };
}

export async function getDevice(sql: Sql, deviceId: string): Promise<DeviceView | null> {
  const { rows } = await sql.query<Record<string, unknown>>(`${DEVICE_SELECT} WHERE d.device_id = $1`, [
    deviceId,
  ]);
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
    deviceType: row.device_type as DeviceView['deviceType'],
    status: row.status as DeviceView['status'],
    manufacturer: row.manufacturer as string,
    address: row.address as string,
    longitude: row.longitude as number,
    latitude: row.latitude as number,
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
    `${DEVICE_SELECT} WHERE ($1::text IS NULL OR d.device_type = $1) AND ${inRegion(2)} ORDER BY d.device_code`,
    [query.deviceType ?? null, query.regionId ?? null],
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
        deviceCode: d.deviceCode,
        deviceName: d.deviceName,
        deviceType: d.deviceType,
        status: d.status,
        longitude: d.longitude,
        latitude: d.latitude,
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

/** The latest reading reported under a meter number (a device reports under its own id); null without one. */
export async function latestByMeterNo(sql: Sql, meterNo: string): Promise<DeviceLatest> {
  const { rows } = await sql.query<Record<string, unknown>>(
    `SELECT l.ts, l.total, l.flow, l.pressure, l.battery, l.signal
     FROM meters m JOIN meter_latest l ON l.meter_id = m.meter_id WHERE m.meter_no = $1`,
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
