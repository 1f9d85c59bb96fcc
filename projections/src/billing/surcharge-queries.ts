import type { BindableItem } from '@hydrolog/domain';
import type { Sql } from '@hydrolog/eventstore';
import {
  type ChargingItem,
  type ChargingItemOption,
  chargingItemView,
  type DebtListQuery,
  type DebtRecordKind,
  type DebtRecordListQuery,
  type DebtRecordView,
  type DebtType,
  type DebtView,
  type PageQuery,
  type PersonalSurchargeListQuery,
  type PersonalSurchargeView,
  type SurchargeSchemeListQuery,
  type SurchargeSchemeView,
  type SurchargeStatus,
} from '@hydrolog/schemas';
import { containsPattern, page } from '../sql.ts';

type Row = Record<string, unknown>;
const money = (cents: unknown) => Number(cents) / 100;
const iso = (at: unknown) => (at ? (at as Date).toISOString() : null);

/**
 * FROM and WHERE of the charging items (`i`) bound to the account `customer` (an SQL expression) by its
 * personal surcharge, of enabled schemes: what its recharges pay first and its bills charge.
 */
export const boundItemsOf = (customer: string) => `personal_surcharges p
  JOIN charging_items i ON p.charging_item_ids ? i.charging_item_id::text
  JOIN surcharge_schemes s ON s.surcharge_scheme_id = i.surcharge_scheme_id AND s.status = '0'
  WHERE p.customer_id = ${customer}`;

/** The items bound to the account `customer` as one JSON array (see boundItemsOf), in name order. */
export const boundItemsJson = (customer: string) =>
  `(SELECT coalesce(jsonb_agg(i.item ORDER BY i.name, i.charging_item_id), '[]') FROM ${boundItemsOf(customer)})`;

// ---- Surcharge schemes -----------------------------------------------------------------------------------

/** The accounts bound to one of a scheme's items by a personal surcharge. */
const SCHEME_SELECT = `SELECT s.surcharge_scheme_id::text, s.name, s.status, s.items, s.created_at, s.updated_at,
    s.version, (SELECT count(*)::int FROM personal_surcharges p WHERE EXISTS (
      SELECT 1 FROM charging_items i WHERE i.surcharge_scheme_id = s.surcharge_scheme_id
        AND p.charging_item_ids ? i.charging_item_id::text)) AS account_count
  FROM surcharge_schemes s`;

export async function listSurchargeSchemes(
  sql: Sql,
  query: PageQuery & SurchargeSchemeListQuery,
): Promise<{ total: number; rows: SurchargeSchemeView[] }> {
  const params: unknown[] = [containsPattern(query.name), query.status ?? null];
  const where = 'WHERE ($1::text IS NULL OR s.name ILIKE $1) AND ($2::text IS NULL OR s.status = $2)';
  const total = await sql.query<{ count: number }>(
    `SELECT count(*)::int AS count FROM surcharge_schemes s ${where}`,
    params,
  );
  const { rows } = await sql.query<Row>(
    `${SCHEME_SELECT} ${where} ORDER BY s.created_at, s.surcharge_scheme_id ${page(params)}`,
    [...params, query.pageSize, (query.pageNum - 1) * query.pageSize],
  );
  return { total: total.rows[0]?.count ?? 0, rows: rows.map(surchargeSchemeView) };
}

export async function getSurchargeScheme(
  sql: Sql,
  surchargeSchemeId: string,
): Promise<SurchargeSchemeView | null> {
  const { rows } = await sql.query<Row>(`${SCHEME_SELECT} WHERE s.surcharge_scheme_id = $1`, [
    surchargeSchemeId,
  ]);
  return rows[0] ? surchargeSchemeView(rows[0]) : null;
}

/** A scheme's items as the events keep them, for the surcharge math; null when the tenant has no such scheme. */
export async function surchargeSchemeItems(
  sql: Sql,
  surchargeSchemeId: string,
): Promise<ChargingItem[] | null> {
  const { rows } = await sql.query<{ items: ChargingItem[] }>(
    'SELECT items FROM surcharge_schemes WHERE surcharge_scheme_id = $1',
    [surchargeSchemeId],
  );
  return rows[0]?.items ?? null;
}

/** The facts of a scheme's rules: item names of the tenant's other schemes, and its items bound to accounts. */
export async function surchargeSchemeFacts(
  sql: Sql,
  surchargeSchemeId: string,
): Promise<{ takenItemNames: string[]; boundItemIds: string[] }> {
  const taken = await sql.query<{ name: string }>(
    'SELECT lower(name) AS name FROM charging_items WHERE surcharge_scheme_id <> $1',
    [surchargeSchemeId],
  );
  const bound = await sql.query<{ id: string }>(
    `SELECT DISTINCT i.charging_item_id::text AS id FROM charging_items i JOIN personal_surcharges p
       ON p.charging_item_ids ? i.charging_item_id::text WHERE i.surcharge_scheme_id = $1`,
    [surchargeSchemeId],
  );
  return { takenItemNames: taken.rows.map((r) => r.name), boundItemIds: bound.rows.map((r) => r.id) };
}

