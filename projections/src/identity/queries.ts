import type { DataScope } from '@hydrolog/domain';
import type { Sql } from '@hydrolog/eventstore';
import type {
  DataScopeKind,
  DeptView,
  Language,
  PageQuery,
  RoleOption,
  RoleView,
  UserRow as StaffUserRow,
} from '@hydrolog/schemas';
import { containsPattern, inDataScope, page } from '../sql.ts';

export interface UserRow {
  user_id: string;
  tenant_id: string;
  user_name: string;
  nick_name: string;
  email: string | null;
  phonenumber: string | null;
  sex: string | null;
  avatar: string | null;
  password_hash: string;
  initial_password: boolean;
  role_ids: string[];
  dept_id: string | null;
  status: '0' | '1';
  language: Language | null;
  created_at: Date;
  tenant_status: 'active' | 'suspended';
}

const USER_COLUMNS = `user_id::text, tenant_id::text, user_name, nick_name, email, phonenumber, sex, avatar,
  password_hash, initial_password, role_ids::text[], dept_id::text, status, language, created_at,
  (SELECT t.status FROM tenants t WHERE t.tenant_id = users.tenant_id) AS tenant_status`;

/** The account a login or recovery names: its user name, email or phone (all unique). */
export async function findUserByAccount(sql: Sql, account: string): Promise<UserRow | null> {
  const { rows } = await sql.query<UserRow>(
    `SELECT ${USER_COLUMNS} FROM users
     WHERE lower(user_name) = lower($1) OR lower(email) = lower($1) OR phonenumber = $1
     LIMIT 1`,
    [account.trim()],
  );
  return rows[0] ?? null;
}

export async function getUser(sql: Sql, userId: string): Promise<UserRow | null> {
  const { rows } = await sql.query<UserRow>(`SELECT ${USER_COLUMNS} FROM users WHERE user_id = $1`, [userId]);
  return rows[0] ?? null;
}

/** The newest wrong-password attempts since the last successful login, newest first. */
export async function recentFailures(sql: Sql, userId: string, limit: number): Promise<Date[]> {
  const { rows } = await sql.query<{ login_time: Date }>(
    `SELECT login_time FROM login_log
     WHERE user_id = $1 AND counts
       AND login_time > coalesce(
         (SELECT max(login_time) FROM login_log WHERE user_id = $1 AND status = '0'), '-infinity')
     ORDER BY login_time DESC LIMIT $2`,
    [userId, limit],
  );
  return rows.map((r) => r.login_time);
}

export interface SessionRow {
  session_id: string;
  tenant_id: string;
  user_id: string;
  remember_me: boolean;
  started_at: Date;
  expires_at: Date;
  ended_at: Date | null;
  password_changed_at: Date;
  user_status: '0' | '1';
  initial_password: boolean;
  /** The user's enabled roles (a disabled role grants nothing). */
  roles: RoleRow[];
  tenant_kind: 'platform' | 'utility';
  tenant_status: 'active' | 'suspended';
  /** Trial tenants: when the trial began (null for others). */
  trial_started_at: Date | null;
  user_name: string;
  dept_id: string | null;
  dept_name: string | null;
}

/**
 * The session a token hash names, with what decides whether it may still act and the user's enabled
 * roles: one query per request.
 */
export async function findSession(sql: Sql, tokenHash: string): Promise<SessionRow | null> {
  const { rows } = await sql.query<SessionRow>(
    `SELECT s.session_id::text, s.tenant_id::text, s.user_id::text, s.remember_me, s.started_at, s.expires_at, s.ended_at,
       u.password_changed_at, u.status AS user_status, u.initial_password,
       coalesce((SELECT json_agg(json_build_object('role_id', r.role_id, 'role_name', r.role_name,
           'role_key', r.role_key, 'role_type', r.role_type, 'menu_ids', r.menu_ids,
           'all_permissions', r.all_permissions, 'status', r.status, 'data_scope', r.data_scope,
           'dept_ids', r.dept_ids) ORDER BY r.role_key)
         FROM roles r WHERE r.role_id = ANY(u.role_ids) AND r.status = '0'), '[]') AS roles,
       t.kind AS tenant_kind, t.status AS tenant_status,
       CASE WHEN t.trial THEN t.created_at END AS trial_started_at, u.user_name, u.dept_id::text,
       (SELECT d.dept_name FROM depts d WHERE d.dept_id = u.dept_id) AS dept_name
     FROM sessions s
     JOIN users u ON u.user_id = s.user_id
     JOIN tenants t ON t.tenant_id = s.tenant_id
     WHERE s.token_hash = $1`,
    [tokenHash],
  );
  return rows[0] ?? null;
}

export interface RoleRow {
  role_id: string;
  role_name: string;
  role_key: string;
  role_type: 'general' | 'agent';
  menu_ids: string[];
  all_permissions: boolean;
  status: '0' | '1';
  data_scope: DataScopeKind;
  dept_ids: string[];
}

