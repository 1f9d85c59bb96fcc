import { initialCommandStatus, isFinalCommandStatus } from '@hydrolog/domain';
import type { RecordedEvent, Sql } from '@hydrolog/eventstore';
import type { EventData, MeterCommandStatus } from '@hydrolog/schemas';
import type { Projection } from '../projection.ts';
import { GATEWAY_ONLINE_MINUTES } from './gateways.ts';

const version = (event: RecordedEvent) => Number(event.streamVersion);

/**
 * Gateways, meter types, meters and downlink commands: the back office's device registry (inline, so a
 * registered gateway's key works on the next request and a command is in the next list).
 */
export const meterRegistryProjection: Projection = {
  name: 'meterRegistry',
  version: 5,
  mode: 'inline',
  tables: ['gateways', 'meter_types', 'meters', 'meter_commands', 'meter_groups', 'meter_group_members'],
  reads: ['meter_latest', 'tenants', 'customers', 'users', 'depts'],
  tenantTables: [
    'gateways',
    'meter_types',
    'meters',
    'meter_commands',
    'meter_groups',
    'meter_group_members',
  ],
  migrations: [
    `CREATE TABLE gateways (
      gateway_id uuid PRIMARY KEY,
      tenant_id uuid NOT NULL,
      name text NOT NULL,
      kind text NOT NULL,
      manufacturer text,
      remark text,
      status text NOT NULL DEFAULT 'active',
      key_hash text NOT NULL UNIQUE,
      key_prefix text NOT NULL,
      created_at timestamptz NOT NULL,
      key_rotated_at timestamptz,
      last_seen_at timestamptz,
      -- The first upload after a silence longer than the online window: when it last came online.
      online_since timestamptz,
      version bigint NOT NULL
    )`,
    'CREATE UNIQUE INDEX gateways_name ON gateways (tenant_id, lower(name))',
    `CREATE TABLE meter_types (
      meter_type_id uuid PRIMARY KEY,
      tenant_id uuid NOT NULL,
      name text NOT NULL,
      billing_mode text NOT NULL,
      valve_control boolean NOT NULL,
      communication text NOT NULL,
      card_kind text NOT NULL,
      report_interval_minutes int NOT NULL,
      version bigint NOT NULL DEFAULT 0
    )`,
    'CREATE UNIQUE INDEX meter_types_name ON meter_types (tenant_id, lower(name))',
    `CREATE TABLE meters (
      meter_id uuid PRIMARY KEY,
      tenant_id uuid NOT NULL,
      meter_no text NOT NULL,
      meter_type_id uuid NOT NULL,
      imei text,
      sim text,
      initial_reading double precision NOT NULL,
      lng double precision,
      lat double precision,
      registered_at timestamptz NOT NULL,
      version bigint NOT NULL,
      meter_key text,
      mechanical_reading double precision,
      zero_water_threshold int,
      peaks jsonb NOT NULL DEFAULT '[]',
      storage_date date,
      data_source text,
      -- The staff user who registered the meter (the id in the event's metadata).
      registered_by text,
      UNIQUE (tenant_id, meter_no)
    )`,
    'CREATE INDEX meters_type ON meters (meter_type_id)',
    `CREATE TABLE meter_commands (
      command_id uuid PRIMARY KEY,
      tenant_id uuid NOT NULL,
      meter_id uuid NOT NULL,
      meter_no text NOT NULL,
      kind text NOT NULL,
      key text,
      status text NOT NULL,
      attempts int NOT NULL DEFAULT 0,
      gateway_id uuid,
      deadline timestamptz,
      detail text,
      -- Why it failed (gatewayFail, noAck, notPickedUp), null unless it did.
      failure text,
      issued_at timestamptz NOT NULL,
      updated_at timestamptz NOT NULL,
      open boolean NOT NULL DEFAULT true
    )`,
    'CREATE INDEX meter_commands_open ON meter_commands (meter_id) WHERE open',
    'CREATE INDEX meter_commands_meter ON meter_commands (meter_id, issued_at DESC)',
    `CREATE TABLE meter_groups (
      group_id uuid PRIMARY KEY,
      tenant_id uuid NOT NULL,
      name text NOT NULL,
      remark text,
      created_at timestamptz NOT NULL,
      version bigint NOT NULL
    )`,
    'CREATE UNIQUE INDEX meter_groups_name ON meter_groups (tenant_id, lower(name))',
    `CREATE TABLE meter_group_members (
      group_id uuid NOT NULL,
      meter_id uuid NOT NULL,
      tenant_id uuid NOT NULL,
      PRIMARY KEY (group_id, meter_id)
    )`,
    'CREATE INDEX meter_group_members_meter ON meter_group_members (meter_id)',
  ],
  handlers: {
    async GatewayRegistered(sql, event) {
      const d = event.data as EventData<'GatewayRegistered'>;
      await sql.query(
        `INSERT INTO gateways (gateway_id, tenant_id, name, kind, manufacturer, remark, key_hash, key_prefix,
           created_at, version) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
        [
          d.gatewayId,
          d.tenantId,
          d.name,
          d.kind,
          d.manufacturer ?? null,
          d.remark ?? null,
          d.keyHash,
          d.keyPrefix,
          d.createdAt,
          version(event),
        ],
      );
    },
    async GatewayChanged(sql, event) {
      const d = event.data as EventData<'GatewayChanged'>;
      await sql.query(
        `UPDATE gateways SET name = $2, kind = $3, manufacturer = $4, remark = $5, version = $6
         WHERE gateway_id = $1`,
        [d.gatewayId, d.name, d.kind, d.manufacturer ?? null, d.remark ?? null, version(event)],
      );
    },
    async GatewayKeyRotated(sql, event) {
      const d = event.data as EventData<'GatewayKeyRotated'>;
      await sql.query(
        `UPDATE gateways SET key_hash = $2, key_prefix = $3, key_rotated_at = $4, version = $5
         WHERE gateway_id = $1`,
        [d.gatewayId, d.keyHash, d.keyPrefix, d.rotatedAt, version(event)],
      );
    },
    async GatewayRevoked(sql, event) {
      const d = event.data as EventData<'GatewayRevoked'>;
      await sql.query(`UPDATE gateways SET status = 'revoked', version = $2 WHERE gateway_id = $1`, [
        d.gatewayId,
        version(event),
      ]);
    },
    async ReadingBatchReceived(sql, event) {
      const d = event.data as EventData<'ReadingBatchReceived'>;
      await sql.query(
        `UPDATE gateways SET last_seen_at = greatest(last_seen_at, $2),
           online_since = CASE WHEN last_seen_at IS NULL OR $2::timestamptz - last_seen_at > $3::interval
             THEN $2 ELSE online_since END
         WHERE gateway_id = $1`,
        [d.gatewayId, d.receivedAt, `${GATEWAY_ONLINE_MINUTES} minutes`],
      );
    },
    async MeterTypeCreated(sql, event) {
      const d = event.data as EventData<'MeterTypeCreated'>;
      await sql.query(
        `INSERT INTO meter_types (meter_type_id, tenant_id, name, billing_mode, valve_control, communication,
           card_kind, report_interval_minutes, version) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
        [
          d.meterTypeId,
          d.tenantId,
          d.name,
          d.billingMode,
          d.valveControl,
          d.communication,
          d.cardKind,
          d.reportIntervalMinutes,
          version(event),
        ],
      );
    },
    async MeterTypeChanged(sql, event) {
      const d = event.data as EventData<'MeterTypeChanged'>;
      await sql.query(
        `UPDATE meter_types SET name = $2, billing_mode = $3, valve_control = $4, communication = $5,
           card_kind = $6, report_interval_minutes = $7, version = $8 WHERE meter_type_id = $1`,
        [
          d.meterTypeId,
          d.name,
          d.billingMode,
          d.valveControl,
          d.communication,
          d.cardKind,
          d.reportIntervalMinutes,
          version(event),
        ],
      );
    },
    async MeterTypeDeleted(sql, event) {
      const d = event.data as EventData<'MeterTypeDeleted'>;
      await sql.query('DELETE FROM meter_types WHERE meter_type_id = $1', [d.meterTypeId]);
    },
    async MeterRegistered(sql, event) {
      const d = event.data as EventData<'MeterRegistered'>;
      await sql.query(
        `INSERT INTO meters (meter_id, tenant_id, meter_no, registered_at, version, meter_type_id, imei, sim,
           initial_reading, lng, lat, meter_key, mechanical_reading, zero_water_threshold, peaks, storage_date,
           data_source, registered_by)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15::jsonb, $16, $17, $18)`,
        [
          d.meterId,
          d.tenantId,
          d.meterNo,
          d.registeredAt,
          version(event),
          ...meterFieldValues(d),
          event.metadata.userId,
        ],
      );
    },
    async MeterChanged(sql, event) {
      const d = event.data as EventData<'MeterChanged'>;
      await sql.query(
        `UPDATE meters SET version = $2, (meter_type_id, imei, sim, initial_reading, lng, lat, meter_key,
           mechanical_reading, zero_water_threshold, peaks, storage_date, data_source) =
           ($3, $4, $5, $6, $7, $8, $9, $10, $11, $12::jsonb, $13, $14)
         WHERE meter_id = $1`,
        [d.meterId, version(event), ...meterFieldValues(d)],
      );
    },
    async MeterDeleted(sql, event) {
      const d = event.data as EventData<'MeterDeleted'>;
      await sql.query('DELETE FROM meters WHERE meter_id = $1', [d.meterId]);
      await sql.query('DELETE FROM meter_group_members WHERE meter_id = $1', [d.meterId]);
    },
    async MeterMoved(sql, event) {
      const d = event.data as EventData<'MeterMoved'>;
      await sql.query(
        'UPDATE meters SET tenant_id = $2, meter_type_id = $3, version = $4 WHERE meter_id = $1',
        [d.meterId, d.toTenantId, d.meterTypeId, version(event)],
      );
      // Its valve and key history goes with it; the groups were the old tenant's.
      await sql.query('UPDATE meter_commands SET tenant_id = $2 WHERE meter_id = $1', [
        d.meterId,
        d.toTenantId,
      ]);
      await sql.query('DELETE FROM meter_group_members WHERE meter_id = $1', [d.meterId]);
    },
    async MeterGroupCreated(sql, event) {
      const d = event.data as EventData<'MeterGroupCreated'>;
      await sql.query(
        `INSERT INTO meter_groups (group_id, tenant_id, name, remark, created_at, version)
         VALUES ($1, $2, $3, $4, $5, $6)`,
        [d.groupId, d.tenantId, d.name, d.remark ?? null, d.createdAt, version(event)],
      );
    },
    async MeterGroupChanged(sql, event) {
      const d = event.data as EventData<'MeterGroupChanged'>;
      await sql.query('UPDATE meter_groups SET name = $2, remark = $3, version = $4 WHERE group_id = $1', [
        d.groupId,
        d.name,
        d.remark ?? null,
        version(event),
      ]);
    },
    async MeterGroupDeleted(sql, event) {
      const d = event.data as EventData<'MeterGroupDeleted'>;
      await sql.query('DELETE FROM meter_group_members WHERE group_id = $1', [d.groupId]);
      await sql.query('DELETE FROM meter_groups WHERE group_id = $1', [d.groupId]);
    },
    async MeterGroupMetersAdded(sql, event) {
      const d = event.data as EventData<'MeterGroupMetersAdded'>;
      await sql.query(
        `INSERT INTO meter_group_members (group_id, meter_id, tenant_id)
         SELECT $1, unnest($2::uuid[]), $3 ON CONFLICT DO NOTHING`,
        [d.groupId, d.meterIds, event.metadata.tenantId],
      );
      await sql.query('UPDATE meter_groups SET version = $2 WHERE group_id = $1', [
        d.groupId,
        version(event),
      ]);
    },
    async MeterGroupMetersRemoved(sql, event) {
      const d = event.data as EventData<'MeterGroupMetersRemoved'>;
      await sql.query('DELETE FROM meter_group_members WHERE group_id = $1 AND meter_id = ANY($2::uuid[])', [
        d.groupId,
        d.meterIds,
      ]);
      await sql.query('UPDATE meter_groups SET version = $2 WHERE group_id = $1', [
        d.groupId,
        version(event),
      ]);
    },
    async MeterCommandIssued(sql, event) {
      const d = event.data as EventData<'MeterCommandIssued'>;
      await sql.query(
        `INSERT INTO meter_commands (command_id, tenant_id, meter_id, meter_no, kind, key, status, issued_at,
           updated_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $8)`,
        [
          d.commandId,
          event.metadata.tenantId,
          d.meterId,
          d.meterNo,
          d.kind,
          d.key ?? null,
          initialCommandStatus(d.kind),
          d.issuedAt,
        ],
      );
    },
    async MeterCommandSent(sql, event) {
      const d = event.data as EventData<'MeterCommandSent'>;
      await sql.query(
        `UPDATE meter_commands SET gateway_id = $2, deadline = $3, attempts = attempts + 1, updated_at = $4
         WHERE command_id = $1`,
        [d.commandId, d.gatewayId, d.deadline, d.sentAt],
      );
    },
    async MeterCommandAcknowledged(sql, event) {
      const d = event.data as EventData<'MeterCommandAcknowledged'>;
      await setCommandResult(
        sql,
        d.commandId,
        d.result,
        d.at,
        d.detail ?? null,
        d.result === 'fail' ? 'answer' : null,
      );
    },
    async MeterCommandTimedOut(sql, event) {
      const d = event.data as EventData<'MeterCommandTimedOut'>;
      await setCommandResult(
        sql,
        d.commandId,
        d.result,
        d.at,
        null,
        isFinalCommandStatus(d.result) ? 'timeout' : null,
      );
    },
  },
};

