import type { Sql } from '@hydrolog/eventstore';
import type {
  DictTypeListQuery,
  DictTypeView,
  EventData,
  Language,
  MenuView,
  NoticeReading,
  NoticeView,
  PageQuery,
} from '@hydrolog/schemas';
import type { Projection } from '../projection.ts';
import { containsPattern, orderBy, page, withinRange } from '../sql.ts';

/**
 * Platform administration read models: the menu tree (platform-wide, read by every session for its routes
 * and permissions), dictionary types, and each tenant's notices with who has read them.
 */
export const adminProjection: Projection = {
  name: 'admin',
  version: 1,
  mode: 'inline',
  tables: ['sys_menu', 'notices', 'notice_reads', 'sys_dict_type'],
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

// ---- Menu queries ------------------------------------------------------------------------------------------

interface MenuRow {
  menu_id: string;
  parent_id: string | null;
  menu_type: MenuView['menuType'];
  titles: MenuView['titles'];
  path: string;
  component: string | null;
  perms: string | null;
  icon: string | null;
  order_num: number;
  visible: boolean;
  is_cache: boolean;
  link: string | null;
  platform_only: boolean;
  built_in: boolean;
  created_at: Date;
}

/** Every entry of the menu tree, parents before children, in their order. */
export async function listMenus(sql: Sql, language: Language): Promise<MenuView[]> {
  const { rows } = await sql.query<MenuRow>('SELECT * FROM sys_menu ORDER BY order_num, menu_id');
  return rows.map((r) => ({
    menuId: r.menu_id,
    parentId: r.parent_id,
    menuType: r.menu_type,
    titles: r.titles,
    menuName: r.titles[language],
    path: r.path,
    component: r.component,
    perms: r.perms,
    icon: r.icon,
    orderNum: r.order_num,
    visible: r.visible,
    isCache: r.is_cache,
    link: r.link,
    platformOnly: r.platform_only,
    builtIn: r.built_in,
    createTime: r.created_at.toISOString(),
  }));
}

// ---- Notice queries ----------------------------------------------------------------------------------------

interface NoticeRow {
  notice_id: string;
  notice_title: string;
  notice_type: NoticeView['noticeType'];
  notice_content: string;
  status: NoticeView['status'];
  create_by: string;
  created_at: Date;
  publish_time: Date | null;
  read?: boolean;
}
const noticeView = (r: NoticeRow): NoticeView => ({
  noticeId: r.notice_id,
  noticeTitle: r.notice_title,
  noticeType: r.notice_type,
  noticeContent: r.notice_content,
  status: r.status,
  createBy: r.create_by,
  createTime: r.created_at.toISOString(),
  publishTime: r.publish_time?.toISOString() ?? null,
});
const NOTICE_COLUMNS = `n.notice_id::text, n.notice_title, n.notice_type, n.notice_content, n.status, n.create_by,
  n.created_at, n.publish_time`;

/** The tenant's notices (read inside withTenant), newest first. */
export async function listNotices(
  sql: Sql,
  query: PageQuery & {
    noticeTitle?: string | undefined;
    noticeType?: string | undefined;
    status?: string | undefined;
  },
): Promise<{ total: number; rows: NoticeView[] }> {
  const where = `WHERE ($1::text IS NULL OR n.notice_title ILIKE $1) AND ($2::text IS NULL OR n.notice_type = $2)
    AND ($3::text IS NULL OR n.status = $3)`;
  const params = [containsPattern(query.noticeTitle), query.noticeType ?? null, query.status ?? null];
  const total = await sql.query<{ count: number }>(
    `SELECT count(*)::int AS count FROM notices n ${where}`,
    params,
  );
  const { rows } = await sql.query<NoticeRow>(
    `SELECT ${NOTICE_COLUMNS} FROM notices n ${where} ORDER BY n.created_at DESC, n.notice_id DESC
     LIMIT $4 OFFSET $5`,
    [...params, query.pageSize, (query.pageNum - 1) * query.pageSize],
  );
  return { total: total.rows[0]?.count ?? 0, rows: rows.map(noticeView) };
}

export async function getNotice(sql: Sql, noticeId: string): Promise<NoticeView | null> {
  const { rows } = await sql.query<NoticeRow>(
    `SELECT ${NOTICE_COLUMNS} FROM notices n WHERE n.notice_id = $1`,
    [noticeId],
  );
  return rows[0] ? noticeView(rows[0]) : null;
}

/** The published notices of the tenant as `userId` sees them (read or not), newest first, and the unread count. */
export async function noticesForReader(
  sql: Sql,
  userId: string,
  query: PageQuery & { unread?: boolean | undefined },
): Promise<{ total: number; unread: number; rows: NoticeReading[] }> {
  const from = `FROM notices n LEFT JOIN notice_reads r ON r.notice_id = n.notice_id AND r.user_id = $1
    WHERE n.status = 'published'`;
  const filter = query.unread ? ' AND r.user_id IS NULL' : '';
  const counts = await sql.query<{ total: number; unread: number }>(
    `SELECT count(*) FILTER (WHERE true${filter})::int AS total,
       count(*) FILTER (WHERE r.user_id IS NULL)::int AS unread ${from}`,
    [userId],
  );
  const { rows } = await sql.query<NoticeRow>(
    `SELECT ${NOTICE_COLUMNS}, r.user_id IS NOT NULL AS read ${from}${filter}
     ORDER BY n.publish_time DESC, n.notice_id DESC LIMIT $2 OFFSET $3`,
    [userId, query.pageSize, (query.pageNum - 1) * query.pageSize],
  );
  return {
    total: counts.rows[0]?.total ?? 0,
    unread: counts.rows[0]?.unread ?? 0,
    rows: rows.map((r) => ({ ...noticeView(r), read: r.read === true })),
  };
}

// ---- Dictionary type queries -------------------------------------------------------------------------------

interface DictTypeRow {
  dict_id: number;
  dict_name: string;
  dict_type: string;
  status: '0' | '1';
  remark: string | null;
  data_count: number;
  created_at: Date;
}
const dictTypeView = (r: DictTypeRow): DictTypeView => ({
  dictId: r.dict_id,
  dictName: r.dict_name,
  dictType: r.dict_type,
  status: r.status,
  remark: r.remark,
  dataCount: r.data_count,
  createTime: r.created_at.toISOString(),
});
// Dictionaries are the platform's: read as they are (no tenant rows).
const DICT_TYPE_SELECT = `SELECT t.dict_id, t.dict_name, t.dict_type, t.status, t.remark, t.created_at,
  (SELECT count(*)::int FROM sys_dict_data d WHERE d.dict_type = t.dict_type) AS data_count FROM sys_dict_type t`;

/** The SQL of each sortable column of the dictionary type list. */
const DICT_TYPE_ORDER = {
  dictId: 't.dict_id',
  dictName: 'lower(t.dict_name)',
  dictType: 't.dict_type',
  createTime: 't.created_at',
} as const;

export async function listDictTypes(
  sql: Sql,
  query: DictTypeListQuery,
): Promise<{ total: number; rows: DictTypeView[] }> {
  const params: unknown[] = [
    containsPattern(query.dictName),
    containsPattern(query.dictType),
    query.status ?? null,
  ];
  const where = `WHERE ($1::text IS NULL OR t.dict_name ILIKE $1) AND ($2::text IS NULL OR t.dict_type ILIKE $2)
    AND ($3::text IS NULL OR t.status = $3) AND ${withinRange(query.params, 't.created_at', params)}`;
  const total = await sql.query<{ count: number }>(
    `SELECT count(*)::int AS count FROM sys_dict_type t ${where}`,
    params,
  );
  const { rows } = await sql.query<DictTypeRow>(
    `${DICT_TYPE_SELECT} ${where} ${orderBy(query, DICT_TYPE_ORDER, 't.dict_id')} ${page(params)}`,
    [...params, query.pageSize, (query.pageNum - 1) * query.pageSize],
  );
  return { total: total.rows[0]?.count ?? 0, rows: rows.map(dictTypeView) };
}

export async function getDictType(sql: Sql, dictId: number): Promise<DictTypeView | null> {
  const { rows } = await sql.query<DictTypeRow>(`${DICT_TYPE_SELECT} WHERE t.dict_id = $1`, [dictId]);
  return rows[0] ? dictTypeView(rows[0]) : null;
}

/** The next numeric id of a dictionary type. */
export async function nextDictId(sql: Sql): Promise<number> {
  const { rows } = await sql.query<{ next: number }>(
    'SELECT coalesce(max(dict_id), 0)::int + 1 AS next FROM sys_dict_type',
  );
  return rows[0]?.next ?? 1;
}

/** Every dictionary key there is, with a type or with data. */
export async function knownDictionaries(sql: Sql): Promise<Set<string>> {
  const { rows } = await sql.query<{ dict_type: string }>(
    'SELECT dict_type FROM sys_dict_type UNION SELECT dict_type FROM sys_dict_data',
  );
  return new Set(rows.map((r) => r.dict_type));
}

/** Every dictionary type, for choosing one (GET /system/dict/type/optionselect). */
export async function dictTypeOptions(sql: Sql): Promise<DictTypeView[]> {
  const { rows } = await sql.query<DictTypeRow>(`${DICT_TYPE_SELECT} ORDER BY t.dict_id`);
  return rows.map(dictTypeView);
}

/** Dictionary keys that have data but no type yet (seeded data, data added before its type). */
export async function untypedDictionaries(sql: Sql): Promise<string[]> {
  const { rows } = await sql.query<{ dict_type: string }>(
    `SELECT DISTINCT d.dict_type FROM sys_dict_data d
     WHERE NOT EXISTS (SELECT 1 FROM sys_dict_type t WHERE t.dict_type = d.dict_type) ORDER BY d.dict_type`,
  );
  return rows.map((r) => r.dict_type);
}
