import type { Sql } from '@hydrolog/eventstore';
import type { GatewayKind, GatewayView, PageQuery } from '@hydrolog/schemas';
import { containsPattern } from '../sql.ts';

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
  online_since: Date | null;
  meter_count: number;
  version: string;
}

/** A gateway is online while it uploaded within this time. */
export const GATEWAY_ONLINE_MINUTES = 120;

/**
 * The active gateways (and concentrators) of the caller's tenant that have reported at least once, with when
 * they last did: what their offline alarms are evaluated on.
 */
export async function gatewaysLastSeen(
  sql: Sql,
): Promise<{ gatewayId: string; name: string; lastSeenAt: Date }[]> {
  const { rows } = await sql.query<{ gateway_id: string; name: string; last_seen_at: Date }>(
    `SELECT gateway_id::text, name, last_seen_at FROM gateways
     WHERE status = 'active' AND last_seen_at IS NOT NULL ORDER BY name, gateway_id`,
  );
  return rows.map((r) => ({ gatewayId: r.gateway_id, name: r.name, lastSeenAt: r.last_seen_at }));
}

const GATEWAY_SELECT = `SELECT g.gateway_id::text, g.name, g.kind, g.manufacturer, g.remark, g.status, g.key_prefix,
    g.created_at, g.key_rotated_at, g.last_seen_at, g.online_since, g.version::text,
    (SELECT count(*)::int FROM meter_latest l WHERE l.gateway_id = g.gateway_id) AS meter_count
  FROM gateways g`;

function gatewayView(row: GatewayRow, now: Date): GatewayView {
  const online =
    row.status === 'active' &&
    row.last_seen_at !== null &&
    now.getTime() - row.last_seen_at.getTime() <= GATEWAY_ONLINE_MINUTES * 60_000;
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
    online,
    statusChangedAt: !row.last_seen_at
      ? null
      : online
        ? (row.online_since ?? row.last_seen_at).toISOString()
        : new Date(row.last_seen_at.getTime() + GATEWAY_ONLINE_MINUTES * 60_000).toISOString(),
    version: Number(row.version),
  };
}

export async function listGateways(
  sql: Sql,
  query: PageQuery & {
    name?: string | undefined;
    kind?: GatewayKind | undefined;
    status?: string | undefined;
    online?: boolean | undefined;
  },
  now = new Date(),
): Promise<{ total: number; rows: GatewayView[] }> {
  const where = `WHERE ($1::text IS NULL OR g.name ILIKE $1) AND ($2::text IS NULL OR g.kind = $2)
    AND ($3::text IS NULL OR g.status = $3)
    AND ($4::boolean IS NULL OR (g.status = 'active' AND g.last_seen_at IS NOT NULL
      AND g.last_seen_at >= $5::timestamptz - $6::interval) = $4)`;
  const params = [
    containsPattern(query.name),
    query.kind ?? null,
    query.status ?? null,
    query.online ?? null,
    now.toISOString(),
    `${GATEWAY_ONLINE_MINUTES} minutes`,
  ];
  const total = await sql.query<{ count: number }>(
    `SELECT count(*)::int AS count FROM gateways g ${where}`,
    params,
  );
  const { rows } = await sql.query<GatewayRow>(
    `${GATEWAY_SELECT} ${where} ORDER BY g.created_at DESC, g.gateway_id LIMIT $7 OFFSET $8`,
    [...params, query.pageSize, (query.pageNum - 1) * query.pageSize],
  );
  return { total: total.rows[0]?.count ?? 0, rows: rows.map((r) => gatewayView(r, now)) };
}

export async function getGateway(sql: Sql, gatewayId: string, now = new Date()): Promise<GatewayView | null> {
  const { rows } = await sql.query<GatewayRow>(`${GATEWAY_SELECT} WHERE g.gateway_id = $1`, [gatewayId]);
  return rows[0] ? gatewayView(rows[0], now) : null;
}
