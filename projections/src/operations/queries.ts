import type { Sql } from '@hydrolog/eventstore';
import {
  ALARM_TYPE,
  type AlarmLevel,
  type AlarmRuleView,
  type AlarmStatus,
  type AlarmType,
  type MeterAlarmDetail,
  type MeterAlarmListQuery,
  type MeterAlarmView,
  type Notice,
  type NoticeList,
  type PageQuery,
  type ValveState,
} from '@hydrolog/schemas';
import { containsPattern } from '../sql.ts';

/**
 * An alarm with its meter, the meter's type and its open account (the holder's name, phone and address); a
 * system alarm has none of them, but its subject.
 */
const ALARM_SELECT = `SELECT a.alarm_id::text, a.alarm_type, a.status, a.kind, a.level, a.raised_at,
    to_char(a.day, 'YYYY-MM-DD') AS day, a.meter_id::text, m.meter_no, a.subject_id, a.subject_name,
    t.name AS meter_type_name, c.name AS account_name, c.phone AS customer_tel, c.holder->>'address' AS area_address,
    a.value, a.threshold, a.cleared_at, a.remark, a.processed_at
  FROM meter_alarms a
  LEFT JOIN meters m ON m.meter_id = a.meter_id
  LEFT JOIN meter_types t ON t.meter_type_id = m.meter_type_id
  LEFT JOIN customers c ON c.meter_id = a.meter_id AND c.status <> 'cancelled'`;

interface AlarmRow {
  alarm_id: string;
  alarm_type: AlarmType;
  status: AlarmStatus;
  kind: string;
  level: AlarmLevel;
  raised_at: Date;
  day: string;
  meter_id: string | null;
  meter_no: string | null;
  subject_id: string | null;
  subject_name: string | null;
  meter_type_name: string | null;
  account_name: string | null;
  customer_tel: string | null;
  area_address: string | null;
  value: number | null;
  threshold: number | null;
  cleared_at: Date | null;
  remark: string | null;
  processed_at: Date | null;
}

function alarmView(r: AlarmRow): MeterAlarmView {
  return {
    alarmProcessedId: r.alarm_id,
    alarmType: r.alarm_type,
    status: r.status,
    eventType: r.kind,
    level: r.level,
    alarmTime: r.raised_at.toISOString(),
    day: r.day,
    meterId: r.meter_id,
    meterNo: r.meter_no ?? r.subject_name ?? '',
    subjectId: r.subject_id,
    subjectName: r.subject_name,
    meterTypeName: r.meter_type_name,
    accountName: r.account_name,
    customerTel: r.customer_tel,
    areaAddress: r.area_address,
    areaDetail: null,
    value: r.value,
    threshold: r.threshold,
    clearedTime: r.cleared_at?.toISOString() ?? null,
    remark: r.remark,
    processedTime: r.processed_at?.toISOString() ?? null,
  };
}

/**
 * Alarm records, newest first, filtered by alarm type, status, kind, meter (or a system alarm's subject), time
 * and address.
 */
export async function listMeterAlarms(
  sql: Sql,
  query: PageQuery & MeterAlarmListQuery,
): Promise<{ total: number; rows: MeterAlarmView[] }> {
  const where = `WHERE ($1::int IS NULL OR a.status = $1) AND ($2::text IS NULL OR a.kind = $2)
    AND ($3::text IS NULL OR COALESCE(m.meter_no, a.subject_name) ILIKE $3) AND ($4::timestamptz IS NULL OR a.raised_at >= $4)
    AND ($5::timestamptz IS NULL OR a.raised_at <= $5) AND ($6::text IS NULL OR c.holder->>'address' ILIKE $6)
    AND ($7::int IS NULL OR a.alarm_type = $7)`;
  const params = [
    query.status ?? null,
    query.eventType ?? null,
    containsPattern(query.meterNo),
    query.beginTime ?? null,
    // A day as the end counts the whole day.
    query.endTime && query.endTime.length === 10 ? `${query.endTime}T23:59:59.999Z` : (query.endTime ?? null),
    containsPattern(query.areaAddress),
    query.alarmType ?? null,
  ];
  const total = await sql.query<{ count: number }>(
    `SELECT count(*)::int AS count FROM (${ALARM_SELECT} ${where}) x`,
    params,
  );
  const { rows } = await sql.query<AlarmRow>(
    `${ALARM_SELECT} ${where} ORDER BY a.raised_at DESC, a.alarm_id LIMIT $8 OFFSET $9`,
    [...params, query.pageSize, (query.pageNum - 1) * query.pageSize],
  );
  return { total: total.rows[0]?.count ?? 0, rows: rows.map(alarmView) };
}

