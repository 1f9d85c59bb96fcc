import { initialCommandStatus, isFinalCommandStatus } from '@hydrolog/domain';
import type { RecordedEvent, Sql } from '@hydrolog/eventstore';
import type {
  EventData,
  GatewayKind,
  GatewayView,
  MeterCommandKind,
  MeterCommandStatus,
  PageQuery,
} from '@hydrolog/schemas';
import type { Projection } from '../projection.ts';
import { containsPattern } from '../sql.ts';

const version = (event: RecordedEvent) => Number(event.streamVersion);

/**
 * Gateways, meter types, meters and downlink commands: the back office's device registry (inline, so a
 * registered gateway's key works on the next request and a command is in the next list).
 */
export const devicesProjection: Projection = {
  name: 'devices',
  version: 3,
  mode: 'inline',
  tables: ['gateways', 'meter_types', 'meters', 'meter_commands', 'meter_groups', 'meter_group_members'],
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
      await sql.query('UPDATE gateways SET last_seen_at = greatest(last_seen_at, $2) WHERE gateway_id = $1', [
        d.gatewayId,
        d.receivedAt,
      ]);
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
      await setCommandResult(sql, d.commandId, d.result, d.at, d.detail ?? null);
    },
    async MeterCommandTimedOut(sql, event) {
      const d = event.data as EventData<'MeterCommandTimedOut'>;
      await setCommandResult(sql, d.commandId, d.result, d.at, null);
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

function setCommandResult(
  sql: Sql,
  commandId: string,
  result: MeterCommandStatus,
  at: string,
  detail: string | null,
) {
  return sql.query(
    `UPDATE meter_commands SET status = $2, open = $3, detail = coalesce($4, detail), gateway_id = NULL,
       deadline = NULL, updated_at = $5 WHERE command_id = $1`,
    [commandId, result, !isFinalCommandStatus(result), detail, at],
  );
}

// ---- queries -----------------------------------------------------------------------------------------

/** The gateway a key belongs to (the key's hash is unique); revoked ones included, the caller refuses them. */
export async function findGatewayByKeyHash(
  sql: Sql,
  keyHash: string,
): Promise<{
  gatewayId: string;
  tenantId: string;
  status: 'active' | 'revoked';
  tenantStatus: 'active' | 'suspended';
} | null> {
  const { rows } = await sql.query<{
    gateway_id: string;
    tenant_id: string;
    status: 'active' | 'revoked';
    tenant_status: 'active' | 'suspended';
  }>(
    `SELECT g.gateway_id::text, g.tenant_id::text, g.status, t.status AS tenant_status
       FROM gateways g JOIN tenants t ON t.tenant_id = g.tenant_id WHERE g.key_hash = $1`,
    [keyHash],
  );
  const row = rows[0];
  return row
    ? {
        gatewayId: row.gateway_id,
        tenantId: row.tenant_id,
        status: row.status,
        tenantStatus: row.tenant_status,
      }
    : null;
}

interface GatewayRow {
  gateway_id: string;
  name: string;
  kind: GatewayKind;
  manufacturer: string | null;
  remark: string | null;
  status: 'active' | 'revoked';
  key_prefix: string;
  created_at: Date;
  key_rotated_at: Date | null;
  last_seen_at: Date | null;
  meter_count: number;
  version: string;
}

/** A gateway is online while it uploaded within this time. */
export const GATEWAY_ONLINE_MINUTES = 120;

const GATEWAY_SELECT = `SELECT g.gateway_id::text, g.name, g.kind, g.manufacturer, g.remark, g.status, g.key_prefix,
    g.created_at, g.key_rotated_at, g.last_seen_at, g.version::text,
    (SELECT count(*)::int FROM meter_latest l WHERE l.gateway_id = g.gateway_id) AS meter_count
  FROM gateways g`;

function gatewayView(row: GatewayRow, now: Date): GatewayView {
  return {
    gatewayId: row.gateway_id,
    name: row.name,
    kind: row.kind,
    manufacturer: row.manufacturer,
    remark: row.remark,
    status: row.status,
    keyPrefix: row.key_prefix,
    createTime: row.created_at.toISOString(),
    keyRotatedAt: row.key_rotated_at?.toISOString() ?? null,
    lastSeenAt: row.last_seen_at?.toISOString() ?? null,
    meterCount: row.meter_count,
    online:
      row.status === 'active' &&
      row.last_seen_at !== null &&
      now.getTime() - row.last_seen_at.getTime() <= GATEWAY_ONLINE_MINUTES * 60_000,
    version: Number(row.version),
  };
}

export async function listGateways(
  sql: Sql,
  query: PageQuery & {
    name?: string | undefined;
    kind?: GatewayKind | undefined;
    status?: string | undefined;
  },
  now = new Date(),
): Promise<{ total: number; rows: GatewayView[] }> {
  const where = `WHERE ($1::text IS NULL OR g.name ILIKE $1) AND ($2::text IS NULL OR g.kind = $2)
    AND ($3::text IS NULL OR g.status = $3)`;
  const params = [containsPattern(query.name), query.kind ?? null, query.status ?? null];
  const total = await sql.query<{ count: number }>(
    `SELECT count(*)::int AS count FROM gateways g ${where}`,
    params,
  );
  const { rows } = await sql.query<GatewayRow>(
    `${GATEWAY_SELECT} ${where} ORDER BY g.created_at DESC, g.gateway_id LIMIT $4 OFFSET $5`,
    [...params, query.pageSize, (query.pageNum - 1) * query.pageSize],
  );
  return { total: total.rows[0]?.count ?? 0, rows: rows.map((r) => gatewayView(r, now)) };
}

export async function getGateway(sql: Sql, gatewayId: string, now = new Date()): Promise<GatewayView | null> {
  const { rows } = await sql.query<GatewayRow>(`${GATEWAY_SELECT} WHERE g.gateway_id = $1`, [gatewayId]);
  return rows[0] ? gatewayView(rows[0], now) : null;
}

/** The tenant's meters among these numbers (a number of another tenant is simply not found). */
export async function findMeters(
  sql: Sql,
  tenantId: string,
  meterNos: readonly string[],
): Promise<Map<string, string>> {
  const { rows } = await sql.query<{ meter_id: string; meter_no: string }>(
    'SELECT meter_id::text, meter_no FROM meters WHERE tenant_id = $1 AND meter_no = ANY($2::text[])',
    [tenantId, meterNos],
  );
  return new Map(rows.map((r) => [r.meter_no, r.meter_id]));
}

export interface MeterRecord {
  meterId: string;
  meterNo: string;
  valveControl: boolean;
}

export async function getMeter(sql: Sql, meterId: string): Promise<MeterRecord | null> {
  const { rows } = await sql.query<{ meter_id: string; meter_no: string; valve_control: boolean }>(
    `SELECT m.meter_id::text, m.meter_no, t.valve_control FROM meters m
     JOIN meter_types t ON t.meter_type_id = m.meter_type_id WHERE m.meter_id = $1`,
    [meterId],
  );
  const row = rows[0];
  return row ? { meterId: row.meter_id, meterNo: row.meter_no, valveControl: row.valve_control } : null;
}

export interface MeterCommandRow {
  commandId: string;
  tenantId: string;
  meterId: string;
  meterNo: string;
  kind: MeterCommandKind;
  key: string | null;
  status: MeterCommandStatus;
  attempts: number;
  gatewayId: string | null;
  deadline: string | null;
  detail: string | null;
  issuedAt: string;
  updatedAt: string;
}

const COMMAND_SELECT = `SELECT command_id::text, tenant_id::text, meter_id::text, meter_no, kind, key, status, attempts,
  gateway_id::text, deadline, detail, issued_at, updated_at FROM meter_commands c`;

function commandRow(row: Record<string, unknown>): MeterCommandRow {
  return {
    commandId: row.command_id as string,
    tenantId: row.tenant_id as string,
    meterId: row.meter_id as string,
    meterNo: row.meter_no as string,
    kind: row.kind as MeterCommandKind,
    key: row.key as string | null,
    status: row.status as MeterCommandStatus,
    attempts: row.attempts as number,
    gatewayId: row.gateway_id as string | null,
    deadline: (row.deadline as Date | null)?.toISOString() ?? null,
    detail: row.detail as string | null,
    issuedAt: (row.issued_at as Date).toISOString(),
    updatedAt: (row.updated_at as Date).toISOString(),
  };
}

export async function getMeterCommand(sql: Sql, commandId: string): Promise<MeterCommandRow | null> {
  const { rows } = await sql.query(`${COMMAND_SELECT} WHERE command_id = $1`, [commandId]);
  return rows[0] ? commandRow(rows[0] as Record<string, unknown>) : null;
}

/** Commands newest first; `meterNo` keeps the meters whose number contains it, `meterId` one meter. */
export async function listMeterCommands(
  sql: Sql,
  query: PageQuery & {
    meterNo?: string | undefined;
    meterId?: string | undefined;
    kind?: MeterCommandKind | undefined;
  },
): Promise<{ total: number; rows: MeterCommandRow[] }> {
  const where = `WHERE ($1::text IS NULL OR c.meter_no LIKE $1) AND ($2::text IS NULL OR c.kind = $2)
    AND ($3::uuid IS NULL OR c.meter_id = $3)`;
  const params = [containsPattern(query.meterNo), query.kind ?? null, query.meterId ?? null];
  const total = await sql.query<{ count: number }>(
    `SELECT count(*)::int AS count FROM meter_commands c ${where}`,
    params,
  );
  const { rows } = await sql.query(
    `${COMMAND_SELECT} ${where} ORDER BY c.issued_at DESC, c.command_id LIMIT $4 OFFSET $5`,
    [...params, query.pageSize, (query.pageNum - 1) * query.pageSize],
  );
  return {
    total: total.rows[0]?.count ?? 0,
    rows: rows.map((r) => commandRow(r as Record<string, unknown>)),
  };
}

/**
 * Commands waiting for this gateway: open, not held by a gateway, for meters whose latest reading came
 * through it (a concentrator serves the meters it hears).
 */
export async function pendingCommandsFor(sql: Sql, gatewayId: string): Promise<MeterCommandRow[]> {
  const { rows } = await sql.query(
    `${COMMAND_SELECT}
     WHERE c.open AND c.gateway_id IS NULL AND c.status IN ('sending', 'executing', 'resend')
       AND EXISTS (SELECT 1 FROM meter_latest l WHERE l.meter_id = c.meter_id AND l.gateway_id = $1)
     ORDER BY c.issued_at LIMIT 1000`,
    [gatewayId],
  );
  return rows.map((r) => commandRow(r as Record<string, unknown>));
}

/** Open commands past their ack deadline or pickup limit (the sweeper times them out through the decider). */
export async function overdueCommands(
  sql: Sql,
  now: Date,
  pickupMinutes: number,
): Promise<MeterCommandRow[]> {
  const { rows } = await sql.query(
    `${COMMAND_SELECT}
     WHERE c.open AND ((c.deadline IS NOT NULL AND c.deadline <= $1)
       OR (c.gateway_id IS NULL AND c.issued_at <= $1::timestamptz - make_interval(mins => $2)))
     ORDER BY c.issued_at LIMIT 500`,
    [now.toISOString(), pickupMinutes],
  );
  return rows.map((r) => commandRow(r as Record<string, unknown>));
}
