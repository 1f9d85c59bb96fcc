import { type EventData, operLogModuleOf } from '@hydrolog/schemas';
import type { Projection } from '../projection.ts';

/**
 * Platform administration read models: the menu tree (platform-wide, read by every session for its routes
 * and permissions), dictionary types, and each tenant's notices with who has read them. The menu tree is
 * identity's (identity/menus.ts reads it); its table stays here, as moving it to another projection would
 * rebuild both.
 */
export const adminProjection: Projection = {
  name: 'admin',
  version: 1,
  mode: 'inline',
  tables: ['sys_menu', 'notices', 'notice_reads', 'sys_dict_type'],
  reads: [],
  tenantTables: ['notices', 'notice_reads'],
  migrations: [
    `CREATE TABLE sys_menu (
      menu_id text PRIMARY KEY,
      parent_id text,
      menu_type text NOT NULL,
      titles jsonb NOT NULL,
      path text NOT NULL,
      component text,
      perms text,
      icon text,
      order_num int NOT NULL,
      visible boolean NOT NULL,
      is_cache boolean NOT NULL,
      link text,
      platform_only boolean NOT NULL,
      built_in boolean NOT NULL,
      created_at timestamptz NOT NULL
    )`,
    `CREATE TABLE notices (
      notice_id uuid PRIMARY KEY,
      tenant_id uuid NOT NULL,
      notice_title text NOT NULL,
      notice_type text NOT NULL,
      notice_content text NOT NULL,
      status text NOT NULL,
      create_by text NOT NULL,
      created_at timestamptz NOT NULL,
      publish_time timestamptz
    )`,
    'CREATE INDEX notices_tenant ON notices (tenant_id, created_at)',
    `CREATE TABLE notice_reads (
      notice_id uuid NOT NULL,
      tenant_id uuid NOT NULL,
      user_id uuid NOT NULL,
      read_at timestamptz NOT NULL,
      PRIMARY KEY (notice_id, user_id)
    )`,
    `CREATE TABLE sys_dict_type (
      dict_id int PRIMARY KEY,
      dict_name text NOT NULL,
      dict_type text NOT NULL UNIQUE,
      status text NOT NULL,
      remark text,
      created_at timestamptz NOT NULL
    )`,
  ],
  handlers: {
    async DictTypeSaved(sql, event) {
      const d = event.data as EventData<'DictTypeSaved'>;
      await sql.query(
        `INSERT INTO sys_dict_type (dict_id, dict_name, dict_type, status, remark, created_at)
         VALUES ($1, $2, $3, $4, $5, $6)
         ON CONFLICT (dict_id) DO UPDATE SET dict_name = $2, dict_type = $3, status = $4, remark = $5`,
        [d.dictId, d.dictName, d.dictType, d.status, d.remark, event.recordedAt],
      );
    },
    async DictTypeDeleted(sql, event) {
      const d = event.data as EventData<'DictTypeDeleted'>;
      await sql.query('DELETE FROM sys_dict_type WHERE dict_id = $1', [d.dictId]);
    },
    async MenuCreated(sql, event) {
      const d = event.data as EventData<'MenuCreated'>;
      await sql.query(
        `INSERT INTO sys_menu (menu_id, parent_id, menu_type, titles, path, component, perms, icon, order_num,
           visible, is_cache, link, platform_only, built_in, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15)`,
        [
          d.menuId,
          d.parentId,
          d.menuType,
          JSON.stringify(d.titles),
          d.path,
          d.component,
          d.perms,
          d.icon,
          d.orderNum,
          d.visible,
          d.isCache,
          d.link,
          d.platformOnly,
          d.builtIn,
          event.recordedAt,
        ],
      );
    },
    async MenuChanged(sql, event) {
      const d = event.data as EventData<'MenuChanged'>;
      await sql.query(
        `UPDATE sys_menu SET parent_id = $2, menu_type = $3, titles = $4, path = $5, component = $6, perms = $7,
           icon = $8, order_num = $9, visible = $10, is_cache = $11, link = $12, platform_only = $13
         WHERE menu_id = $1`,
        [
          d.menuId,
          d.parentId,
          d.menuType,
          JSON.stringify(d.titles),
          d.path,
          d.component,
          d.perms,
          d.icon,
          d.orderNum,
          d.visible,
          d.isCache,
          d.link,
          d.platformOnly,
        ],
      );
    },
    async MenuDeleted(sql, event) {
      const d = event.data as EventData<'MenuDeleted'>;
      await sql.query('DELETE FROM sys_menu WHERE menu_id = $1', [d.menuId]);
    },
    async NoticeCreated(sql, event) {
      const d = event.data as EventData<'NoticeCreated'>;
      await sql.query(
        `INSERT INTO notices (notice_id, tenant_id, notice_title, notice_type, notice_content, status, create_by,
           created_at)
         VALUES ($1, $2, $3, $4, $5, 'draft', $6, $7)`,
        [d.noticeId, d.tenantId, d.noticeTitle, d.noticeType, d.noticeContent, d.createBy, d.createdAt],
      );
    },
    async NoticeChanged(sql, event) {
      const d = event.data as EventData<'NoticeChanged'>;
      await sql.query(
        'UPDATE notices SET notice_title = $2, notice_type = $3, notice_content = $4 WHERE notice_id = $1',
        [d.noticeId, d.noticeTitle, d.noticeType, d.noticeContent],
      );
    },
    async NoticePublished(sql, event) {
      const d = event.data as EventData<'NoticePublished'>;
      await sql.query(`UPDATE notices SET status = 'published', publish_time = $2 WHERE notice_id = $1`, [
        d.noticeId,
        d.at,
      ]);
    },
    async NoticeWithdrawn(sql, event) {
      const d = event.data as EventData<'NoticeWithdrawn'>;
      await sql.query(`UPDATE notices SET status = 'withdrawn' WHERE notice_id = $1`, [d.noticeId]);
    },
    async NoticeDeleted(sql, event) {
      const d = event.data as EventData<'NoticeDeleted'>;
      await sql.query('DELETE FROM notice_reads WHERE notice_id = $1', [d.noticeId]);
      await sql.query('DELETE FROM notices WHERE notice_id = $1', [d.noticeId]);
    },
    async NoticeRead(sql, event) {
      const d = event.data as EventData<'NoticeRead'>;
      await sql.query(
        `INSERT INTO notice_reads (notice_id, tenant_id, user_id, read_at) VALUES ($1, $2, $3, $4)
         ON CONFLICT DO NOTHING`,
        [d.noticeId, event.metadata.tenantId, d.userId, d.at],
      );
    },
  },
};