/** The caller's alarms among these ids with the meter's latest day record; another tenant's are not seen. */
export async function meterAlarmDetails(sql: Sql, alarmIds: readonly string[]): Promise<MeterAlarmDetail[]> {
  const { rows } = await sql.query<
    AlarmRow & {
      valve: ValveState | null;
      report_time: Date | null;
      record_date: string | null;
      used_total: number | null;
      total_volume: number | null;
      battery: number | null;
      frozen_valve: ValveState | null;
    }
  >(
    `SELECT x.*, l.valve, f.report_time, to_char(f.day, 'YYYY-MM-DD') AS record_date, f.volume AS used_total,
       f.total AS total_volume, f.battery, f.valve AS frozen_valve
     FROM (${ALARM_SELECT} WHERE a.alarm_id = ANY($1::uuid[])) x
     LEFT JOIN meter_latest l ON l.meter_id = x.meter_id::uuid
     LEFT JOIN LATERAL (SELECT * FROM meter_daily d WHERE d.meter_id = x.meter_id::uuid ORDER BY d.day DESC LIMIT 1) f
       ON true
     ORDER BY x.raised_at DESC, x.alarm_id`,
    [alarmIds],
  );
  return rows.map((r) => ({
    ...alarmView(r),
    valveState: r.valve,
    meterFrozen: r.record_date
      ? {
          reportTime: r.report_time?.toISOString() ?? null,
          recordDate: r.record_date,
          usedTotal: r.used_total,
          totalVolume: r.total_volume,
          batteryVoltage: r.battery,
          valveState: r.frozen_valve,
        }
      : null,
  }));
}

/** The caller's alarms among these ids, with their stream's name parts (a system alarm has no meter). */
export async function meterAlarmsByIds(
  sql: Sql,
  alarmIds: readonly string[],
): Promise<
  { alarmId: string; meterId: string | null; subjectId: string | null; kind: string; day: string }[]
> {
  const { rows } = await sql.query<{
    alarm_id: string;
    meter_id: string | null;
    subject_id: string | null;
    kind: string;
    day: string;
  }>(
    `SELECT alarm_id::text, meter_id::text, subject_id, kind, to_char(day, 'YYYY-MM-DD') AS day
     FROM meter_alarms WHERE alarm_id = ANY($1::uuid[])`,
    [alarmIds],
  );
  return rows.map((r) => ({
    alarmId: r.alarm_id,
    meterId: r.meter_id,
    subjectId: r.subject_id,
    kind: r.kind,
    day: r.day,
  }));
}

/** The open system alarms of a kind (of one subject) not yet cleared, with their stream's name parts. */
export async function openSystemAlarms(
  sql: Sql,
  kind: string,
  subjectId?: string,
): Promise<{ alarmId: string; subjectId: string; kind: string; day: string; raisedAt: Date }[]> {
  const { rows } = await sql.query<{ alarm_id: string; subject_id: string; day: string; raised_at: Date }>(
    `SELECT alarm_id::text, subject_id, to_char(day, 'YYYY-MM-DD') AS day, raised_at FROM meter_alarms
     WHERE alarm_type = 1 AND kind = $1 AND ($2::text IS NULL OR subject_id = $2) AND status IN (0, 1)
       AND cleared_at IS NULL
     ORDER BY raised_at, alarm_id`,
    [kind, subjectId ?? null],
  );
  return rows.map((r) => ({
    alarmId: r.alarm_id,
    subjectId: r.subject_id,
    kind,
    day: r.day,
    raisedAt: r.raised_at,
  }));
}

/**
 * The bell of a user: the open alarms notified to one of their roles, or to everyone who sees alarms
 * (`seesAlarms`; `allRoles`: an administrator sees every alarm's notice; a system alarm is notified to
 * everyone who sees alarms), raised after they last cleared the notices of the alarm's type, by type and all
 * together, newest first, at most `limit` listed each, all counted.
 */
export async function listAlarmNotices(
  sql: Sql,
  user: { userId: string; roleKeys: readonly string[]; allRoles: boolean; seesAlarms: boolean },
  limit: number,
): Promise<NoticeList> {
  const visible = `FROM meter_alarms a
    LEFT JOIN alarm_notice_cleans k ON k.user_id = $1 AND k.alarm_type = a.alarm_type
    WHERE a.status IN (0, 1) AND (k.cleaned_at IS NULL OR a.raised_at > k.cleaned_at)
      AND ($3 OR (cardinality(a.notify_roles) = 0 AND $4) OR a.notify_roles && $2::text[])`;
  const params = [user.userId, user.roleKeys, user.allRoles, user.seesAlarms];
  const counts = await sql.query<{ alarm_type: AlarmType; count: number }>(
    `SELECT a.alarm_type, count(*)::int AS count ${visible} GROUP BY a.alarm_type`,
    params,
  );
  const countOf = (type: AlarmType) => counts.rows.find((r) => r.alarm_type === type)?.count ?? 0;
  // The newest `limit` of each type: the newest `limit` of all are among them.
  const { rows } = await sql.query<{
    alarm_id: string;
    alarm_type: AlarmType;
    kind: string;
    raised_at: Date;
    meter_no: string | null;
    subject_name: string | null;
    viewed: boolean;
  }>(
    `SELECT * FROM (
       SELECT a.alarm_id::text, a.alarm_type, a.kind, a.raised_at, m.meter_no, a.subject_name,
         EXISTS (SELECT 1 FROM alarm_notice_views v WHERE v.user_id = $1 AND v.alarm_id = a.alarm_id) AS viewed,
         row_number() OVER (PARTITION BY a.alarm_type ORDER BY a.raised_at DESC, a.alarm_id) AS n
       ${visible.replace('FROM meter_alarms a', 'FROM meter_alarms a LEFT JOIN meters m ON m.meter_id = a.meter_id')}
     ) x WHERE n <= $5
     ORDER BY raised_at DESC, alarm_id`,
    [...params, limit],
  );
  const notices: Notice[] = rows.map((r) => ({
    alarmProcessedId: r.alarm_id,
    alarmType: r.alarm_type,
    eventType: r.kind,
    noticeStatus: r.viewed ? 1 : 0,
    createTime: r.raised_at.toISOString(),
    meterNo: r.meter_no ?? r.subject_name ?? '',
  }));
  const meterAlarmCount = countOf(ALARM_TYPE.meter);
  const systemAlarmCount = countOf(ALARM_TYPE.system);
  return {
    allAlarmList: notices.slice(0, limit),
    meterAlarmList: notices.filter((n) => n.alarmType === ALARM_TYPE.meter),
    systemAlarmList: notices.filter((n) => n.alarmType === ALARM_TYPE.system),
    allAlarmCount: meterAlarmCount + systemAlarmCount,
    meterAlarmCount,
    systemAlarmCount,
  };
}

