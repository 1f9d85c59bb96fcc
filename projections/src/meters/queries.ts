import type { DataScope } from '@hydrolog/domain';
import type { Sql } from '@hydrolog/eventstore';
import type {
  MeterCommandState,
  MeterCommandStateQuery,
  MeterGroupListQuery,
  MeterGroupView,
  MeterListQuery,
  MeterTypeListQuery,
  MeterTypeView,
  MeterView,
  PageQuery,
  PeakPeriod,
} from '@hydrolog/schemas';
import {
  containsPattern,
  inDataScope,
  orderBy,
  ownerDept,
  page,
  type ScopedRecord,
  withinRange,
} from '../sql.ts';
import {
  latestCommandJoin,
  latestValveCommandJoin,
  VALVE_COMMAND_COLUMNS,
  type ValveCommandColumns,
  valveCommandOf,
} from './commands.ts';

/** Queries of the meter registry (tables of the meterRegistry projection, latest state from the readings one). */

interface MeterTypeRow {
  meter_type_id: string;
  name: string;
  billing_mode: MeterTypeView['billingMode'];
  valve_control: boolean;
  communication: MeterTypeView['communication'];
  card_kind: MeterTypeView['cardKind'];
  report_interval_minutes: number;
  meter_count: number;
  version: string;
}

const METER_TYPE_SELECT = `SELECT t.meter_type_id::text, t.name, t.billing_mode, t.valve_control, t.communication,
    t.card_kind, t.report_interval_minutes, t.version::text,
    (SELECT count(*)::int FROM meters m WHERE m.meter_type_id = t.meter_type_id) AS meter_count
  FROM meter_types t`;

function meterTypeView(row: MeterTypeRow): MeterTypeView {
  return {
    meterTypeId: row.meter_type_id,
    name: row.name,
    billingMode: row.billing_mode,
    valveControl: row.valve_control,
    communication: row.communication,
    cardKind: row.card_kind,
    reportIntervalMinutes: row.report_interval_minutes,
    meterCount: row.meter_count,
    version: Number(row.version),
  };
}

/** The SQL of each sortable column of the meter type list. */
const METER_TYPE_ORDER = {
  name: 'lower(t.name)',
  billingMode: 't.billing_mode',
  valveControl: 't.valve_control',
  communication: 't.communication',
  cardKind: 't.card_kind',
  reportIntervalMinutes: 't.report_interval_minutes',
  meterCount: 'meter_count',
} as const;

export async function listMeterTypes(
  sql: Sql,
  query: PageQuery & MeterTypeListQuery,
): Promise<{ total: number; rows: MeterTypeView[] }> {
  const where = `WHERE ($1::text IS NULL OR t.name ILIKE $1) AND ($2::text IS NULL OR t.billing_mode = $2)
    AND ($3::text IS NULL OR t.communication = $3)`;
  const params = [containsPattern(query.name), query.billingMode ?? null, query.communication ?? null];
  const total = await sql.query<{ count: number }>(
    `SELECT count(*)::int AS count FROM meter_types t ${where}`,
    params,
  );
  const { rows } = await sql.query<MeterTypeRow>(
    `${METER_TYPE_SELECT} ${where} ${orderBy(query, METER_TYPE_ORDER, 'lower(t.name), t.meter_type_id')}
     LIMIT $4 OFFSET $5`,
    [...params, query.pageSize, (query.pageNum - 1) * query.pageSize],
  );
  return { total: total.rows[0]?.count ?? 0, rows: rows.map(meterTypeView) };
}

export async function getMeterType(sql: Sql, meterTypeId: string): Promise<MeterTypeView | null> {
  const { rows } = await sql.query<MeterTypeRow>(`${METER_TYPE_SELECT} WHERE t.meter_type_id = $1`, [
    meterTypeId,
  ]);
  return rows[0] ? meterTypeView(rows[0]) : null;
}

/** The tenant's meter types by lower-cased name (an import names types). */
export async function meterTypesByName(sql: Sql): Promise<Map<string, string>> {
  const { rows } = await sql.query<{ meter_type_id: string; name: string }>(
    'SELECT meter_type_id::text, name FROM meter_types',
  );
  return new Map(rows.map((r) => [r.name.trim().toLowerCase(), r.meter_type_id]));
}