/** Platform-wide system parameters and dictionaries (readable by every signed-in user, edited by operators). */
export const settingsProjection: Projection = {
  name: 'settings',
  version: 1,
  mode: 'inline',
  tables: ['sys_config', 'sys_dict_data'],
  reads: [],
  migrations: [
    `CREATE TABLE sys_config (
      config_id uuid PRIMARY KEY,
      config_name text NOT NULL,
      config_key text NOT NULL UNIQUE,
      config_value text NOT NULL,
      config_type text NOT NULL,
      remark text,
      created_at timestamptz NOT NULL
    )`,
    `CREATE TABLE sys_dict_data (
      dict_code uuid PRIMARY KEY,
      dict_type text NOT NULL,
      dict_value text NOT NULL,
      labels jsonb NOT NULL,
      dict_sort int NOT NULL,
      css_class text,
      list_class text NOT NULL,
      is_default text NOT NULL,
      status text NOT NULL,
      remark text,
      created_at timestamptz NOT NULL,
      UNIQUE (dict_type, dict_value)
    )`,
  ],
  handlers: {
    async ConfigSaved(sql, event) {
      const d = event.data as EventData<'ConfigSaved'>;
      await sql.query(
        `INSERT INTO sys_config (config_id, config_name, config_key, config_value, config_type, remark, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7)
         ON CONFLICT (config_id) DO UPDATE SET config_name = $2, config_key = $3, config_value = $4,
           config_type = $5, remark = $6`,
        [d.configId, d.configName, d.configKey, d.configValue, d.configType, d.remark, event.recordedAt],
      );
    },
    async ConfigDeleted(sql, event) {
      const d = event.data as EventData<'ConfigDeleted'>;
      await sql.query('DELETE FROM sys_config WHERE config_id = $1', [d.configId]);
    },
    async DictDataSaved(sql, event) {
      const d = event.data as EventData<'DictDataSaved'>;
      await sql.query(
        `INSERT INTO sys_dict_data (dict_code, dict_type, dict_value, labels, dict_sort, css_class, list_class,
           is_default, status, remark, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)
         ON CONFLICT (dict_code) DO UPDATE SET dict_type = $2, dict_value = $3, labels = $4, dict_sort = $5,
           css_class = $6, list_class = $7, is_default = $8, status = $9, remark = $10`,
        [
          d.dictCode,
          d.dictType,
          d.dictValue,
          JSON.stringify(d.labels),
          d.dictSort,
          d.cssClass,
          d.listClass,
          d.isDefault,
          d.status,
          d.remark,
          event.recordedAt,
        ],
      );
    },
    async DictDataDeleted(sql, event) {
      const d = event.data as EventData<'DictDataDeleted'>;
      await sql.query('DELETE FROM sys_dict_data WHERE dict_code = $1', [d.dictCode]);
    },
  },
};

