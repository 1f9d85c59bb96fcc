import type { Sql } from '@hydrolog/eventstore';
import type {
  ConfigListQuery,
  ConfigView,
  DictDataView,
  DictTypeListQuery,
  DictTypeView,
  Language,
  NoticeReading,
  NoticeView,
  PageQuery,
} from '@hydrolog/schemas';
import { containsPattern, orderBy, page, withinRange } from '../sql.ts';

// ---- System configuration ---------------------------------------------------------------------------------

interface ConfigRow {
  config_id: string;
  config_name: string;
  config_key: string;
  config_value: string;
  config_type: 'Y' | 'N';
  remark: string | null;
  created_at: Date;
}

const CONFIG_COLUMNS =
  'config_id::text, config_name, config_key, config_value, config_type, remark, created_at';

const configView = (r: ConfigRow): ConfigView => ({
  configId: r.config_id,
  configName: r.config_name,
  configKey: r.config_key,
  configValue: r.config_value,
  configType: r.config_type,
  remark: r.remark,
  createTime: r.created_at.toISOString(),
});

export async function configValues(sql: Sql): Promise<Map<string, string>> {
  const { rows } = await sql.query<{ config_key: string; config_value: string }>(
    'SELECT config_key, config_value FROM sys_config',
  );
  return new Map(rows.map((r) => [r.config_key, r.config_value]));
}

/** The SQL of each sortable column of the parameter list. */
const CONFIG_ORDER = {
  configName: 'lower(c.config_name)',
  configKey: 'c.config_key',
  configType: 'c.config_type',
  createTime: 'c.created_at',
} as const;

export async function listConfigs(
  sql: Sql,
  query: ConfigListQuery,
): Promise<{ total: number; rows: ConfigView[] }> {
  const params: unknown[] = [
    containsPattern(query.configName),
    containsPattern(query.configKey),
    query.configType ?? null,
  ];
  const where = `WHERE ($1::text IS NULL OR config_name ILIKE $1) AND ($2::text IS NULL OR config_key ILIKE $2)
    AND ($3::text IS NULL OR config_type = $3) AND ${withinRange(query.params, 'c.created_at', params)}`;
  const total = await sql.query<{ count: number }>(
    `SELECT count(*)::int AS count FROM sys_config c ${where}`,
    params,
  );
  const { rows } = await sql.query<ConfigRow>(
    `SELECT ${CONFIG_COLUMNS} FROM sys_config c ${where} ${orderBy(query, CONFIG_ORDER, 'c.config_key')} ${page(params)}`,
    [...params, query.pageSize, (query.pageNum - 1) * query.pageSize],
  );
  return { total: total.rows[0]?.count ?? 0, rows: rows.map(configView) };
}

export async function getConfig(
  sql: Sql,
  by: { configId: string } | { configKey: string },
): Promise<ConfigView | null> {
  const [column, value] = 'configId' in by ? ['config_id', by.configId] : ['config_key', by.configKey];
  const { rows } = await sql.query<ConfigRow>(
    `SELECT ${CONFIG_COLUMNS} FROM sys_config WHERE ${column} = $1`,
    [value],
  );
  return rows[0] ? configView(rows[0]) : null;
}

// ---- Dictionary data --------------------------------------------------------------------------------------

interface DictRow {
  dict_code: string;
  dict_type: string;
  dict_value: string;
  labels: DictDataView['labels'];
  dict_sort: number;
  css_class: string | null;
  list_class: DictDataView['listClass'];
  is_default: 'Y' | 'N';
  status: '0' | '1';
  remark: string | null;
  created_at: Date;
}

const DICT_COLUMNS = `dict_code::text, dict_type, dict_value, labels, dict_sort, css_class, list_class, is_default,
  status, remark, created_at`;

const dictView = (r: DictRow, language: Language): DictDataView => ({
  dictCode: r.dict_code,
  dictType: r.dict_type,
  dictValue: r.dict_value,
  dictLabel: r.labels[language],
  labels: r.labels,
  dictSort: r.dict_sort,
  cssClass: r.css_class,
  listClass: r.list_class,
  isDefault: r.is_default,
  status: r.status,
  remark: r.remark,
  createTime: r.created_at.toISOString(),
});

export async function listDictData(
  sql: Sql,
  query: PageQuery & {
    dictType?: string | undefined;
    dictLabel?: string | undefined;
    status?: string | undefined;
  },
  language: Language,
): Promise<{ total: number; rows: DictDataView[] }> {
  const where = `WHERE ($1::text IS NULL OR dict_type = $1) AND ($2::text IS NULL OR labels->>$4 ILIKE $2)
    AND ($3::text IS NULL OR status = $3)`;
  const params = [query.dictType ?? null, containsPattern(query.dictLabel), query.status ?? null, language];
  const total = await sql.query<{ count: number }>(
    `SELECT count(*)::int AS count FROM sys_dict_data ${where}`,
    params,
  );
  const { rows } = await sql.query<DictRow>(
    `SELECT ${DICT_COLUMNS} FROM sys_dict_data d ${where} ORDER BY d.dict_type, d.dict_sort, d.dict_value
     LIMIT $5 OFFSET $6`,
    [...params, query.pageSize, (query.pageNum - 1) * query.pageSize],
  );
  return { total: total.rows[0]?.count ?? 0, rows: rows.map((r) => dictView(r, language)) };
}

/** The enabled entries of one dictionary, in order (GET /system/dict/data/type/{type}). */
export async function dictByType(sql: Sql, dictType: string, language: Language): Promise<DictDataView[]> {
  const { rows } = await sql.query<DictRow>(
    `SELECT ${DICT_COLUMNS} FROM sys_dict_data WHERE dict_type = $1 AND status = '0' ORDER BY dict_sort, dict_value`,
    [dictType],
  );
  return rows.map((r) => dictView(r, language));
}

export async function getDictData(
  sql: Sql,
  dictCode: string,
  language: Language,
): Promise<DictDataView | null> {
  const { rows } = await sql.query<DictRow>(
    `SELECT ${DICT_COLUMNS} FROM sys_dict_data WHERE dict_code = $1`,
    [dictCode],
  );
  return rows[0] ? dictView(rows[0], language) : null;
}

// ---- Dictionary types -------------------------------------------------------------------------------------

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

// ---- Notices ----------------------------------------------------------------------------------------------

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
