import { tenantUserType, trialDaysLeft } from '@hydrolog/domain';
import type { Sql } from '@hydrolog/eventstore';
import type {
  AgentMovementView,
  AgentView,
  CarrierView,
  PageQuery,
  RegionView,
  TenantSettings,
  TenantView,
  ThirdPartyView,
} from '@hydrolog/schemas';
import { containsPattern } from '../sql.ts';

const page = (query: PageQuery) => [query.pageSize, (query.pageNum - 1) * query.pageSize];

async function paged<Row, View>(
  sql: Sql,
  from: string,
  params: unknown[],
  select: string,
  order: string,
  query: PageQuery,
  view: (row: Row) => View,
): Promise<{ total: number; rows: View[] }> {
  const total = await sql.query<{ count: number }>(`SELECT count(*)::int AS count ${from}`, params);
  const n = params.length;
  const { rows } = await sql.query<Row>(
    `SELECT ${select} ${from} ORDER BY ${order} LIMIT $${n + 1} OFFSET $${n + 2}`,
    [...params, ...page(query)],
  );
  return { total: total.rows[0]?.count ?? 0, rows: rows.map(view) };
}

// ---- Tenants ----------------------------------------------------------------------------------------------

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

/** The time zone in which a tenant's days begin and end (UTC for a tenant not found). */
export async function tenantTimeZone(sql: Sql, tenantId: string): Promise<string> {
  return (await getTenant(sql, tenantId))?.settings.timeZone ?? 'UTC';
}

// ---- Carriers ---------------------------------------------------------------------------------------------

interface CarrierRow {
  carrier_id: string;
  carrier_name: string;
  country: string;
  area_code: string;
  sms_length: number;
  remark: string | null;
  created_at: Date;
}
const carrierView = (r: CarrierRow): CarrierView => ({
  carrierId: r.carrier_id,
  carrierName: r.carrier_name,
  country: r.country,
  areaCode: r.area_code,
  smsLength: r.sms_length,
  remark: r.remark,
  createTime: r.created_at.toISOString(),
});

export function listCarriers(
  sql: Sql,
  query: PageQuery & { carrierName?: string | undefined; country?: string | undefined },
) {
  return paged(
    sql,
    'FROM carriers WHERE ($1::text IS NULL OR carrier_name ILIKE $1) AND ($2::text IS NULL OR country = $2)',
    [containsPattern(query.carrierName), query.country ?? null],
    'carrier_id::text, carrier_name, country, area_code, sms_length, remark, created_at',
    'country, carrier_name, carrier_id',
    query,
    carrierView,
  );
}

export async function getCarrier(sql: Sql, carrierId: string): Promise<CarrierView | null> {
  const { rows } = await sql.query<CarrierRow>('SELECT * FROM carriers WHERE carrier_id = $1', [carrierId]);
  return rows[0] ? carrierView(rows[0]) : null;
}

// ---- Regions ----------------------------------------------------------------------------------------------

interface RegionRow {
  region_id: string;
  parent_id: string | null;
  region_name: string;
  order_num: number;
  child_count: number;
  created_at: Date;
}
const regionView = (r: RegionRow): RegionView => ({
  regionId: r.region_id,
  parentId: r.parent_id,
  regionName: r.region_name,
  orderNum: r.order_num,
  childCount: r.child_count,
  createTime: r.created_at.toISOString(),
});
/** The reads of a region tree kept in `table` (the platform's regions, a tenant's device regions). */
export function regionTreeQueries(table: 'regions' | 'device_regions') {
  const select = `SELECT r.region_id::text, r.parent_id::text, r.region_name, r.order_num, r.created_at,
    (SELECT count(*)::int FROM ${table} c WHERE c.parent_id = r.region_id) AS child_count FROM ${table} r`;
  return {
    /** Every region (a flat list; parentId makes the tree). */
    async list(sql: Sql, query: { regionName?: string | undefined }): Promise<RegionView[]> {
      const { rows } = await sql.query<RegionRow>(
        `${select} WHERE ($1::text IS NULL OR r.region_name ILIKE $1) ORDER BY r.order_num, r.region_name`,
        [containsPattern(query.regionName)],
      );
      return rows.map(regionView);
    },
    async get(sql: Sql, regionId: string): Promise<RegionView | null> {
      const { rows } = await sql.query<RegionRow>(`${select} WHERE r.region_id = $1`, [regionId]);
      return rows[0] ? regionView(rows[0]) : null;
    },
    /** Whether `candidate` is `regionId` or a region below it. */
    async isOrBelow(sql: Sql, regionId: string, candidate: string): Promise<boolean> {
      const { rows } = await sql.query<{ found: boolean }>(
        `WITH RECURSIVE below AS (
           SELECT region_id FROM ${table} WHERE region_id = $1
           UNION SELECT r.region_id FROM ${table} r JOIN below b ON r.parent_id = b.region_id)
         SELECT EXISTS (SELECT 1 FROM below WHERE region_id = $2) AS found`,
        [regionId, candidate],
      );
      return rows[0]?.found ?? false;
    },
  };
}

const platformRegions = regionTreeQueries('regions');
export const listRegions = platformRegions.list;
export const getRegion = platformRegions.get;
export const isRegionOrBelow = platformRegions.isOrBelow;

// ---- Third-party platforms --------------------------------------------------------------------------------