export async function getRoles(sql: Sql, roleIds: readonly string[]): Promise<RoleRow[]> {
  if (roleIds.length === 0) return [];
  const { rows } = await sql.query<RoleRow>(
    `SELECT role_id::text, role_name, role_key, role_type, menu_ids, all_permissions, status, data_scope,
       dept_ids::text[] FROM roles
     WHERE role_id = ANY($1::uuid[]) ORDER BY role_key`,
    [roleIds],
  );
  return rows;
}

// ---- Staff user administration -------------------------------------------------------------------------

const USER_ROW_SELECT = `SELECT u.user_id::text, u.user_name, u.nick_name, u.email, u.phonenumber, u.status,
    u.role_ids::text[] AS role_ids, u.initial_password, u.created_at, u.dept_id::text,
    (SELECT d.dept_name FROM depts d WHERE d.dept_id = u.dept_id) AS dept_name,
    coalesce((SELECT array_agg(r.role_name ORDER BY r.role_name) FROM roles r WHERE r.role_id = ANY(u.role_ids)),
      '{}') AS role_names
  FROM users u`;

interface UserListRow {
  user_id: string;
  user_name: string;
  nick_name: string;
  email: string | null;
  phonenumber: string | null;
  status: '0' | '1';
  role_ids: string[];
  initial_password: boolean;
  created_at: Date;
  role_names: string[];
  dept_id: string | null;
  dept_name: string | null;
}

const userListView = (r: UserListRow): StaffUserRow => ({
  userId: r.user_id,
  userName: r.user_name,
  nickName: r.nick_name,
  email: r.email,
  phonenumber: r.phonenumber,
  status: r.status,
  roleIds: r.role_ids,
  roleNames: r.role_names,
  initPassword: r.initial_password,
  deptId: r.dept_id,
  deptName: r.dept_name,
  createTime: r.created_at.toISOString(),
});

/** A department and every department below it (`$1`: the department). */
const DEPT_AND_BELOW = `WITH RECURSIVE below AS (
    SELECT dept_id FROM depts WHERE dept_id = $1
    UNION ALL SELECT d.dept_id FROM depts d JOIN below b ON d.parent_id = b.dept_id
  ) SELECT dept_id FROM below`;

/** The users a tenant-scoped transaction sees (row-level security keeps them to the caller's tenant). */
export async function listUsers(
  sql: Sql,
  filter: {
    pageNum: number;
    pageSize: number;
    userName?: string | undefined;
    phonenumber?: string | undefined;
    status?: string | undefined;
    deptId?: string | undefined;
  },
  scope: DataScope,
): Promise<{ total: number; rows: StaffUserRow[] }> {
  const params: unknown[] = [
    filter.deptId ?? null,
    containsPattern(filter.userName),
    containsPattern(filter.phonenumber),
    filter.status ?? null,
  ];
  // A user's own record is the user.
  const where = `WHERE ($1::uuid IS NULL OR u.dept_id IN (${DEPT_AND_BELOW}))
    AND ($2::text IS NULL OR u.user_name ILIKE $2) AND ($3::text IS NULL OR u.phonenumber LIKE $3)
    AND ($4::text IS NULL OR u.status = $4)
    AND ${inDataScope(scope, { dept: 'u.dept_id', owner: 'u.user_id' }, params)}`;
  const total = await sql.query<{ count: number }>(
    `SELECT count(*)::int AS count FROM users u ${where}`,
    params,
  );
  const { rows } = await sql.query<UserListRow>(
    `${USER_ROW_SELECT} ${where} ORDER BY u.created_at, u.user_name ${page(params)}`,
    [...params, filter.pageSize, (filter.pageNum - 1) * filter.pageSize],
  );
  return { total: total.rows[0]?.count ?? 0, rows: rows.map(userListView) };
}

/** The tenant's built-in administrator: its first user, created with the tenant (call it tenant-scoped). */
export async function builtInAdministratorId(sql: Sql): Promise<string | null> {
  const { rows } = await sql.query<{ user_id: string }>(
    'SELECT user_id::text FROM users ORDER BY created_at, user_id LIMIT 1',
  );
  return rows[0]?.user_id ?? null;
}

export async function getStaffUser(sql: Sql, userId: string): Promise<StaffUserRow | null> {
  const { rows } = await sql.query<UserListRow>(`${USER_ROW_SELECT} WHERE u.user_id = $1`, [userId]);
  return rows[0] ? userListView(rows[0]) : null;
}

export async function roleOptions(sql: Sql): Promise<RoleOption[]> {
  const { rows } = await sql.query<{
    role_id: string;
    role_name: string;
    role_key: string;
    role_type: RoleOption['roleType'];
  }>('SELECT role_id::text, role_name, role_key, role_type FROM roles ORDER BY role_name');
  return rows.map((r) => ({
    roleId: r.role_id,
    roleName: r.role_name,
    roleKey: r.role_key,
    roleType: r.role_type,
  }));
}

