import type { DataScope } from '@hydrolog/domain';
import type { Sql } from '@hydrolog/eventstore';
import type {
  CustomerListQuery,
  CustomerRow,
  CustomerTypeListQuery,
  CustomerTypeView,
  CustomerView,
  FreeMeter,
  PageQuery,
} from '@hydrolog/schemas';
import {
  latestValveCommandJoin,
  VALVE_COMMAND_COLUMNS,
  type ValveCommandColumns,
  valveCommandOf,
} from '../meters/index.ts';
import {
  containsPattern,
  inDataScope,
  orderBy,
  ownerDept,
  page,
  type ScopedRecord,
  withinRange,
} from '../sql.ts';

/** The SQL of each sortable column of the customer type list. */
const CUSTOMER_TYPE_ORDER = {
  name: 'lower(t.name)',
  remark: 'lower(t.remark)',
  customerCount: 'customer_count',
  createTime: 't.created_at',
} as const;

export async function listCustomerTypes(
  sql: Sql,
  query: PageQuery & CustomerTypeListQuery,
): Promise<{ total: number; rows: CustomerTypeView[] }> {
  const params: unknown[] = [containsPattern(query.name)];
  const where = `WHERE ($1::text IS NULL OR t.name ILIKE $1) AND ${withinRange(query.params, 't.created_at', params)}`;
  const total = await sql.query<{ count: number }>(
    `SELECT count(*)::int AS count FROM customer_types t ${where}`,
    params,
  );
  const { rows } = await sql.query<Record<string, unknown>>(
    `SELECT t.customer_type_id::text, t.name, t.remark, t.created_at, t.version::text,
       (SELECT count(*)::int FROM customers c WHERE c.customer_type_id = t.customer_type_id) AS customer_count
     FROM customer_types t ${where}
     ${orderBy(query, CUSTOMER_TYPE_ORDER, 't.created_at, t.customer_type_id')} ${page(params)}`,
    [...params, query.pageSize, (query.pageNum - 1) * query.pageSize],
  );
  return { total: total.rows[0]?.count ?? 0, rows: rows.map(customerTypeView) };
}

export async function getCustomerType(sql: Sql, customerTypeId: string): Promise<CustomerTypeView | null> {
  const { rows } = await sql.query<Record<string, unknown>>(
    `SELECT t.customer_type_id::text, t.name, t.remark, t.created_at, t.version::text,
       (SELECT count(*)::int FROM customers c WHERE c.customer_type_id = t.customer_type_id) AS customer_count
     FROM customer_types t WHERE t.customer_type_id = $1`,
    [customerTypeId],
  );
  return rows[0] ? customerTypeView(rows[0]) : null;
}

function customerTypeView(row: Record<string, unknown>): CustomerTypeView {
  return {
    customerTypeId: row.customer_type_id as string,
    name: row.name as string,
    remark: row.remark as string | null,
    customerCount: row.customer_count as number,
    createTime: (row.created_at as Date).toISOString(),
    version: Number(row.version),
  };
}

/**
 * Columns of the list, with the type and meter names, the valve the meter last reported and its latest valve
 * command.
 */
const CUSTOMER_SELECT = `SELECT c.customer_id::text, c.account_no, c.name, c.phone, c.nature, c.customer_type_id::text,
    ct.name AS customer_type_name, c.meter_id::text, c.meter_no, mt.name AS meter_type_name,
    coalesce(mt.valve_control, false) AS valve_control, c.balance::float8 AS balance, c.status, c.opened_at,
    c.version::text, c.holder, c.account, l.valve, l.ts AS last_report_at, ${VALVE_COMMAND_COLUMNS}
  FROM customers c
  LEFT JOIN customer_types ct ON ct.customer_type_id = c.customer_type_id
  LEFT JOIN meter_types mt ON mt.meter_type_id = c.meter_type_id
  LEFT JOIN meter_latest l ON l.meter_id = c.meter_id
  ${latestValveCommandJoin('c.meter_id')}`;

