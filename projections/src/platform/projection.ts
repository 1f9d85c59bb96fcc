import { tenantUserType, trialDaysLeft } from '@hydrolog/domain';
import type { RecordedEvent, Sql } from '@hydrolog/eventstore';
import type { EventData, PageQuery, TenantSettings, TenantView } from '@hydrolog/schemas';
import type { Projection } from '../projection.ts';
import { containsPattern } from '../sql.ts';

/** The tenants read model of the back office (inline: a created tenant is in the next list). */
export const tenantsProjection: Projection = {
  name: 'tenants',
  version: 3,
  mode: 'inline',
  tables: ['tenants'],
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

const version = (event: RecordedEvent) => event.streamVersion.toString();

interface TenantRow {
  tenant_id: string;
  name: string;
  kind: TenantView['kind'];
  trial: boolean;
  settings: TenantSettings;
  status: TenantView['status'];
  logo_url: string | null;
  created_at: Date;
  updated_at: Date;
  version: string;
}

function toView(row: TenantRow, now: Date): TenantView {
  const createdAt = row.created_at.toISOString();
  return {
    tenantId: row.tenant_id,
    name: row.name,
    status: row.status,
    logoUrl: row.logo_url,
    kind: row.kind,
    trial: row.trial,
    userType: tenantUserType(row.trial),
    trialDaysLeft: row.trial ? trialDaysLeft(createdAt, now) : null,
    settings: row.settings,
    createdAt,
    updatedAt: row.updated_at.toISOString(),
    version: Number(row.version),
  };
}

const COLUMNS =
  'tenant_id::text, name, kind, trial, settings, status, logo_url, created_at, updated_at, version::text';

export async function listTenants(
  sql: Sql,
  query: PageQuery & { name?: string | undefined },
  now = new Date(),
): Promise<{ total: number; rows: TenantView[] }> {
  const pattern = containsPattern(query.name);
  const where = 'WHERE ($1::text IS NULL OR name ILIKE $1)';
  const total = await sql.query<{ count: number }>(`SELECT count(*)::int AS count FROM tenants ${where}`, [
    pattern,
  ]);
  const { rows } = await sql.query<TenantRow>(
    `SELECT ${COLUMNS} FROM tenants t ${where} ORDER BY t.created_at DESC, t.tenant_id LIMIT $2 OFFSET $3`,
    [pattern, query.pageSize, (query.pageNum - 1) * query.pageSize],
  );
  return { total: total.rows[0]?.count ?? 0, rows: rows.map((r) => toView(r, now)) };
}

export async function getTenant(sql: Sql, tenantId: string, now = new Date()): Promise<TenantView | null> {
  const { rows } = await sql.query<TenantRow>(`SELECT ${COLUMNS} FROM tenants WHERE tenant_id = $1`, [
    tenantId,
  ]);
  return rows[0] ? toView(rows[0], now) : null;
}