// ---- Roles and departments -------------------------------------------------------------------------------

interface RoleAdminRow extends RoleRow {
  order_num: number;
  remark: string | null;
  user_count: number;
}

const ROLE_SELECT = `SELECT r.role_id::text, r.role_name, r.role_key, r.role_type, r.menu_ids, r.all_permissions,
    r.status, r.order_num, r.remark, r.data_scope, r.dept_ids::text[],
    (SELECT count(*)::int FROM users u WHERE r.role_id = ANY(u.role_ids)) AS user_count
  FROM roles r`;

const roleView = (r: RoleAdminRow): RoleView => ({
  roleId: r.role_id,
  roleName: r.role_name,
  roleKey: r.role_key,
  roleType: r.role_type,
  orderNum: r.order_num,
  status: r.status,
  menuIds: r.menu_ids,
  admin: r.all_permissions,
  dataScope: r.data_scope,
  deptIds: r.dept_ids,
  userCount: r.user_count,
  remark: r.remark,
});

export async function listRoles(
  sql: Sql,
  query: PageQuery & {
    roleName?: string | undefined;
    roleKey?: string | undefined;
    status?: string | undefined;
  },
): Promise<{ total: number; rows: RoleView[] }> {
  const where = `WHERE ($1::text IS NULL OR r.role_name ILIKE $1) AND ($2::text IS NULL OR r.role_key ILIKE $2)
    AND ($3::text IS NULL OR r.status = $3)`;
  const params = [containsPattern(query.roleName), containsPattern(query.roleKey), query.status ?? null];
  const total = await sql.query<{ count: number }>(
    `SELECT count(*)::int AS count FROM roles r ${where}`,
    params,
  );
  const { rows } = await sql.query<RoleAdminRow>(
    `${ROLE_SELECT} ${where} ORDER BY r.order_num, r.role_name LIMIT $4 OFFSET $5`,
    [...params, query.pageSize, (query.pageNum - 1) * query.pageSize],
  );
  return { total: total.rows[0]?.count ?? 0, rows: rows.map(roleView) };
}

export async function getRole(sql: Sql, roleId: string): Promise<RoleView | null> {
  const { rows } = await sql.query<RoleAdminRow>(`${ROLE_SELECT} WHERE r.role_id = $1`, [roleId]);
  return rows[0] ? roleView(rows[0]) : null;
}

interface DeptRow {
  dept_id: string;
  parent_id: string | null;
  dept_name: string;
  order_num: number;
  leader: string | null;
  phone: string | null;
  email: string | null;
  status: '0' | '1';
  created_at: Date;
  user_count: number;
  child_count: number;
}

const DEPT_SELECT = `SELECT d.dept_id::text, d.parent_id::text, d.dept_name, d.order_num, d.leader, d.phone, d.email,
    d.status, d.created_at,
    (SELECT count(*)::int FROM users u WHERE u.dept_id = d.dept_id) AS user_count,
    (SELECT count(*)::int FROM depts c WHERE c.parent_id = d.dept_id) AS child_count
  FROM depts d`;

const deptView = (r: DeptRow): DeptView & { childCount: number } => ({
  deptId: r.dept_id,
  parentId: r.parent_id,
  deptName: r.dept_name,
  orderNum: r.order_num,
  leader: r.leader,
  phone: r.phone,
  email: r.email,
  status: r.status,
  userCount: r.user_count,
  childCount: r.child_count,
  createTime: r.created_at.toISOString(),
});

/** Every department of the tenant, parents before children's order within a parent (the browser builds the tree). */
export async function listDepts(
  sql: Sql,
  filter: { deptName?: string | undefined; status?: string | undefined } = {},
): Promise<(DeptView & { childCount: number })[]> {
  const { rows } = await sql.query<DeptRow>(
    `${DEPT_SELECT} WHERE ($1::text IS NULL OR d.dept_name ILIKE $1) AND ($2::text IS NULL OR d.status = $2)
     ORDER BY d.order_num, d.dept_name`,
    [containsPattern(filter.deptName), filter.status ?? null],
  );
  return rows.map(deptView);
}

export async function getDept(sql: Sql, deptId: string): Promise<(DeptView & { childCount: number }) | null> {
  const { rows } = await sql.query<DeptRow>(`${DEPT_SELECT} WHERE d.dept_id = $1`, [deptId]);
  return rows[0] ? deptView(rows[0]) : null;
}

/** Whether `candidate` is `deptId` or below it (a parent there would make a loop). */
export async function isDeptOrBelow(sql: Sql, deptId: string, candidate: string): Promise<boolean> {
  const { rows } = await sql.query<{ found: boolean }>(`SELECT $2::uuid IN (${DEPT_AND_BELOW}) AS found`, [
    deptId,
    candidate,
  ]);
  return rows[0]?.found ?? false;
}