interface MeterRow extends ValveCommandColumns {
  meter_id: string;
  meter_no: string;
  meter_type_id: string;
  meter_type_name: string;
  valve_control: boolean;
  report_interval_minutes: number;
  imei: string | null;
  sim: string | null;
  has_key: boolean;
  initial_reading: number;
  mechanical_reading: number | null;
  zero_water_threshold: number | null;
  peaks: PeakPeriod[];
  storage_date: string | null;
  data_source: MeterView['dataSource'];
  lng: number | null;
  lat: number | null;
  registered_at: Date;
  ts: Date | null;
  total: number | null;
  battery: number | null;
  signal: number | null;
  valve: MeterView['valve'];
  version: string;
}

const METER_FROM = `FROM meters m JOIN meter_types t ON t.meter_type_id = m.meter_type_id
  LEFT JOIN meter_latest l ON l.meter_id = m.meter_id`;

const METER_SELECT = `SELECT m.meter_id::text, m.meter_no, m.meter_type_id::text, t.name AS meter_type_name,
    t.valve_control, t.report_interval_minutes, m.imei, m.sim, m.meter_key IS NOT NULL AS has_key,
    m.initial_reading, m.mechanical_reading, m.zero_water_threshold, m.peaks,
    to_char(m.storage_date, 'YYYY-MM-DD') AS storage_date, m.data_source, m.lng, m.lat, m.registered_at,
    l.ts, l.total, l.battery, l.signal, l.valve, m.version::text, ${VALVE_COMMAND_COLUMNS}
  ${METER_FROM} ${latestValveCommandJoin('m.meter_id')}`;

function meterView(row: MeterRow, now: Date): MeterView {
  return {
    meterId: row.meter_id,
    meterNo: row.meter_no,
    meterTypeId: row.meter_type_id,
    meterTypeName: row.meter_type_name,
    valveControl: row.valve_control,
    imei: row.imei,
    sim: row.sim,
    hasKey: row.has_key,
    initialReading: row.initial_reading,
    mechanicalReading: row.mechanical_reading,
    zeroWaterThreshold: row.zero_water_threshold,
    peaks: row.peaks,
    storageDate: row.storage_date,
    dataSource: row.data_source,
    lng: row.lng,
    lat: row.lat,
    registeredAt: row.registered_at.toISOString(),
    lastReading: row.total,
    lastReportAt: row.ts?.toISOString() ?? null,
    battery: row.battery,
    signal: row.signal,
    valve: row.valve,
    valveCommand: valveCommandOf(row),
    link: row.ts !== null && isOnline(row.ts, row.report_interval_minutes, now) ? 'online' : 'offline',
    version: Number(row.version),
  };
}

/** Online while the meter reported within its type's expected interval. */
const isOnline = (lastReport: Date, intervalMinutes: number, now: Date) =>
  now.getTime() - lastReport.getTime() <= intervalMinutes * 60_000;

/** The SQL of each sortable column of the meter list. */
const METER_ORDER = {
  meterNo: 'm.meter_no',
  meterTypeName: 'lower(t.name)',
  imei: 'm.imei',
  lastReading: 'l.total',
  lastReportAt: 'l.ts',
  battery: 'l.battery',
  signal: 'l.signal',
  valve: 'l.valve',
} as const;

/**
 * A meter is the record of whoever opened the account on it (so it follows its account, see
 * `CUSTOMER_RECORD`), and while it has none, of whoever registered it.
 */
const meterOwner = `coalesce((SELECT c.opened_by FROM customers c
  WHERE c.meter_id = m.meter_id AND c.status <> 'cancelled'), m.registered_by)`;
export const METER_RECORD: ScopedRecord = { dept: ownerDept(meterOwner), owner: meterOwner };

/** The tenant's meters with their latest state; `link` compares the last report with the type's interval. */
export async function listMeters(
  sql: Sql,
  query: PageQuery & MeterListQuery,
  scope: DataScope,
  now = new Date(),
): Promise<{ total: number; rows: MeterView[] }> {
  const online = `(l.ts IS NOT NULL AND l.ts >= $6::timestamptz - make_interval(mins => t.report_interval_minutes))`;
  const params: unknown[] = [
    containsPattern(query.meterNo),
    query.meterTypeId ?? null,
    containsPattern(query.imei),
    query.valve ?? null,
    query.link ?? null,
    now.toISOString(),
  ];
  const where = `WHERE ($1::text IS NULL OR m.meter_no LIKE $1) AND ($2::uuid IS NULL OR m.meter_type_id = $2)
    AND ($3::text IS NULL OR m.imei LIKE $3) AND ($4::text IS NULL OR l.valve = $4)
    AND ($5::text IS NULL OR ${online} = ($5 = 'online'))
    AND ${withinRange(query.params, 'm.registered_at', params)} AND ${inDataScope(scope, METER_RECORD, params)}`;
  const total = await sql.query<{ count: number }>(
    `SELECT count(*)::int AS count ${METER_FROM} ${where}`,
    params,
  );
  const { rows } = await sql.query<MeterRow>(
    `${METER_SELECT} ${where} ${orderBy(query, METER_ORDER, 'm.meter_no, m.meter_id')} ${page(params)}`,
    [...params, query.pageSize, (query.pageNum - 1) * query.pageSize],
  );
  return { total: total.rows[0]?.count ?? 0, rows: rows.map((r) => meterView(r, now)) };
}

