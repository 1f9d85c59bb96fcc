import type { RecordedEvent } from '@hydrolog/eventstore';
import type { EventData } from '@hydrolog/schemas';
import type { Projection } from '../projection.ts';

const version = (event: RecordedEvent) => event.streamVersion.toString();

/** Staff users and roles (inline: the unique indexes refuse a taken user name, email or phone in the append). */
export const usersProjection: Projection = {
  name: 'users',
  version: 4,
  mode: 'inline',
  tables: ['users', 'roles', 'depts'],
  reads: ['tenants', 'sys_menu'],
  tenantTables: ['users', 'roles', 'depts'],
  migrations: [
    `CREATE TABLE users (
      user_id uuid PRIMARY KEY,
      tenant_id uuid NOT NULL,
      user_name text NOT NULL,
      nick_name text NOT NULL,
      email text,
      phonenumber text,
      sex text,
      avatar text,
      password_hash text NOT NULL,
      initial_password boolean NOT NULL,
      password_changed_at timestamptz NOT NULL,
      role_ids uuid[] NOT NULL,
      dept_id uuid,
      status text NOT NULL DEFAULT '0',
      language text,
      created_at timestamptz NOT NULL,
      version bigint NOT NULL
    )`,
    'CREATE UNIQUE INDEX users_user_name ON users (lower(user_name))',
    'CREATE UNIQUE INDEX users_email ON users (lower(email)) WHERE email IS NOT NULL',
    'CREATE UNIQUE INDEX users_phone ON users (phonenumber) WHERE phonenumber IS NOT NULL',
    'CREATE INDEX users_tenant ON users (tenant_id)',
    `CREATE TABLE roles (
      role_id uuid PRIMARY KEY,
      tenant_id uuid NOT NULL,
      role_name text NOT NULL,
      role_key text NOT NULL,
      role_type text NOT NULL,
      menu_ids text[] NOT NULL,
      all_permissions boolean NOT NULL,
      status text NOT NULL DEFAULT '0',
      order_num int NOT NULL DEFAULT 0,
      remark text,
      data_scope text NOT NULL DEFAULT '1',
      dept_ids uuid[] NOT NULL DEFAULT '{}',
      version bigint NOT NULL,
      UNIQUE (tenant_id, role_key)
    )`,
    `CREATE TABLE depts (
      dept_id uuid PRIMARY KEY,
      tenant_id uuid NOT NULL,
      parent_id uuid,
      dept_name text NOT NULL,
      order_num int NOT NULL,
      leader text,
      phone text,
      email text,
      status text NOT NULL,
      created_at timestamptz NOT NULL,
      UNIQUE (tenant_id, parent_id, dept_name)
    )`,
  ],
  handlers: {
    async UserCreated(sql, event) {
      const d = event.data as EventData<'UserCreated'>;
      await sql.query(
        `INSERT INTO users (user_id, tenant_id, user_name, nick_name, email, phonenumber, password_hash,
           initial_password, password_changed_at, role_ids, dept_id, created_at, version)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $9, $12)`,
        [
          d.userId,
          d.tenantId,
          d.userName,
          d.nickName,
          d.email,
          d.phonenumber,
          d.passwordHash,
          d.initialPassword,
          d.createdAt,
          d.roleIds,
          d.deptId,
          version(event),
        ],
      );
    },
    async UserPasswordChanged(sql, event) {
      const d = event.data as EventData<'UserPasswordChanged'>;
      await sql.query(
        `UPDATE users SET password_hash = $2, initial_password = $3, password_changed_at = $4, version = $5
         WHERE user_id = $1`,
        [d.userId, d.passwordHash, d.initialPassword, d.changedAt, version(event)],
      );
    },
    async UserLanguageChanged(sql, event) {
      const d = event.data as EventData<'UserLanguageChanged'>;
      await sql.query('UPDATE users SET language = $2, version = $3 WHERE user_id = $1', [
        d.userId,
        d.language,
        version(event),
      ]);
    },
    async UserProfileChanged(sql, event) {
      const d = event.data as EventData<'UserProfileChanged'>;
      await sql.query(
        `UPDATE users SET nick_name = $2, email = $3, phonenumber = $4, sex = $5, version = $6
         WHERE user_id = $1`,
        [d.userId, d.nickName, d.email, d.phonenumber, d.sex, version(event)],
      );
    },
    async UserAvatarChanged(sql, event) {
      const d = event.data as EventData<'UserAvatarChanged'>;
      await sql.query('UPDATE users SET avatar = $2, version = $3 WHERE user_id = $1', [
        d.userId,
        d.avatar,
        version(event),
      ]);
    },
    async UserStatusChanged(sql, event) {
      const d = event.data as EventData<'UserStatusChanged'>;
      await sql.query('UPDATE users SET status = $2, version = $3 WHERE user_id = $1', [
        d.userId,
        d.status,
        version(event),
      ]);
    },
    async UserRolesChanged(sql, event) {
      const d = event.data as EventData<'UserRolesChanged'>;
      await sql.query('UPDATE users SET role_ids = $2, version = $3 WHERE user_id = $1', [
        d.userId,
        d.roleIds,
        version(event),
      ]);
    },
    async UserDeptChanged(sql, event) {
      const d = event.data as EventData<'UserDeptChanged'>;
      await sql.query('UPDATE users SET dept_id = $2, version = $3 WHERE user_id = $1', [
        d.userId,
        d.deptId,
        version(event),
      ]);
    },
    async RoleChanged(sql, event) {
      const d = event.data as EventData<'RoleChanged'>;
      await sql.query(
        `UPDATE roles SET role_name = $2, role_key = $3, role_type = $4, order_num = $5, status = $6, menu_ids = $7,
           remark = $8, version = $9 WHERE role_id = $1`,
        [
          d.roleId,
          d.roleName,
          d.roleKey,
          d.roleType,
          d.orderNum,
          d.status,
          d.menuIds,
          d.remark,
          version(event),
        ],
      );
    },
    async RoleDataScopeChanged(sql, event) {
      const d = event.data as EventData<'RoleDataScopeChanged'>;
      await sql.query('UPDATE roles SET data_scope = $2, dept_ids = $3, version = $4 WHERE role_id = $1', [
        d.roleId,
        d.dataScope,
        d.deptIds,
        version(event),
      ]);
    },
    async RoleDeleted(sql, event) {
      const d = event.data as EventData<'RoleDeleted'>;
      await sql.query('DELETE FROM roles WHERE role_id = $1', [d.roleId]);
    },
    async DeptCreated(sql, event) {
      const d = event.data as EventData<'DeptCreated'>;
      await sql.query(
        `INSERT INTO depts (dept_id, tenant_id, parent_id, dept_name, order_num, leader, phone, email, status, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
        [
          d.deptId,
          d.tenantId,
          d.parentId,
          d.deptName,
          d.orderNum,
          d.leader,
          d.phone,
          d.email,
          d.status,
          event.recordedAt,
        ],
      );
    },
    async DeptChanged(sql, event) {
      const d = event.data as EventData<'DeptChanged'>;
      await sql.query(
        `UPDATE depts SET parent_id = $2, dept_name = $3, order_num = $4, leader = $5, phone = $6, email = $7,
           status = $8 WHERE dept_id = $1`,
        [d.deptId, d.parentId, d.deptName, d.orderNum, d.leader, d.phone, d.email, d.status],
      );
    },
    async DeptDeleted(sql, event) {
      const d = event.data as EventData<'DeptDeleted'>;
      await sql.query('DELETE FROM depts WHERE dept_id = $1', [d.deptId]);
    },
    async UserDeleted(sql, event) {
      const d = event.data as EventData<'UserDeleted'>;
      await sql.query('DELETE FROM users WHERE user_id = $1', [d.userId]);
    },
    async RoleCreated(sql, event) {
      const d = event.data as EventData<'RoleCreated'>;
      await sql.query(
        `INSERT INTO roles (role_id, tenant_id, role_name, role_key, role_type, menu_ids, all_permissions, version)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
        [
          d.roleId,
          d.tenantId,
          d.roleName,
          d.roleKey,
          d.roleType,
          d.menuIds,
          d.allPermissions,
          version(event),
        ],
      );
    },
  },
};