interface ThirdPartyRow {
  third_party_id: string;
  code: string;
  name: string;
  recharge_count: number;
  recharge_total: string;
  created_at: Date;
}
const thirdPartyView = (r: ThirdPartyRow): ThirdPartyView => ({
  thirdPartyId: r.third_party_id,
  code: r.code,
  name: r.name,
  rechargeCount: r.recharge_count,
  rechargeTotal: Number(r.recharge_total),
  createTime: r.created_at.toISOString(),
});
// Recharge records are movements of agents' accounts, all of the platform tenant.
const THIRD_PARTY_SELECT = `t.third_party_id::text, t.code, t.name, t.created_at,
  (SELECT count(*)::int FROM agent_movements m WHERE m.third_party_id = t.third_party_id) AS recharge_count,
  (SELECT coalesce(sum(m.amount), 0)::text FROM agent_movements m WHERE m.third_party_id = t.third_party_id)
    AS recharge_total`;

export function listThirdParties(
  sql: Sql,
  query: PageQuery & { code?: string | undefined; name?: string | undefined },
) {
  return paged(
    sql,
    'FROM third_parties t WHERE ($1::text IS NULL OR t.code ILIKE $1) AND ($2::text IS NULL OR t.name ILIKE $2)',
    [containsPattern(query.code), containsPattern(query.name)],
    THIRD_PARTY_SELECT,
    't.code, t.third_party_id',
    query,
    thirdPartyView,
  );
}

export async function getThirdParty(sql: Sql, thirdPartyId: string): Promise<ThirdPartyView | null> {
  const { rows } = await sql.query<ThirdPartyRow>(
    `SELECT ${THIRD_PARTY_SELECT} FROM third_parties t WHERE t.third_party_id = $1`,
    [thirdPartyId],
  );
  return rows[0] ? thirdPartyView(rows[0]) : null;
}

// ---- Agents -----------------------------------------------------------------------------------------------

interface AgentRow {
  user_id: string;
  user_name: string;
  nick_name: string;
  phonenumber: string | null;
  role_names: string[];
  purchase_method: AgentView['purchaseMethod'];
  balance: string;
  recharge_total: string;
  recharge_count: number;
}
const agentView = (r: AgentRow): AgentView => ({
  userId: r.user_id,
  userName: r.user_name,
  nickName: r.nick_name,
  phonenumber: r.phonenumber,
  roleNames: r.role_names,
  purchaseMethod: r.purchase_method,
  balance: Number(r.balance),
  rechargeTotal: Number(r.recharge_total),
  rechargeCount: r.recharge_count,
});
/** Agents: users of the tenant holding a role of type agent (read inside withTenant). */
const AGENT_FROM = `FROM users u
  JOIN LATERAL (SELECT array_agg(r.role_name ORDER BY r.role_name) AS role_names FROM roles r
    WHERE r.role_id = ANY(u.role_ids) AND r.role_type = 'agent') ar ON ar.role_names IS NOT NULL
  LEFT JOIN agent_accounts a ON a.user_id = u.user_id`;
const AGENT_SELECT = `u.user_id::text, u.user_name, u.nick_name, u.phonenumber, ar.role_names, a.purchase_method,
  coalesce(a.balance, 0)::text AS balance, coalesce(a.recharge_total, 0)::text AS recharge_total,
  coalesce(a.recharge_count, 0) AS recharge_count`;

export function listAgents(
  sql: Sql,
  query: PageQuery & { userName?: string | undefined; purchaseMethod?: string | undefined },
) {
  return paged(
    sql,
    `${AGENT_FROM} WHERE ($1::text IS NULL OR u.user_name ILIKE $1 OR u.nick_name ILIKE $1)
      AND ($2::text IS NULL OR a.purchase_method = $2)`,
    [containsPattern(query.userName), query.purchaseMethod ?? null],
    AGENT_SELECT,
    'u.user_name',
    query,
    agentView,
  );
}

export async function getAgent(sql: Sql, userId: string): Promise<AgentView | null> {
  const { rows } = await sql.query<AgentRow>(`SELECT ${AGENT_SELECT} ${AGENT_FROM} WHERE u.user_id = $1`, [
    userId,
  ]);
  return rows[0] ? agentView(rows[0]) : null;
}

interface MovementRow {
  movement_id: string;
  user_id: string;
  user_name: string;
  kind: AgentMovementView['kind'];
  amount: string;
  balance_after: string;
  third_party_id: string | null;
  remark: string | null;
  operator: string;
  at: Date;
}
const movementView = (r: MovementRow): AgentMovementView => ({
  movementId: r.movement_id,
  userId: r.user_id,
  userName: r.user_name,
  kind: r.kind,
  amount: Number(r.amount),
  balanceAfter: Number(r.balance_after),
  thirdPartyId: r.third_party_id,
  remark: r.remark,
  operator: r.operator,
  at: r.at.toISOString(),
});

/** Movements of agents' accounts, newest first: of one agent, or through one third-party platform. */
export function listAgentMovements(
  sql: Sql,
  query: PageQuery & { userId?: string | undefined; thirdPartyId?: string | undefined },
) {
  return paged(
    sql,
    `FROM agent_movements m JOIN users u ON u.user_id = m.user_id
      WHERE ($1::uuid IS NULL OR m.user_id = $1) AND ($2::uuid IS NULL OR m.third_party_id = $2)`,
    [query.userId ?? null, query.thirdPartyId ?? null],
    `m.movement_id::text, m.user_id::text, u.user_name, m.kind, m.amount::text, m.balance_after::text,
      m.third_party_id::text, m.remark, m.operator, m.at`,
    'm.at DESC, m.movement_id DESC',
    query,
    movementView,
  );
}
