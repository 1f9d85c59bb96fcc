import type { RecordedEvent } from '@hydrolog/eventstore';
import type { EventData, PressureMeterFields } from '@hydrolog/schemas';
import type { Projection } from '../projection.ts';

const version = (event: RecordedEvent) => Number(event.streamVersion);

/** A pressure meter's own fields, in the column order of its insert and update. */
const pressureFields = (d: PressureMeterFields) => [
  d.monitoringSite,
  d.rtuAddress,
  d.sensorNumber,
  d.dataSource,
  d.communicationMode,
  d.powerSupplyMode,
  d.upperLimit,
  d.lowerLimit,
  d.longitude,
  d.latitude,
  d.address,
  d.installationTime,
];

/**
 * Flow and pressure meters and pressure alarms (inline: a saved one is in the next list). A row holds the device's own fields; its meter (type)
 * and latest values are read from the meter registry and the readings read models by the queries.
 */
export const devicesProjection: Projection = {
  name: 'devices',
  version: 3,
  mode: 'inline',
  tables: ['flow_meters', 'pressure_meters', 'pressure_alarms', 'devices', 'device_regions'],
  reads: ['meters', 'meter_types', 'meter_latest', 'readings', 'cascade_partitions', 'gateways'],
  tenantTables: ['flow_meters', 'pressure_meters', 'pressure_alarms', 'devices', 'device_regions'],
  migrations: [
    `CREATE TABLE flow_meters (
      flow_meter_id uuid PRIMARY KEY,
      tenant_id uuid NOT NULL,
      meter_address text NOT NULL,
      kind text NOT NULL,
      rtu_address text NOT NULL,
      installation_position text NOT NULL,
      caliber int NOT NULL,
      manufacturer text NOT NULL,
      communication_mode text NOT NULL,
      power_supply_mode text NOT NULL,
      daily_freeze boolean NOT NULL,
      created_at timestamptz NOT NULL,
      updated_at timestamptz,
      version bigint NOT NULL
    )`,
    'CREATE INDEX flow_meters_tenant ON flow_meters (tenant_id, created_at)',
    `CREATE TABLE pressure_meters (
      pressure_meter_id uuid PRIMARY KEY,
      tenant_id uuid NOT NULL,
      device_number text NOT NULL,
      monitoring_site text NOT NULL,
      rtu_address text NOT NULL,
      sensor_number text NOT NULL,
      data_source int NOT NULL,
      communication_mode text NOT NULL,
      power_supply_mode text NOT NULL,
      upper_limit double precision NOT NULL,
      lower_limit double precision NOT NULL,
      longitude double precision NOT NULL,
      latitude double precision NOT NULL,
      address text NOT NULL,
      installation_time date,
      created_at timestamptz NOT NULL,
      updated_at timestamptz,
      version bigint NOT NULL
    )`,
    'CREATE INDEX pressure_meters_tenant ON pressure_meters (tenant_id, created_at)',
    `CREATE TABLE pressure_alarms (
      alarm_id uuid PRIMARY KEY,
      tenant_id uuid NOT NULL,
      pressure_meter_id uuid NOT NULL,
      kind text NOT NULL,
      day date NOT NULL,
      at timestamptz NOT NULL,
      value double precision NOT NULL,
      "limit" double precision NOT NULL,
      raised_at timestamptz NOT NULL
    )`,
    'CREATE INDEX pressure_alarms_tenant ON pressure_alarms (tenant_id, at DESC)',
    `CREATE TABLE devices (
      device_id uuid PRIMARY KEY,
      tenant_id uuid NOT NULL,
      device_code text NOT NULL,
      device_name text NOT NULL,
      device_type text NOT NULL,
      status text NOT NULL,
      manufacturer text NOT NULL,
      address text NOT NULL,
      longitude double precision NOT NULL,
      latitude double precision NOT NULL,
      map_type int NOT NULL,
      region_id uuid,
      created_at timestamptz NOT NULL,
      updated_at timestamptz,
      version bigint NOT NULL
    )`,
    // A device's id is its own within the tenant.
    'CREATE UNIQUE INDEX devices_code ON devices (tenant_id, lower(device_code))',
    'CREATE INDEX devices_region ON devices (tenant_id, region_id)',
    `CREATE TABLE device_regions (
      region_id uuid PRIMARY KEY,
      tenant_id uuid NOT NULL,
      parent_id uuid,
      region_name text NOT NULL,
      order_num int NOT NULL,
      created_at timestamptz NOT NULL
    )`,
    // Two top regions or two sub-regions of one region of a tenant do not share a name.
    `CREATE UNIQUE INDEX device_regions_name ON device_regions
      (tenant_id, coalesce(parent_id, '00000000-0000-0000-0000-000000000000'::uuid), lower(region_name))`,
  ],
  handlers: {
    async FlowMeterRegistered(sql, event) {
      const d = event.data as EventData<'FlowMeterRegistered'>;
      await sql.query(
        `INSERT INTO flow_meters (flow_meter_id, tenant_id, meter_address, kind, rtu_address, installation_position,
           caliber, manufacturer, communication_mode, power_supply_mode, daily_freeze, created_at, version)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)`,
        [
          d.flowMeterId,
          d.tenantId,
          d.meterAddress,
          d.kind,
          d.rtuAddress,
          d.installationPosition,
          d.caliber,
          d.manufacturer,
          d.communicationMode,
          d.powerSupplyMode,
          d.dailyFreeze,
          d.createdAt,
          version(event),
        ],
      );
    },
    async FlowMeterChanged(sql, event) {
      const d = event.data as EventData<'FlowMeterChanged'>;
      await sql.query(
        `UPDATE flow_meters SET kind = $2, rtu_address = $3, installation_position = $4, caliber = $5,
           manufacturer = $6, communication_mode = $7, power_supply_mode = $8, daily_freeze = $9, updated_at = $10,
           version = $11
         WHERE flow_meter_id = $1`,
        [
          d.flowMeterId,
          d.kind,
          d.rtuAddress,
          d.installationPosition,
          d.caliber,
          d.manufacturer,
          d.communicationMode,
          d.powerSupplyMode,
          d.dailyFreeze,
          d.changedAt,
          version(event),
        ],
      );
    },
    async FlowMeterDeleted(sql, event) {
      const d = event.data as EventData<'FlowMeterDeleted'>;
      await sql.query('DELETE FROM flow_meters WHERE flow_meter_id = $1', [d.flowMeterId]);
    },
    async PressureMeterRegistered(sql, event) {
      const d = event.data as EventData<'PressureMeterRegistered'>;
      await sql.query(
        `INSERT INTO pressure_meters (pressure_meter_id, tenant_id, device_number, monitoring_site, rtu_address,
           sensor_number, data_source, communication_mode, power_supply_mode, upper_limit, lower_limit, longitude,
           latitude, address, installation_time, created_at, version)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17)`,
        [d.pressureMeterId, d.tenantId, d.deviceNumber, ...pressureFields(d), d.createdAt, version(event)],
      );
    },
    async PressureMeterChanged(sql, event) {
      const d = event.data as EventData<'PressureMeterChanged'>;
      await sql.query(
        `UPDATE pressure_meters SET monitoring_site = $2, rtu_address = $3, sensor_number = $4, data_source = $5,
           communication_mode = $6, power_supply_mode = $7, upper_limit = $8, lower_limit = $9, longitude = $10,
           latitude = $11, address = $12, installation_time = $13, updated_at = $14, version = $15
         WHERE pressure_meter_id = $1`,
        [d.pressureMeterId, ...pressureFields(d), d.changedAt, version(event)],
      );
    },
    async PressureMeterDeleted(sql, event) {
      const d = event.data as EventData<'PressureMeterDeleted'>;
      await sql.query('DELETE FROM pressure_meters WHERE pressure_meter_id = $1', [d.pressureMeterId]);
    },
    async DeviceSaved(sql, event) {
      const d = event.data as EventData<'DeviceSaved'>;
      // A save carries every field: the first one creates the row, later ones change it.
      await sql.query(
        `INSERT INTO devices (device_id, tenant_id, device_code, device_name, device_type, status, manufacturer,
           address, longitude, latitude, map_type, region_id, created_at, version)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)
         ON CONFLICT (device_id) DO UPDATE SET device_code = excluded.device_code,
           device_name = excluded.device_name, device_type = excluded.device_type, status = excluded.status,
           manufacturer = excluded.manufacturer, address = excluded.address, longitude = excluded.longitude,
           latitude = excluded.latitude, map_type = excluded.map_type, region_id = excluded.region_id,
           updated_at = excluded.created_at, version = excluded.version`,
        [
          d.deviceId,
          event.metadata.tenantId,
          d.deviceCode,
          d.deviceName,
          d.deviceType,
          d.status,
          d.manufacturer,
          d.address,
          d.longitude,
          d.latitude,
          d.mapType,
          d.regionId,
          d.savedAt,
          version(event),
        ],
      );
    },
    async DeviceDeleted(sql, event) {
      const d = event.data as EventData<'DeviceDeleted'>;
      await sql.query('DELETE FROM devices WHERE device_id = $1', [d.deviceId]);
    },
    async DeviceRegionSaved(sql, event) {
      const d = event.data as EventData<'DeviceRegionSaved'>;
      await sql.query(
        `INSERT INTO device_regions (region_id, tenant_id, parent_id, region_name, order_num, created_at)
         VALUES ($1, $2, $3, $4, $5, $6)
         ON CONFLICT (region_id) DO UPDATE SET parent_id = excluded.parent_id,
           region_name = excluded.region_name, order_num = excluded.order_num`,
        [d.regionId, event.metadata.tenantId, d.parentId, d.regionName, d.orderNum, event.recordedAt],
      );
    },
    async DeviceRegionDeleted(sql, event) {
      const d = event.data as EventData<'DeviceRegionDeleted'>;
      await sql.query('DELETE FROM device_regions WHERE region_id = $1', [d.regionId]);
    },
    async PressureAlarmRaised(sql, event) {
      const d = event.data as EventData<'PressureAlarmRaised'>;
      await sql.query(
        `INSERT INTO pressure_alarms (alarm_id, tenant_id, pressure_meter_id, kind, day, at, value, "limit", raised_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
        [
          d.alarmId,
          event.metadata.tenantId,
          d.pressureMeterId,
          d.kind,
          d.day,
          d.at,
          d.value,
          d.limit,
          d.raisedAt,
        ],
      );
    },
  },
};
