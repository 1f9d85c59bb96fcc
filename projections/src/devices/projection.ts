import type { RecordedEvent } from '@hydrolog/eventstore';
import type { EventData } from '@hydrolog/schemas';
import type { Projection } from '../projection.ts';

const version = (event: RecordedEvent) => Number(event.streamVersion);

/**
 * Flow meters (inline: a saved one is in the next list). A row holds the device's own fields; its meter (type)
 * and latest values are read from the meter registry and the readings read models by the queries.
 */
export const devicesProjection: Projection = {
  name: 'devices',
  version: 1,
  mode: 'inline',
  tables: ['flow_meters'],
  reads: ['meters', 'meter_types', 'meter_latest'],
  tenantTables: ['flow_meters'],
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
  },
};