/** The items of enabled schemes, to bind to an account. */
export async function chargingItemOptions(sql: Sql): Promise<ChargingItemOption[]> {
  const { rows } = await sql.query<Row>(
    `SELECT i.charging_item_id::text, i.name, s.name AS scheme_name, i.item->>'feeType' AS fee_type
     FROM charging_items i JOIN surcharge_schemes s USING (surcharge_scheme_id)
     WHERE s.status = '0' ORDER BY lower(s.name), lower(i.name)`,
  );
  return rows.map((r) => ({
    chargingItemId: r.charging_item_id as string,
    name: r.name as string,
    surchargeSchemeName: r.scheme_name as string,
    feeType: r.fee_type as ChargingItemOption['feeType'],
  }));
}

/** Charging items by id, as a personal surcharge's rules need them; unknown ids are left out. */
export async function bindableItems(sql: Sql, chargingItemIds: readonly string[]): Promise<BindableItem[]> {
  const { rows } = await sql.query<Row>(
    `SELECT i.charging_item_id::text, i.item, s.status FROM charging_items i
       JOIN surcharge_schemes s USING (surcharge_scheme_id)
     WHERE i.charging_item_id::text = ANY($1::text[])`,
    [chargingItemIds],
  );
  return rows.map((r) => {
    const item = r.item as ChargingItem;
    return {
      chargingItemId: item.chargingItemId,
      name: item.name,
      feeType: item.feeType,
      deductionMethod: item.deductionMethod,
      deductionRatioBasisPoints: item.deductionRatioBasisPoints,
      schemeEnabled: r.status === '0',
    };
  });
}

function surchargeSchemeView(row: Row): SurchargeSchemeView {
  const items = (row.items as ChargingItem[]).map(chargingItemView);
  return {
    surchargeSchemeId: row.surcharge_scheme_id as string,
    name: row.name as string,
    status: row.status as SurchargeStatus,
    items,
    itemCount: items.length,
    accountCount: row.account_count as number,
    createTime: iso(row.created_at)!,
    updateTime: iso(row.updated_at),
    version: Number(row.version),
  };
}

// ---- Personal surcharges ---------------------------------------------------------------------------------

const PERSONAL_SELECT = `SELECT p.personal_surcharge_id::text, p.customer_id::text, c.account_no, c.name AS customer_name,
    p.created_at, COALESCE((SELECT jsonb_agg(i.item || jsonb_build_object('surchargeSchemeId', s.surcharge_scheme_id,
        'surchargeSchemeName', s.name) ORDER BY lower(i.name))
      FROM charging_items i JOIN surcharge_schemes s USING (surcharge_scheme_id)
      WHERE p.charging_item_ids ? i.charging_item_id::text), '[]'::jsonb) AS items
  FROM personal_surcharges p LEFT JOIN customers c ON c.customer_id = p.customer_id`;

export async function listPersonalSurcharges(
  sql: Sql,
  query: PageQuery & PersonalSurchargeListQuery,
): Promise<{ total: number; rows: PersonalSurchargeView[] }> {
  const params: unknown[] = [containsPattern(query.accountNo)];
  const where = 'WHERE ($1::text IS NULL OR c.account_no ILIKE $1)';
  const total = await sql.query<{ count: number }>(
    `SELECT count(*)::int AS count FROM personal_surcharges p LEFT JOIN customers c ON c.customer_id = p.customer_id ${where}`,
    params,
  );
  const { rows } = await sql.query<Row>(
    `${PERSONAL_SELECT} ${where} ORDER BY p.created_at, p.personal_surcharge_id ${page(params)}`,
    [...params, query.pageSize, (query.pageNum - 1) * query.pageSize],
  );
  return { total: total.rows[0]?.count ?? 0, rows: rows.map(personalSurchargeView) };
}

export async function getPersonalSurcharge(
  sql: Sql,
  personalSurchargeId: string,
): Promise<PersonalSurchargeView | null> {
  const { rows } = await sql.query<Row>(`${PERSONAL_SELECT} WHERE p.personal_surcharge_id = $1`, [
    personalSurchargeId,
  ]);
  return rows[0] ? personalSurchargeView(rows[0]) : null;
}

/** The personal surcharge record of an account, if it has one. */
export async function personalSurchargeOfAccount(sql: Sql, customerId: string): Promise<string | null> {
  const { rows } = await sql.query<{ id: string }>(
    'SELECT personal_surcharge_id::text AS id FROM personal_surcharges WHERE customer_id = $1',
    [customerId],
  );
  return rows[0]?.id ?? null;
}

function personalSurchargeView(row: Row): PersonalSurchargeView {
  const items = row.items as (ChargingItem & { surchargeSchemeId: string; surchargeSchemeName: string })[];
  return {
    personalSurchargeId: row.personal_surcharge_id as string,
    customerId: row.customer_id as string,
    accountNo: (row.account_no as string | null) ?? null,
    customerName: (row.customer_name as string | null) ?? null,
    items: items.map((item) => ({
      ...chargingItemView(item),
      surchargeSchemeId: item.surchargeSchemeId,
      surchargeSchemeName: item.surchargeSchemeName,
    })),
    createTime: iso(row.created_at)!,
  };
}