export async function getMeterView(sql: Sql, meterId: string, now = new Date()): Promise<MeterView | null> {
  const { rows } = await sql.query<MeterRow>(`${METER_SELECT} WHERE m.meter_id = $1`, [meterId]);
  return rows[0] ? meterView(rows[0], now) : null;
}

/** Whether the meter has reported (its readings are history that must keep their meter). */
export async function meterHasReadings(sql: Sql, meterId: string): Promise<boolean> {
  const { rows } = await sql.query('SELECT 1 FROM meter_latest WHERE meter_id = $1', [meterId]);
  return rows.length > 0;
}

/** The tenant's meters among these numbers (a number of another tenant is simply not found). */
export async function findMeters(
  sql: Sql,
  tenantId: string,
  meterNos: readonly string[],
): Promise<Map<string, string>> {
  const { rows } = await sql.query<{ meter_id: string; meter_no: string }>(
    'SELECT meter_id::text, meter_no FROM meters WHERE tenant_id = $1 AND meter_no = ANY($2::text[])',
    [tenantId, meterNos],
  );
  return new Map(rows.map((r) => [r.meter_no, r.meter_id]));
}

export interface MeterRecord {
  meterId: string;
  meterNo: string;
  valveControl: boolean;
}

export async function getMeter(sql: Sql, meterId: string): Promise<MeterRecord | null> {
  const { rows } = await sql.query<{ meter_id: string; meter_no: string; valve_control: boolean }>(
    `SELECT m.meter_id::text, m.meter_no, t.valve_control FROM meters m
     JOIN meter_types t ON t.meter_type_id = m.meter_type_id WHERE m.meter_id = $1`,
    [meterId],
  );
  const row = rows[0];
  return row ? { meterId: row.meter_id, meterNo: row.meter_no, valveControl: row.valve_control } : null;
}

// ---- groups ----

interface GroupRow {
  group_id: string;
  name: string;
  remark: string | null;
  meter_count: number;
  created_at: Date;
  version: string;
}

const GROUP_SELECT = `SELECT g.group_id::text, g.name, g.remark, g.created_at, g.version::text,
    (SELECT count(*)::int FROM meter_group_members gm WHERE gm.group_id = g.group_id) AS meter_count
  FROM meter_groups g`;

const groupView = (row: GroupRow): MeterGroupView => ({
  groupId: row.group_id,
  name: row.name,
  remark: row.remark,
  meterCount: row.meter_count,
  createTime: row.created_at.toISOString(),
  version: Number(row.version),
});

/** The SQL of each sortable column of the meter group list. */
const GROUP_ORDER = {
  name: 'lower(g.name)',
  remark: 'lower(g.remark)',
  meterCount: 'meter_count',
  createTime: 'g.created_at',
} as const;

export async function listMeterGroups(
  sql: Sql,
  query: PageQuery & MeterGroupListQuery,
): Promise<{ total: number; rows: MeterGroupView[] }> {
  const params: unknown[] = [containsPattern(query.name)];
  const where = `WHERE ($1::text IS NULL OR g.name ILIKE $1) AND ${withinRange(query.params, 'g.created_at', params)}`;
  const total = await sql.query<{ count: number }>(
    `SELECT count(*)::int AS count FROM meter_groups g ${where}`,
    params,
  );
  const { rows } = await sql.query<GroupRow>(
    `${GROUP_SELECT} ${where} ${orderBy(query, GROUP_ORDER, 'lower(g.name), g.group_id')} ${page(params)}`,
    [...params, query.pageSize, (query.pageNum - 1) * query.pageSize],
  );
  return { total: total.rows[0]?.count ?? 0, rows: rows.map(groupView) };
}