interface RuleRow {
  rule_id: string;
  kind: string;
  enabled: boolean;
  threshold: number | null;
  level: AlarmLevel;
  notify_roles: string[];
  notify_customer: boolean;
  scope: AlarmRuleView['scope'];
  scope_id: string | null;
  scope_name: string | null;
  created_at: Date;
}

const RULE_SELECT = `SELECT r.rule_id::text, r.kind, r.enabled, r.threshold, r.level, r.notify_roles, r.notify_customer,
    r.scope, r.scope_id::text, COALESCE(t.name, g.name) AS scope_name, r.created_at
  FROM alarm_rules r
  LEFT JOIN meter_types t ON r.scope = 'meterType' AND t.meter_type_id = r.scope_id
  LEFT JOIN meter_groups g ON r.scope = 'group' AND g.group_id = r.scope_id`;

const ruleView = (r: RuleRow): AlarmRuleView => ({
  ruleId: r.rule_id,
  kind: r.kind,
  enabled: r.enabled,
  threshold: r.threshold,
  level: r.level,
  notifyRoles: r.notify_roles,
  notifyCustomer: r.notify_customer,
  scope: r.scope,
  scopeId: r.scope_id,
  scopeName: r.scope_name,
  createTime: r.created_at.toISOString(),
});

export async function listAlarmRules(
  sql: Sql,
  query: PageQuery & { kind?: string | undefined; enabled?: 'true' | 'false' | undefined },
): Promise<{ total: number; rows: AlarmRuleView[] }> {
  const where = 'WHERE ($1::text IS NULL OR r.kind = $1) AND ($2::boolean IS NULL OR r.enabled = $2)';
  const params = [query.kind ?? null, query.enabled === undefined ? null : query.enabled === 'true'];
  const total = await sql.query<{ count: number }>(
    `SELECT count(*)::int AS count FROM alarm_rules r ${where}`,
    params,
  );
  const { rows } = await sql.query<RuleRow>(
    `${RULE_SELECT} ${where} ORDER BY length(r.kind), r.kind, r.created_at, r.rule_id LIMIT $3 OFFSET $4`,
    [...params, query.pageSize, (query.pageNum - 1) * query.pageSize],
  );
  return { total: total.rows[0]?.count ?? 0, rows: rows.map(ruleView) };
}

export async function getAlarmRule(sql: Sql, ruleId: string): Promise<AlarmRuleView | null> {
  const { rows } = await sql.query<RuleRow>(`${RULE_SELECT} WHERE r.rule_id = $1`, [ruleId]);
  return rows[0] ? ruleView(rows[0]) : null;
}

/** The caller's rules among these ids. */
export async function alarmRuleIds(sql: Sql, ruleIds: readonly string[]): Promise<string[]> {
  const { rows } = await sql.query<{ rule_id: string }>(
    'SELECT rule_id::text FROM alarm_rules WHERE rule_id = ANY($1::uuid[])',
    [ruleIds],
  );
  return rows.map((r) => r.rule_id);
}

/** Whether the caller's tenant has the meter type or group a rule is scoped to (all meters: always). */
export async function alarmScopeExists(
  sql: Sql,
  scope: AlarmRuleView['scope'],
  scopeId: string | null,
): Promise<boolean> {
  if (scope === 'all') return true;
  const { rows } = await sql.query(
    scope === 'meterType'
      ? 'SELECT 1 FROM meter_types WHERE meter_type_id = $1'
      : 'SELECT 1 FROM meter_groups WHERE group_id = $1',
    [scopeId],
  );
  return rows.length > 0;
}