function customerRow(row: Record<string, unknown>): CustomerRow {
  return {
    customerId: row.customer_id as string,
    accountNo: row.account_no as string,
    name: row.name as string,
    phone: row.phone as string,
    nature: row.nature as CustomerRow['nature'],
    customerTypeId: row.customer_type_id as string,
    customerTypeName: row.customer_type_name as string | null,
    meterId: row.meter_id as string,
    meterNo: row.meter_no as string,
    meterTypeName: row.meter_type_name as string | null,
    valveControl: row.valve_control as boolean,
    balance: row.balance as number,
    status: row.status as CustomerRow['status'],
    openTime: (row.opened_at as Date).toISOString(),
    lastValveCommand: valveCommandOf(row as unknown as ValveCommandColumns),
    valve: row.valve as CustomerRow['valve'],
    lastReportAt: (row.last_report_at as Date | null)?.toISOString() ?? null,
    version: Number(row.version),
  };
}

function customerView(row: Record<string, unknown>): CustomerView {
  const holder = row.holder as Record<string, unknown>;
  const account = row.account as Record<string, unknown>;
  return {
    ...customerRow(row),
    idType: holder.idType as CustomerView['idType'],
    idNumber: holder.idNumber as string | null,
    address: holder.address as string | null,
    companyName: holder.companyName as string | null,
    creditCode: holder.creditCode as string | null,
    legalRepresentative: holder.legalRepresentative as string | null,
    waterUse: account.waterUse as CustomerView['waterUse'],
    businessMode: account.businessMode as CustomerView['businessMode'],
    countVolume: account.countVolume as boolean,
    billing: account.billing as boolean,
    priceSchemeId: account.priceSchemeId as string | null,
    payChannel: account.payChannel as CustomerView['payChannel'],
    purchaseLimit: account.purchaseLimit as number | null,
    arrearsCloseThreshold: account.arrearsCloseThreshold as number | null,
    balanceThreshold: account.balanceThreshold as number | null,
    agentInfo: account.agentInfo as string | null,
    remarks: account.remarks as string | null,
    attachments: (account.attachments as string[] | null) ?? [],
  };
}

/** The SQL of each sortable column of the customer list. */
const CUSTOMER_ORDER = {
  accountNo: 'c.account_no',
  name: 'lower(c.name)',
  phone: 'c.phone',
  customerTypeName: 'lower(ct.name)',
  meterNo: 'c.meter_no',
  balance: 'c.balance',
  status: 'c.status',
  openTime: 'c.opened_at',
} as const;

/**
 * An account is the record of the staff user who opened it, and belongs to that user's department: each
 * office of a utility sees the accounts its own staff opened.
 */
export const CUSTOMER_RECORD: ScopedRecord = { dept: ownerDept('c.opened_by'), owner: 'c.opened_by' };

export async function listCustomers(
  sql: Sql,
  query: PageQuery & CustomerListQuery,
  scope: DataScope,
): Promise<{ total: number; rows: CustomerRow[] }> {
  const params: unknown[] = [
    containsPattern(query.accountNo),
    containsPattern(query.name),
    containsPattern(query.phone),
    containsPattern(query.meterNo),
    query.customerTypeId ?? null,
    query.status ?? null,
  ];
  const where = `WHERE ($1::text IS NULL OR c.account_no ILIKE $1) AND ($2::text IS NULL OR c.name ILIKE $2)
    AND ($3::text IS NULL OR c.phone LIKE $3) AND ($4::text IS NULL OR c.meter_no LIKE $4)
    AND ($5::uuid IS NULL OR c.customer_type_id = $5) AND ($6::text IS NULL OR c.status = $6)
    AND ${withinRange(query.params, 'c.opened_at', params)} AND ${inDataScope(scope, CUSTOMER_RECORD, params)}`;
  const total = await sql.query<{ count: number }>(
    `SELECT count(*)::int AS count FROM customers c ${where}`,
    params,
  );
  const { rows } = await sql.query<Record<string, unknown>>(
    `${CUSTOMER_SELECT} ${where} ${orderBy(query, CUSTOMER_ORDER, 'c.opened_at DESC, c.account_no')}
     ${page(params)}`,
    [...params, query.pageSize, (query.pageNum - 1) * query.pageSize],
  );
  return { total: total.rows[0]?.count ?? 0, rows: rows.map(customerRow) };
}