// ---- Debts -----------------------------------------------------------------------------------------------

const DEBT_SELECT = `SELECT d.debt_id::text, d.customer_id::text, c.account_no, c.name AS customer_name, d.debt_type,
    d.fee_name, d.amount_cents, d.residual_cents, d.deductions, d.remaining_deductions, d.instalment_cents,
    d.operator, d.created_at, d.version
  FROM debts d LEFT JOIN customers c ON c.customer_id = d.customer_id`;

export async function listDebts(
  sql: Sql,
  query: PageQuery & DebtListQuery,
): Promise<{ total: number; rows: DebtView[] }> {
  const params: unknown[] = [containsPattern(query.accountNo), query.debtType ?? null, query.open === 'true'];
  const where = `WHERE ($1::text IS NULL OR c.account_no ILIKE $1) AND ($2::text IS NULL OR d.debt_type = $2)
    AND (NOT $3::boolean OR d.residual_cents > 0)`;
  const total = await sql.query<{ count: number }>(
    `SELECT count(*)::int AS count FROM debts d LEFT JOIN customers c ON c.customer_id = d.customer_id ${where}`,
    params,
  );
  const { rows } = await sql.query<Row>(
    `${DEBT_SELECT} ${where} ORDER BY d.created_at DESC, d.debt_id DESC ${page(params)}`,
    [...params, query.pageSize, (query.pageNum - 1) * query.pageSize],
  );
  return { total: total.rows[0]?.count ?? 0, rows: rows.map(debtView) };
}

export async function getDebt(sql: Sql, debtId: string): Promise<DebtView | null> {
  const { rows } = await sql.query<Row>(`${DEBT_SELECT} WHERE d.debt_id = $1`, [debtId]);
  return rows[0] ? debtView(rows[0]) : null;
}

/** What accounts still owe on their debts, in cents, by account (an account without a debt owes 0). */
export async function openDebts(sql: Sql, customerIds: readonly string[]): Promise<Map<string, number>> {
  const { rows } = await sql.query<{ customer_id: string; owed: string }>(
    `SELECT customer_id::text, sum(residual_cents)::text AS owed FROM debts
     WHERE customer_id::text = ANY($1::text[]) GROUP BY customer_id`,
    [customerIds],
  );
  return new Map(rows.map((r) => [r.customer_id, Number(r.owed)]));
}

export async function listDebtRecords(
  sql: Sql,
  query: PageQuery & DebtRecordListQuery,
): Promise<{ total: number; rows: DebtRecordView[] }> {
  const params: unknown[] = [query.debtId ?? null, containsPattern(query.accountNo)];
  const from = `FROM debt_records r JOIN debts d USING (debt_id) LEFT JOIN customers c ON c.customer_id = d.customer_id
    WHERE ($1::uuid IS NULL OR r.debt_id = $1) AND ($2::text IS NULL OR c.account_no ILIKE $2)`;
  const total = await sql.query<{ count: number }>(`SELECT count(*)::int AS count ${from}`, params);
  const { rows } = await sql.query<Row>(
    `SELECT r.debt_id::text, c.account_no, c.name AS customer_name, d.fee_name, r.kind, d.amount_cents AS debt_cents,
       r.amount_cents, r.remaining_cents, r.remaining_deductions, r.operator, r.at
     ${from} ORDER BY r.at DESC, r.debt_id, r.version DESC ${page(params)}`,
    [...params, query.pageSize, (query.pageNum - 1) * query.pageSize],
  );
  return {
    total: total.rows[0]?.count ?? 0,
    rows: rows.map((r) => ({
      debtId: r.debt_id as string,
      accountNo: (r.account_no as string | null) ?? null,
      customerName: (r.customer_name as string | null) ?? null,
      feeName: r.fee_name as string,
      kind: r.kind as DebtRecordKind,
      debtAmount: money(r.debt_cents),
      amount: r.kind === 'paid' ? money(r.amount_cents) : 0,
      remainingDebt: money(r.remaining_cents),
      remainingDeductions: (r.remaining_deductions as number | null) ?? null,
      operator: r.operator as string,
      createTime: iso(r.at)!,
    })),
  };
}

function debtView(row: Row): DebtView {
  return {
    debtId: row.debt_id as string,
    customerId: row.customer_id as string,
    accountNo: (row.account_no as string | null) ?? null,
    customerName: (row.customer_name as string | null) ?? null,
    debtType: row.debt_type as DebtType,
    feeName: row.fee_name as string,
    debtAmount: money(row.amount_cents),
    residualDebt: money(row.residual_cents),
    deductions: (row.deductions as number | null) ?? null,
    remainingDeductions: (row.remaining_deductions as number | null) ?? null,
    instalment: row.instalment_cents === null ? null : money(row.instalment_cents),
    operator: row.operator as string,
    createTime: iso(row.created_at)!,
    version: Number(row.version),
  };
}