/** The changeable fields of a meter, in the column order of its insert and update. */
function meterFieldValues(d: EventData<'MeterChanged'> | EventData<'MeterRegistered'>) {
  return [
    d.meterTypeId,
    d.imei ?? null,
    d.sim ?? null,
    d.initialReading ?? 0,
    d.lng ?? null,
    d.lat ?? null,
    d.key ?? null,
    d.mechanicalReading ?? null,
    d.zeroWaterThreshold ?? null,
    JSON.stringify(d.peaks ?? []),
    d.storageDate ?? null,
    d.dataSource ?? null,
  ];
}

/**
 * A command's new status. `failedBy`: a final answer of fail, or a final timeout, which is told apart by
 * whether a gateway held the command (it took it and never answered) or none had taken it.
 */
function setCommandResult(
  sql: Sql,
  commandId: string,
  result: MeterCommandStatus,
  at: string,
  detail: string | null,
  failedBy: 'answer' | 'timeout' | null,
) {
  return sql.query(
    `UPDATE meter_commands SET status = $2, open = $3, detail = coalesce($4, detail),
       failure = CASE $6::text WHEN 'answer' THEN 'gatewayFail'
         WHEN 'timeout' THEN CASE WHEN gateway_id IS NULL THEN 'notPickedUp' ELSE 'noAck' END END,
       gateway_id = NULL, deadline = NULL, updated_at = $5 WHERE command_id = $1`,
    [commandId, result, !isFinalCommandStatus(result), detail, at, failedBy],
  );
}