export async function getCustomer(sql: Sql, customerId: string): Promise<CustomerView | null> {
  const { rows } = await sql.query<Record<string, unknown>>(`${CUSTOMER_SELECT} WHERE c.customer_id = $1`, [
    customerId,
  ]);
  return rows[0] ? customerView(rows[0]) : null;
}

export async function findCustomerByAccountNo(sql: Sql, accountNo: string): Promise<CustomerView | null> {
  const { rows } = await sql.query<Record<string, unknown>>(`${CUSTOMER_SELECT} WHERE c.account_no = $1`, [
    accountNo,
  ]);
  return rows[0] ? customerView(rows[0]) : null;
}

/** Which of these account numbers the tenant already has. */
export async function existingAccountNos(sql: Sql, accountNos: readonly string[]): Promise<Set<string>> {
  const { rows } = await sql.query<{ account_no: string }>(
    'SELECT account_no FROM customers WHERE account_no = ANY($1::text[])',
    [accountNos],
  );
  return new Set(rows.map((r) => r.account_no));
}

/** The account (not cancelled) a meter is on, if any. */
export async function activeAccountOfMeter(sql: Sql, meterId: string): Promise<string | null> {
  const { rows } = await sql.query<{ customer_id: string }>(
    `SELECT customer_id::text FROM customers WHERE meter_id = $1 AND status <> 'cancelled'`,
    [meterId],
  );
  return rows[0]?.customer_id ?? null;
}

/**
 * The tenant's meters among these numbers (number -> meter id), each with whether it is opened: held by an
 * account that is not cancelled. Only opened meters may become sub-meters of a cascade point.
 */
export async function openedStateByNo(
  sql: Sql,
  tenantId: string,
  meterNos: readonly string[],
): Promise<Map<string, { meterId: string; opened: boolean }>> {
  const { rows } = await sql.query<{ meter_id: string; meter_no: string; opened: boolean }>(
    `SELECT m.meter_id::text, m.meter_no,
        EXISTS (SELECT 1 FROM customers c WHERE c.meter_id = m.meter_id AND c.status <> 'cancelled') AS opened
      FROM meters m WHERE m.tenant_id = $1 AND m.meter_no = ANY($2::text[])`,
    [tenantId, meterNos],
  );
  return new Map(rows.map((r) => [r.meter_no, { meterId: r.meter_id, opened: r.opened }]));
}

/** The tenant's meters by number with their type, and whether an account holds each (batch open). */
export async function metersForOpening(
  sql: Sql,
  meterNos: readonly string[],
): Promise<Map<string, FreeMeter & { taken: boolean }>> {
  const { rows } = await sql.query<Record<string, unknown>>(
    `${FREE_METER_SELECT} WHERE m.meter_no = ANY($1::text[])`,
    [meterNos],
  );
  return new Map(rows.map((r) => [r.meter_no as string, { ...freeMeter(r), taken: r.taken as boolean }]));
}

const FREE_METER_SELECT = `SELECT m.meter_id::text, m.meter_no, m.meter_type_id::text, t.name AS meter_type_name,
    t.valve_control, t.billing_mode,
    EXISTS (SELECT 1 FROM customers c WHERE c.meter_id = m.meter_id AND c.status <> 'cancelled') AS taken
  FROM meters m JOIN meter_types t ON t.meter_type_id = m.meter_type_id`;

