import { centsOf } from '@hydrolog/domain';
import type { Sql } from '@hydrolog/eventstore';
import type { DeductionListQuery, DeductionView, PageQuery } from '@hydrolog/schemas';
import { containsPattern, page } from '../sql.ts';

/** A prepaid account with days of water not yet paid for, as the deduction needs it. */
export interface DeductionAccount {
  customerId: string;
  meterId: string;
  priceSchemeId: string;
  valveControl: boolean;
  /** Cents; null when the account has none. */
  arrearsCloseThresholdCents: number | null;
  balanceThresholdCents: number | null;
  balanceCents: number;
  /**
   * The days after its last paid one, in order, with their volume (m³; null: not known, the counter not known at
   * both midnights) and what the meter measured of them (m³, never spread over a gap).
   */
  days: { day: string; volume: number | null; measured: number }[];
}

const centsOrNull = (amount: unknown) =>
  amount === null || amount === undefined ? null : centsOf(Number(amount));

/**
 * The prepaid accounts that bill, have a price scheme and are not cancelled, each with its meter's days after
 * the last one it paid for (or from the day it opened) and before `today` (the tenant's local day).
 */
export async function deductionAccounts(
  sql: Sql,
  today: string,
  timeZone: string,
): Promise<DeductionAccount[]> {
  const { rows } = await sql.query<{
    customer_id: string;
    meter_id: string;
    price_scheme_id: string;
    valve_control: boolean;
    arrears: unknown;
    low: unknown;
    balance: string;
    days: DeductionAccount['days'];
  }>(
    `SELECT c.customer_id::text, c.meter_id::text, c.account->>'priceSchemeId' AS price_scheme_id,
       COALESCE(t.valve_control, false) AS valve_control,
       c.account->'arrearsCloseThreshold' AS arrears, c.account->'balanceThreshold' AS low, c.balance::text,
       d.days
     FROM customers c
     LEFT JOIN meter_types t ON t.meter_type_id = c.meter_type_id
     CROSS JOIN LATERAL (
       SELECT json_agg(json_build_object('day', m.day::text, 'volume', m.volume, 'measured', m.measured_volume) ORDER BY m.day) AS days
       FROM meter_daily m
       WHERE m.meter_id = c.meter_id AND m.day < $1::date
         AND m.day > COALESCE((SELECT max(x.day) FROM deductions x WHERE x.customer_id = c.customer_id),
                              (c.opened_at AT TIME ZONE $2)::date - 1)
     ) d
     WHERE c.status <> 'cancelled' AND c.account->>'businessMode' = 'prepaid'
       AND (c.account->>'billing')::boolean AND c.account->>'priceSchemeId' IS NOT NULL AND d.days IS NOT NULL
     ORDER BY c.customer_id`,
    [today, timeZone],
  );
  return rows.map((r) => ({
    customerId: r.customer_id,
    meterId: r.meter_id,
    priceSchemeId: r.price_scheme_id,
    valveControl: r.valve_control,
    arrearsCloseThresholdCents: centsOrNull(r.arrears),
    balanceThresholdCents: centsOrNull(r.low),
    balanceCents: centsOf(Number(r.balance)),
    days: r.days,
  }));
}

/** The litres an account paid for on the days of [from, before). */
export async function deductedLitres(
  sql: Sql,
  customerId: string,
  from: string,
  before: string,
): Promise<number> {
  const { rows } = await sql.query<{ litres: string | null }>(
    'SELECT sum(litres)::text AS litres FROM deductions WHERE customer_id = $1 AND day >= $2 AND day < $3',
    [customerId, from, before],
  );
  return Number(rows[0]?.litres ?? 0);
}

const DEDUCTION_FROM = `FROM deductions d LEFT JOIN customers c ON c.customer_id = d.customer_id
  LEFT JOIN meters m ON m.meter_id = d.meter_id
  WHERE ($1::text IS NULL OR c.account_no ILIKE $1) AND ($2::date IS NULL OR d.day >= $2::date)
    AND ($3::date IS NULL OR d.day <= $3::date)`;

/** The days prepaid accounts paid for, newest first, filtered by account and days. */
export async function listDeductions(
  sql: Sql,
  query: PageQuery & DeductionListQuery,
): Promise<{ total: number; rows: DeductionView[] }> {
  const params: unknown[] = [
    containsPattern(query.accountNo),
    query.beginTime ?? null,
    query.endTime ?? null,
  ];
  const total = await sql.query<{ count: number }>(`SELECT count(*)::int AS count ${DEDUCTION_FROM}`, params);
  const { rows } = await sql.query<Record<string, unknown>>(
    `SELECT d.customer_id::text, c.account_no, c.name AS customer_name, m.meter_no, d.day::text, d.litres,
       d.amount_cents, d.balance_after_cents, d.valve_closed, d.at
     ${DEDUCTION_FROM} ORDER BY d.day DESC, c.account_no ${page(params)}`,
    [...params, query.pageSize, (query.pageNum - 1) * query.pageSize],
  );
  return {
    total: total.rows[0]?.count ?? 0,
    rows: rows.map((r) => ({
      customerId: r.customer_id as string,
      accountNo: (r.account_no as string | null) ?? null,
      customerName: (r.customer_name as string | null) ?? null,
      meterNo: (r.meter_no as string | null) ?? null,
      day: r.day as string,
      volume: Number(r.litres) / 1000,
      amount: Number(r.amount_cents) / 100,
      balanceAfter: Number(r.balance_after_cents) / 100,
      valveClosed: r.valve_closed as boolean,
      createTime: (r.at as Date).toISOString(),
    })),
  };
}