/**
 * Meter replacements (inline, so a replaced meter is refused again on the next request). Each row is one
 * `MeterReplaced`, keyed by the old meter's stream position: a meter is replaced at most once.
 */
export const meterReplacementsProjection: Projection = {
  name: 'meterReplacements',
  version: 1,
  mode: 'inline',
  tables: ['meter_replacements'],
  reads: ['customers', 'users', 'readings', 'meter_daily'],
  tenantTables: ['meter_replacements'],
  migrations: [
    `CREATE TABLE meter_replacements (
      old_meter_id uuid PRIMARY KEY,
      tenant_id uuid NOT NULL,
      new_meter_id uuid NOT NULL,
      old_meter_no text NOT NULL,
      new_meter_no text NOT NULL,
      customer_id uuid,
      account_no text,
      last_read_time timestamptz NOT NULL,
      recent_reading double precision NOT NULL,
      new_initial_reading double precision NOT NULL,
      reason text NOT NULL,
      replaced_at timestamptz NOT NULL,
      operator_id text
    )`,
    'CREATE INDEX meter_replacements_tenant_time ON meter_replacements (tenant_id, replaced_at DESC)',
    'CREATE INDEX meter_replacements_customer ON meter_replacements (customer_id)',
  ],
  handlers: {
    async MeterReplaced(sql, event: RecordedEvent) {
      const d = event.data as EventData<'MeterReplaced'>;
      await sql.query(
        `INSERT INTO meter_replacements (old_meter_id, tenant_id, new_meter_id, old_meter_no, new_meter_no, customer_id,
           account_no, last_read_time, recent_reading, new_initial_reading, reason, replaced_at, operator_id)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)`,
        [
          d.oldMeterId,
          event.metadata.tenantId,
          d.newMeterId,
          d.oldMeterNo,
          d.newMeterNo,
          d.customerId,
          d.accountNo,
          d.lastReadTime,
          d.recentReading,
          d.newInitialReading,
          d.reason,
          d.replacedAt,
          event.metadata.userId ?? null,
        ],
      );
    },
  },
};