/** Login sessions and the login log (every attempt, good or bad). */
export const sessionsProjection: Projection = {
  name: 'sessions',
  version: 2,
  mode: 'inline',
  tables: ['sessions', 'login_log'],
  reads: [],
  tenantTables: ['sessions', 'login_log'],
  migrations: [
    `CREATE TABLE sessions (
      session_id uuid PRIMARY KEY,
      tenant_id uuid NOT NULL,
      user_id uuid NOT NULL,
      token_hash text NOT NULL UNIQUE,
      remember_me boolean NOT NULL,
      started_at timestamptz NOT NULL,
      expires_at timestamptz NOT NULL,
      ended_at timestamptz
    )`,
    'CREATE INDEX sessions_user ON sessions (user_id)',
    `CREATE TABLE login_log (
      info_id uuid PRIMARY KEY,
      tenant_id uuid NOT NULL,
      user_id uuid,
      user_name text NOT NULL,
      status text NOT NULL,
      msg text NOT NULL,
      counts boolean NOT NULL,
      ipaddr text NOT NULL,
      browser text NOT NULL,
      os text NOT NULL,
      login_time timestamptz NOT NULL
    )`,
    'CREATE INDEX login_log_user ON login_log (user_id, login_time)',
    'CREATE INDEX login_log_time ON login_log (tenant_id, login_time)',
  ],
  handlers: {
    async LoginSucceeded(sql, event) {
      const d = event.data as EventData<'LoginSucceeded'>;
      const tenantId = event.metadata.tenantId;
      await sql.query(
        `INSERT INTO sessions (session_id, tenant_id, user_id, token_hash, remember_me, started_at, expires_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7)`,
        [d.sessionId, tenantId, d.userId, d.tokenHash, d.rememberMe, d.at, d.expiresAt],
      );
      await sql.query(
        `INSERT INTO login_log (info_id, tenant_id, user_id, user_name, status, msg, counts, ipaddr, browser, os,
           login_time) VALUES ($1, $2, $3, $4, '0', 'login.success', false, $5, $6, $7, $8)`,
        [event.id, tenantId, d.userId, d.userName, d.ip, d.browser, d.os, d.at],
      );
    },
    async LoginFailed(sql, event) {
      const d = event.data as EventData<'LoginFailed'>;
      await sql.query(
        `INSERT INTO login_log (info_id, tenant_id, user_id, user_name, status, msg, counts, ipaddr, browser, os,
           login_time) VALUES ($1, $2, $3, $4, '1', $5, $6, $7, $8, $9, $10)`,
        [
          event.id,
          event.metadata.tenantId,
          d.userId,
          d.userName,
          d.reason,
          d.counts,
          d.ip,
          d.browser,
          d.os,
          d.at,
        ],
      );
    },
    async LoginUnlocked(sql, event) {
      const d = event.data as EventData<'LoginUnlocked'>;
      // A success-like row: the lock counts wrong passwords only after the last one of these.
      await sql.query(
        `INSERT INTO login_log (info_id, tenant_id, user_id, user_name, status, msg, counts, ipaddr, browser, os,
           login_time) VALUES ($1, $2, $3, $4, '0', 'login.unlocked', false, '', '', '', $5)`,
        [event.id, event.metadata.tenantId, d.userId, d.userName, d.at],
      );
    },
    async LoginLogRemoved(sql, event) {
      const d = event.data as EventData<'LoginLogRemoved'>;
      await sql.query('DELETE FROM login_log WHERE tenant_id = $1 AND info_id = ANY($2::uuid[])', [
        event.metadata.tenantId,
        d.infoIds,
      ]);
    },
    async LoginLogCleaned(sql, event) {
      const d = event.data as EventData<'LoginLogCleaned'>;
      await sql.query('DELETE FROM login_log WHERE tenant_id = $1 AND login_time <= $2', [
        event.metadata.tenantId,
        d.at,
      ]);
    },
    async SessionRefreshed(sql, event) {
      const d = event.data as EventData<'SessionRefreshed'>;
      await sql.query('UPDATE sessions SET expires_at = $2 WHERE session_id = $1', [
        d.sessionId,
        d.expiresAt,
      ]);
    },
    async SessionEnded(sql, event) {
      const d = event.data as EventData<'SessionEnded'>;
      await sql.query('UPDATE sessions SET ended_at = $2 WHERE session_id = $1', [d.sessionId, d.at]);
    },
  },
};

/** Messages sent to people (recovery codes; SMS and email): the outbox operators read, the default provider. */
export const outboxProjection: Projection = {
  name: 'outbox',
  version: 1,
  mode: 'inline',
  tables: ['message_outbox'],
  reads: [],
  tenantTables: ['message_outbox'],
  migrations: [
    `CREATE TABLE message_outbox (
      message_id uuid PRIMARY KEY,
      tenant_id uuid NOT NULL,
      channel text NOT NULL,
      recipient text NOT NULL,
      text text NOT NULL,
      queued_at timestamptz NOT NULL
    )`,
  ],
  handlers: {
    async MessageQueued(sql, event) {
      const d = event.data as EventData<'MessageQueued'>;
      await sql.query(
        `INSERT INTO message_outbox (message_id, tenant_id, channel, recipient, text, queued_at)
         VALUES ($1, $2, $3, $4, $5, $6)`,
        [d.messageId, event.metadata.tenantId, d.channel, d.to, d.text, d.at],
      );
    },
  },
};
