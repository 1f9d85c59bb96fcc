import type { RecordedEvent, Sql } from '@hydrolog/eventstore';
import type { AgentMovementView, EventData } from '@hydrolog/schemas';
import type { Projection } from '../projection.ts';

const version = (event: RecordedEvent) => event.streamVersion.toString();

/** The tenants read model of the back office (inline: a created tenant is in the next list). */
export const tenantsProjection: Projection = {
  name: 'tenants',
  version: 3,
  mode: 'inline',
  tables: ['tenants'],
  reads: [],
  tenantTables: ['tenants'],
  migrations: [
    `CREATE TABLE tenants (
      tenant_id uuid PRIMARY KEY,
      name text NOT NULL,
      kind text NOT NULL,
      trial boolean NOT NULL,
      settings jsonb NOT NULL,
      status text NOT NULL DEFAULT 'active',
      logo_url text,
      created_at timestamptz NOT NULL,
      updated_at timestamptz NOT NULL,
      version bigint NOT NULL
    )`,
    'CREATE INDEX tenants_name ON tenants (lower(name))',
  ],
  handlers: {
    async TenantCreated(sql, event) {
      const data = event.data as EventData<'TenantCreated'>;
      await sql.query(
        `INSERT INTO tenants (tenant_id, name, kind, trial, settings, created_at, updated_at, version)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
        [
          data.tenantId,
          data.name,
          data.kind,
          data.trial,
          JSON.stringify(data.settings),
          data.createdAt,
          event.recordedAt,
          version(event),
        ],
      );
    },
    async TenantRenamed(sql, event) {
      const data = event.data as EventData<'TenantRenamed'>;
      await sql.query('UPDATE tenants SET name = $2, updated_at = $3, version = $4 WHERE tenant_id = $1', [
        data.tenantId,
        data.name,
        event.recordedAt,
        version(event),
      ]);
    },
    async TenantSettingsChanged(sql, event) {
      const data = event.data as EventData<'TenantSettingsChanged'>;
      await sql.query(
        'UPDATE tenants SET settings = $2, updated_at = $3, version = $4 WHERE tenant_id = $1',
        [data.tenantId, JSON.stringify(data.settings), event.recordedAt, version(event)],
      );
    },
    async TenantSuspended(sql, event) {
      const data = event.data as EventData<'TenantSuspended'>;
      await sql.query(
        "UPDATE tenants SET status = 'suspended', updated_at = $2, version = $3 WHERE tenant_id = $1",
        [data.tenantId, event.recordedAt, version(event)],
      );
    },
    async TenantResumed(sql, event) {
      const data = event.data as EventData<'TenantResumed'>;
      await sql.query(
        "UPDATE tenants SET status = 'active', updated_at = $2, version = $3 WHERE tenant_id = $1",
        [data.tenantId, event.recordedAt, version(event)],
      );
    },
    async TenantLogoChanged(sql, event) {
      const data = event.data as EventData<'TenantLogoChanged'>;
      await sql.query(
        'UPDATE tenants SET logo_url = $2, updated_at = $3, version = $4 WHERE tenant_id = $1',
        [data.tenantId, data.logoUrl, event.recordedAt, version(event)],
      );
    },
  },
};

/**
 * Platform management read models: carriers, regions and third-party platforms (platform-wide, edited by
 * operators), and agents' accounts with every movement (rows of the platform tenant).
 */
export const platformProjection: Projection = {
  name: 'platform',
  version: 1,
  mode: 'inline',
  tables: ['carriers', 'regions', 'third_parties', 'agent_accounts', 'agent_movements'],
  reads: ['users', 'roles'],
  tenantTables: ['agent_accounts', 'agent_movements'],
  migrations: [
    `CREATE TABLE carriers (
      carrier_id uuid PRIMARY KEY,
      carrier_name text NOT NULL,
      country text NOT NULL,
      area_code text NOT NULL,
      sms_length int NOT NULL,
      remark text,
      created_at timestamptz NOT NULL
    )`,
    `CREATE TABLE regions (
      region_id uuid PRIMARY KEY,
      parent_id uuid,
      region_name text NOT NULL,
      order_num int NOT NULL,
      created_at timestamptz NOT NULL
    )`,
    // Two top regions or two sub-regions of one region do not share a name.
    `CREATE UNIQUE INDEX regions_name ON regions
      (coalesce(parent_id, '00000000-0000-0000-0000-000000000000'::uuid), lower(region_name))`,
    `CREATE TABLE third_parties (
      third_party_id uuid PRIMARY KEY,
      code text NOT NULL,
      name text NOT NULL,
      created_at timestamptz NOT NULL
    )`,
    'CREATE UNIQUE INDEX third_parties_code ON third_parties (lower(code))',
    `CREATE TABLE agent_accounts (
      user_id uuid PRIMARY KEY,
      tenant_id uuid NOT NULL,
      purchase_method text,
      balance numeric(14, 2) NOT NULL DEFAULT 0,
      recharge_total numeric(14, 2) NOT NULL DEFAULT 0,
      recharge_count int NOT NULL DEFAULT 0
    )`,
    `CREATE TABLE agent_movements (
      movement_id uuid PRIMARY KEY,
      tenant_id uuid NOT NULL,
      user_id uuid NOT NULL,
      kind text NOT NULL,
      amount numeric(14, 2) NOT NULL,
      balance_after numeric(14, 2) NOT NULL,
      third_party_id uuid,
      remark text,
      operator text NOT NULL,
      at timestamptz NOT NULL
    )`,
    'CREATE INDEX agent_movements_user ON agent_movements (user_id, at)',
    'CREATE INDEX agent_movements_third_party ON agent_movements (third_party_id) WHERE third_party_id IS NOT NULL',
  ],
  handlers: {
    async CarrierSaved(sql, event) {
      const d = event.data as EventData<'CarrierSaved'>;
      await sql.query(
        `INSERT INTO carriers (carrier_id, carrier_name, country, area_code, sms_length, remark, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7)
         ON CONFLICT (carrier_id) DO UPDATE SET carrier_name = $2, country = $3, area_code = $4, sms_length = $5,
           remark = $6`,
        [d.carrierId, d.carrierName, d.country, d.areaCode, d.smsLength, d.remark, event.recordedAt],
      );
    },
    async CarrierDeleted(sql, event) {
      const d = event.data as EventData<'CarrierDeleted'>;
      await sql.query('DELETE FROM carriers WHERE carrier_id = $1', [d.carrierId]);
    },
    async RegionSaved(sql, event) {
      const d = event.data as EventData<'RegionSaved'>;
      await sql.query(
        `INSERT INTO regions (region_id, parent_id, region_name, order_num, created_at) VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (region_id) DO UPDATE SET parent_id = $2, region_name = $3, order_num = $4`,
        [d.regionId, d.parentId, d.regionName, d.orderNum, event.recordedAt],
      );
    },
    async RegionDeleted(sql, event) {
      const d = event.data as EventData<'RegionDeleted'>;
      await sql.query('DELETE FROM regions WHERE region_id = $1', [d.regionId]);
    },
    async ThirdPartySaved(sql, event) {
      const d = event.data as EventData<'ThirdPartySaved'>;
      await sql.query(
        `INSERT INTO third_parties (third_party_id, code, name, created_at) VALUES ($1, $2, $3, $4)
         ON CONFLICT (third_party_id) DO UPDATE SET code = $2, name = $3`,
        [d.thirdPartyId, d.code, d.name, event.recordedAt],
      );
    },
    async ThirdPartyDeleted(sql, event) {
      const d = event.data as EventData<'ThirdPartyDeleted'>;
      await sql.query('DELETE FROM third_parties WHERE third_party_id = $1', [d.thirdPartyId]);
    },
    async AgentPurchaseMethodSet(sql, event) {
      const d = event.data as EventData<'AgentPurchaseMethodSet'>;
      await sql.query(
        `INSERT INTO agent_accounts (user_id, tenant_id, purchase_method) VALUES ($1, $2, $3)
         ON CONFLICT (user_id) DO UPDATE SET purchase_method = $3`,
        [d.userId, event.metadata.tenantId, d.purchaseMethod],
      );
    },
    async AgentRecharged(sql, event) {
      const d = event.data as EventData<'AgentRecharged'>;
      const { rows } = await sql.query<{ balance: string }>(
        `INSERT INTO agent_accounts (user_id, tenant_id, balance, recharge_total, recharge_count)
         VALUES ($1, $2, $3, $3, 1)
         ON CONFLICT (user_id) DO UPDATE SET balance = agent_accounts.balance + $3,
           recharge_total = agent_accounts.recharge_total + $3, recharge_count = agent_accounts.recharge_count + 1
         RETURNING balance::text`,
        [d.userId, event.metadata.tenantId, d.amount],
      );
      await insertMovement(sql, event.metadata.tenantId, 'recharge', { ...d }, rows[0]!.balance);
    },
    async AgentWithdrawn(sql, event) {
      const d = event.data as EventData<'AgentWithdrawn'>;
      const { rows } = await sql.query<{ balance: string }>(
        `UPDATE agent_accounts SET balance = balance - $2 WHERE user_id = $1 RETURNING balance::text`,
        [d.userId, d.amount],
      );
      await insertMovement(
        sql,
        event.metadata.tenantId,
        'withdrawal',
        { ...d, thirdPartyId: null },
        rows[0]!.balance,
      );
    },
  },
};

async function insertMovement(
  sql: Sql,
  tenantId: string,
  kind: AgentMovementView['kind'],
  d: EventData<'AgentWithdrawn'> & { thirdPartyId: string | null },
  balanceAfter: string,
) {
  await sql.query(
    `INSERT INTO agent_movements (movement_id, tenant_id, user_id, kind, amount, balance_after, third_party_id, remark,
       operator, at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
    [
      d.movementId,
      tenantId,
      d.userId,
      kind,
      d.amount,
      balanceAfter,
      d.thirdPartyId,
      d.remark,
      d.operator,
      d.at,
    ],
  );
}