/**
 * Meters moved between tenants: a platform-wide record, read by platform operators only (through their
 * routes, as the owner, like the tenants table). Each row is one `MeterMoved`.
 */
export const meterMovesProjection: Projection = {
  name: 'meterMoves',
  version: 1,
  mode: 'inline',
  tables: ['meter_moves'],
  reads: ['tenants', 'customers', 'customer_types', 'users', 'cascade_points', 'cascade_sub_meters'],
  migrations: [
    `CREATE TABLE meter_moves (
      move_id uuid PRIMARY KEY,
      meter_id uuid NOT NULL,
      meter_no text NOT NULL,
      from_tenant_id uuid NOT NULL,
      to_tenant_id uuid NOT NULL,
      from_meter_type_id uuid NOT NULL,
      meter_type_id uuid NOT NULL,
      customer_type_id uuid,
      account_no text,
      customer_name text,
      address text,
      phone text,
      reason text NOT NULL,
      admin_contact text,
      moved_at timestamptz NOT NULL,
      operator_id text
    )`,
    'CREATE INDEX meter_moves_time ON meter_moves (moved_at DESC)',
  ],
  handlers: {
    async MeterMoved(sql, event: RecordedEvent) {
      const d = event.data as EventData<'MeterMoved'>;
      await sql.query(
        `INSERT INTO meter_moves (move_id, meter_id, meter_no, from_tenant_id, to_tenant_id, from_meter_type_id,
           meter_type_id, customer_type_id, account_no, customer_name, address, phone, reason, admin_contact,
           moved_at, operator_id)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16)`,
        [
          event.id,
          d.meterId,
          d.meterNo,
          d.fromTenantId,
          d.toTenantId,
          d.fromMeterTypeId,
          d.meterTypeId,
          d.customerTypeId,
          d.accountNo,
          d.customerName,
          d.address,
          d.phone,
          d.reason,
          d.adminContact,
          d.movedAt,
          event.metadata.userId ?? null,
        ],
      );
    },
  },
};