/**
 * Every command through the API, for the operation log screen. Its module comes from the request's URL,
 * not from the title recorded with it, so entries recorded before the modules were named get theirs too.
 */
export const operationLogProjection: Projection = {
  name: 'operlog',
  version: 2,
  mode: 'inline',
  tables: ['oper_log'],
  reads: ['login_log'],
  tenantTables: ['oper_log'],
  migrations: [
    `CREATE TABLE oper_log (
      oper_id uuid PRIMARY KEY,
      tenant_id uuid NOT NULL,
      title text NOT NULL,
      business_type text NOT NULL,
      request_method text NOT NULL,
      oper_name text NOT NULL,
      dept_name text,
      oper_url text NOT NULL,
      oper_ip text NOT NULL,
      oper_param text NOT NULL,
      status text NOT NULL,
      error_msg text,
      cost_time int NOT NULL,
      oper_time timestamptz NOT NULL
    )`,
    'CREATE INDEX oper_log_time ON oper_log (tenant_id, oper_time)',
  ],
  handlers: {
    async OperationLogged(sql, event) {
      const d = event.data as EventData<'OperationLogged'>;
      await sql.query(
        `INSERT INTO oper_log (oper_id, tenant_id, title, business_type, request_method, oper_name, dept_name,
           oper_url, oper_ip, oper_param, status, error_msg, cost_time, oper_time)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)`,
        [
          d.operId,
          event.metadata.tenantId,
          operLogModuleOf(d.operUrl),
          d.businessType,
          d.requestMethod,
          d.operName,
          d.deptName,
          d.operUrl,
          d.operIp,
          d.operParam,
          d.status,
          d.errorMsg,
          d.costTime,
          d.operTime,
        ],
      );
    },
    async OperationLogRemoved(sql, event) {
      const d = event.data as EventData<'OperationLogRemoved'>;
      await sql.query('DELETE FROM oper_log WHERE tenant_id = $1 AND oper_id = ANY($2::uuid[])', [
        event.metadata.tenantId,
        d.operIds,
      ]);
    },
    async OperationLogCleaned(sql, event) {
      const d = event.data as EventData<'OperationLogCleaned'>;
      await sql.query('DELETE FROM oper_log WHERE tenant_id = $1 AND oper_time <= $2', [
        event.metadata.tenantId,
        d.at,
      ]);
    },
  },
};