function freeMeter(row: Record<string, unknown>): FreeMeter {
  return {
    meterId: row.meter_id as string,
    meterNo: row.meter_no as string,
    meterTypeId: row.meter_type_id as string,
    meterTypeName: row.meter_type_name as string,
    valveControl: row.valve_control as boolean,
    billingMode: row.billing_mode as FreeMeter['billingMode'],
  };
}

/** One meter of the tenant with its type and whether an active account holds it. */
export async function meterForOpening(
  sql: Sql,
  meterId: string,
): Promise<(FreeMeter & { taken: boolean }) | null> {
  const { rows } = await sql.query<Record<string, unknown>>(`${FREE_METER_SELECT} WHERE m.meter_id = $1`, [
    meterId,
  ]);
  return rows[0] ? { ...freeMeter(rows[0]), taken: rows[0].taken as boolean } : null;
}

/**
 * The earliest local day an account may open on with the meter: the day the meter was registered, or null
 * when the meter was on an account before (its earlier water is that account's, so only today is open).
 */
export async function earliestOpeningDay(
  sql: Sql,
  meterId: string,
  timeZone: string,
): Promise<string | null> {
  const { rows } = await sql.query<{ day: string | null }>(
    `SELECT CASE WHEN EXISTS (SELECT 1 FROM customers c WHERE c.meter_id = m.meter_id)
         OR EXISTS (SELECT 1 FROM meter_replacements r WHERE r.old_meter_id = m.meter_id) THEN NULL
       ELSE to_char(m.registered_at AT TIME ZONE $2, 'YYYY-MM-DD') END AS day
     FROM meters m WHERE m.meter_id = $1`,
    [meterId, timeZone],
  );
  return rows[0]?.day ?? null;
}

/** The open-account form's meter picker: the tenant's meters that no active account holds. */
export async function freeMeters(sql: Sql, meterNo: string | undefined, limit = 20): Promise<FreeMeter[]> {
  const { rows } = await sql.query<Record<string, unknown>>(
    `${FREE_METER_SELECT}
     WHERE ($1::text IS NULL OR m.meter_no LIKE $1)
       AND NOT EXISTS (SELECT 1 FROM customers c WHERE c.meter_id = m.meter_id AND c.status <> 'cancelled')
     ORDER BY m.meter_no LIMIT $2`,
    [containsPattern(meterNo), limit],
  );
  return rows.map(freeMeter);
}

/**
 * The highest generated account number with this prefix and width (the tenant's `accountNoGenMode`):
 * the next one is it plus one.
 */
export async function lastAccountNo(sql: Sql, prefix: string, width: number): Promise<number> {
  const { rows } = await sql.query<{ last: string | null }>(
    `SELECT max(substr(account_no, $3)::bigint)::text AS last FROM customers
     WHERE account_no ~ ('^' || $1 || '[0-9]{' || $2 || '}$')`,
    [prefix, width, prefix.length + 1],
  );
  return Number(rows[0]?.last ?? 0);
}

/** Staff names for the history's operators (ids of users; a gateway or the seed stays as it is). */
export async function operatorNames(sql: Sql, userIds: readonly string[]): Promise<Map<string, string>> {
  const ids = userIds.filter((id) => /^[0-9a-f-]{36}$/i.test(id));
  if (ids.length === 0) return new Map();
  const { rows } = await sql.query<{ user_id: string; user_name: string }>(
    'SELECT user_id::text, user_name FROM users WHERE user_id = ANY($1::uuid[])',
    [ids],
  );
  return new Map(rows.map((r) => [r.user_id, r.user_name]));
}

/** The tenant's meter types (batch open takes one per batch). */
export async function meterTypeOptions(
  sql: Sql,
): Promise<{ meterTypeId: string; name: string; valveControl: boolean }[]> {
  const { rows } = await sql.query<{ meter_type_id: string; name: string; valve_control: boolean }>(
    'SELECT meter_type_id::text, name, valve_control FROM meter_types ORDER BY name',
  );
  return rows.map((r) => ({ meterTypeId: r.meter_type_id, name: r.name, valveControl: r.valve_control }));
}