export async function getMeterGroup(sql: Sql, groupId: string): Promise<MeterGroupView | null> {
  const { rows } = await sql.query<GroupRow>(`${GROUP_SELECT} WHERE g.group_id = $1`, [groupId]);
  return rows[0] ? groupView(rows[0]) : null;
}

/** The meters of a group, with their latest state, a page at a time. */
export async function listGroupMeters(
  sql: Sql,
  groupId: string,
  query: PageQuery,
  now = new Date(),
): Promise<{ total: number; rows: MeterView[] }> {
  const member = 'WHERE m.meter_id IN (SELECT meter_id FROM meter_group_members WHERE group_id = $1)';
  const total = await sql.query<{ count: number }>(`SELECT count(*)::int AS count FROM meters m ${member}`, [
    groupId,
  ]);
  const { rows } = await sql.query<MeterRow>(
    `${METER_SELECT} ${member} ORDER BY m.meter_no LIMIT $2 OFFSET $3`,
    [groupId, query.pageSize, (query.pageNum - 1) * query.pageSize],
  );
  return { total: total.rows[0]?.count ?? 0, rows: rows.map((r) => meterView(r, now)) };
}

// ---- valve operation and key update ----

const OPEN_STATUSES = "('sending', 'executing', 'resend')";

/** The SQL of each sortable column of the valve operation and key update lists. */
const COMMAND_STATE_ORDER = {
  meterNo: 'm.meter_no',
  meterTypeName: 'lower(t.name)',
  valve: 'l.valve',
} as const;

/**
 * Meters with their valve and the latest command of one family: valve commands (valve-capable meters
 * only) or key updates (every meter).
 */
export async function listMeterCommandStates(
  sql: Sql,
  family: 'valve' | 'keyUpdate',
  query: PageQuery & MeterCommandStateQuery,
  now = new Date(),
): Promise<{ total: number; rows: MeterCommandState[] }> {
  const kinds = family === 'valve' ? ['valveOpen', 'valveClose'] : ['keyUpdate'];
  const joins = `FROM meters m JOIN meter_types t ON t.meter_type_id = m.meter_type_id
    LEFT JOIN meter_latest l ON l.meter_id = m.meter_id ${latestCommandJoin('m.meter_id', '$1::text[]')}`;
  const where = `WHERE ($2::boolean OR t.valve_control) AND ($3::text IS NULL OR m.meter_no LIKE $3)
      AND ($4::boolean IS NOT TRUE OR vc.vc_status IN ${OPEN_STATUSES})`;
  const params = [kinds, family === 'keyUpdate', containsPattern(query.meterNo), query.pending === '1'];
  const total = await sql.query<{ count: number }>(`SELECT count(*)::int AS count ${joins} ${where}`, params);
  const { rows } = await sql.query<
    ValveCommandColumns & {
      meter_id: string;
      meter_no: string;
      meter_type_name: string;
      valve_control: boolean;
      report_interval_minutes: number;
      valve: MeterView['valve'];
      ts: Date | null;
    }
  >(
    `SELECT m.meter_id::text, m.meter_no, t.name AS meter_type_name, t.valve_control, t.report_interval_minutes,
       l.valve, l.ts, ${VALVE_COMMAND_COLUMNS}
     ${joins} ${where} ${orderBy(query, COMMAND_STATE_ORDER, 'm.meter_no, m.meter_id')} LIMIT $5 OFFSET $6`,
    [...params, query.pageSize, (query.pageNum - 1) * query.pageSize],
  );
  return {
    total: total.rows[0]?.count ?? 0,
    rows: rows.map((r) => ({
      meterId: r.meter_id,
      meterNo: r.meter_no,
      meterTypeName: r.meter_type_name,
      valveControl: r.valve_control,
      valve: r.valve,
      link: r.ts !== null && isOnline(r.ts, r.report_interval_minutes, now) ? 'online' : 'offline',
      lastReportAt: r.ts?.toISOString() ?? null,
      commandId: r.vc_command_id,
      commandKind: r.vc_kind as MeterCommandState['commandKind'],
      commandStatus: r.vc_status,
      commandAt: r.vc_updated_at?.toISOString() ?? null,
      commandDetail: r.vc_detail,
      // The valve list shows the latest valve command in full beside the reported valve.
      valveCommand: family === 'valve' ? valveCommandOf(r) : null,
    })),
  };
}
