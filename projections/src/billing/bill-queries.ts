import type { Sql } from '@hydrolog/eventstore';
import {
  type BillDetail,
  type BillListQuery,
  type BillMeter,
  type BillPart,
  type BillPaymentMethod,
  type BillState,
  type BillSurcharge,
  type BillType,
  type BillView,
  type ChargingItem,
  type PageQuery,
  surchargeTrialOf,
} from '@hydrolog/schemas';
import { containsPattern, page } from '../sql.ts';
import { boundItemsJson } from './surcharge-queries.ts';

// Every query here runs inside withTenant.

type Row = Record<string, unknown>;

const BILL_FROM = `FROM bills b LEFT JOIN customers c ON c.customer_id = b.customer_id
  LEFT JOIN price_schemes p ON p.price_scheme_id = b.price_scheme_id
  WHERE ($1::text IS NULL OR b.account_no ILIKE $1) AND ($2::text IS NULL OR to_char(b.period_from, 'YYYY-MM') = $2)
    AND ($3::text IS NULL OR b.type = $3) AND ($4::text IS NULL OR b.state = $4)`;
// A bill shows the holder it was issued to (the account's current one on bills that did not record it).
const BILL_COLUMNS = `b.bill_id::text, b.customer_id::text, b.account_no, coalesce(b.holder_name, c.name) AS customer_name,
  b.price_scheme_id::text, p.name AS price_scheme_name, b.type, b.state, to_char(b.period_from, 'YYYY-MM-DD') AS period_from,
  to_char(b.period_to - 1, 'YYYY-MM-DD') AS period_last, b.no_reading, b.litres, b.total_cents, b.paid_cents,
  b.payment_method, b.paid_at, b.issued_at, b.corrects_bill_id::text`;

/**
 * A meter's counter at the start and end of a period of local days: the reading on the boundary or the last
 * one within a day before it (else the first reported in the period), and the reading on the end boundary or
 * within a day after it (else the last reported in the period). Null when it reported nothing near.
 */
const READINGS_AT_BOUNDS = (meter: string, from: string, to: string, zone: string) => {
  const start = `(${from}::date::timestamp AT TIME ZONE ${zone})`;
  const end = `(${to}::date::timestamp AT TIME ZONE ${zone})`;
  return `coalesce(
      (SELECT x.total FROM tenant_readings x WHERE x.meter_id = ${meter} AND x.ts <= ${start}
         AND x.ts > ${start} - interval '1 day' ORDER BY x.ts DESC LIMIT 1),
      (SELECT x.total FROM tenant_readings x WHERE x.meter_id = ${meter} AND x.ts > ${start} AND x.ts < ${end}
         ORDER BY x.ts LIMIT 1)) AS start_reading,
    coalesce(
      (SELECT x.total FROM tenant_readings x WHERE x.meter_id = ${meter} AND x.ts >= ${end}
         AND x.ts < ${end} + interval '1 day' ORDER BY x.ts LIMIT 1),
      (SELECT x.total FROM tenant_readings x WHERE x.meter_id = ${meter} AND x.ts >= ${start} AND x.ts < ${end}
         ORDER BY x.ts DESC LIMIT 1)) AS end_reading`;
};

/** Bills of the tenant, the latest periods first, by account, period month, type and state. */
export async function listBills(
  sql: Sql,
  query: PageQuery & BillListQuery,
): Promise<{ total: number; rows: BillView[] }> {
  const params: unknown[] = [
    containsPattern(query.accountNo),
    query.period ?? null,
    query.type ?? null,
    query.state ?? null,
  ];
  const total = await sql.query<{ count: number }>(`SELECT count(*)::int AS count ${BILL_FROM}`, params);
  const { rows } = await sql.query<Row>(
    `SELECT ${BILL_COLUMNS} ${BILL_FROM} ORDER BY b.period_from DESC, b.account_no, b.issued_at DESC
     ${page(params)}`,
    [...params, query.pageSize, (query.pageNum - 1) * query.pageSize],
  );
  return { total: total.rows[0]?.count ?? 0, rows: rows.map(billView) };
}

/** A bill with its parts, lines, surcharges and meters; null when the tenant has no such bill. */
export async function getBill(sql: Sql, billId: string): Promise<BillDetail | null> {
  const { rows } = await sql.query<Row>(
    `SELECT ${BILL_COLUMNS}, b.accumulated_litres, b.parts, b.surcharges, b.meters, b.adjustment_reason
     FROM bills b LEFT JOIN customers c ON c.customer_id = b.customer_id
     LEFT JOIN price_schemes p ON p.price_scheme_id = b.price_scheme_id WHERE b.bill_id = $1`,
    [billId],
  );
  const row = rows[0];
  if (!row) return null;
  const litresToM3 = (litres: number) => litres / 1000;
  return {
    ...billView(row),
    accumulatedVolume: litresToM3(Number(row.accumulated_litres)),
    parts: (row.parts as BillPart[]).map((part) => ({
      type: part.type,
      from: part.from,
      to: part.to,
      effectiveFrom: part.effectiveFrom,
      volume: litresToM3(part.litres),
      accumulatedVolume: litresToM3(part.accumulatedLitres),
      lines: part.lines.map((line) => ({
        kind: line.kind,
        step: line.kind === 'step' ? line.step : null,
        volume: line.kind === 'step' ? litresToM3(line.litres) : null,
        unitPrice: line.kind === 'step' ? line.unitPriceCents / 100 : null,
        vatRate: line.kind === 'vat' ? line.rateBasisPoints / 100 : null,
        amount: line.amountCents / 100,
      })),
      net: part.netCents / 100,
      vat: part.vatCents / 100,
      total: part.totalCents / 100,
    })),
    surcharges: surchargeTrialOf(row.surcharges as BillSurcharge[]),
    meters: row.meters as BillMeter[],
    adjustment:
      row.corrects_bill_id === null
        ? null
        : { amount: Number(row.total_cents) / 100, reason: row.adjustment_reason as string },
  };
}

function billView(row: Row): BillView {
  return {
    billId: row.bill_id as string,
    customerId: row.customer_id as string,
    accountNo: row.account_no as string,
    customerName: (row.customer_name as string | null) ?? null,
    priceSchemeId: row.price_scheme_id as string,
    priceSchemeName: (row.price_scheme_name as string | null) ?? null,
    type: row.type as BillType,
    state: row.state as BillState,
    periodFrom: row.period_from as string,
    periodTo: row.period_last as string,
    noReading: row.no_reading as boolean,
    volume: Number(row.litres) / 1000,
    amount: Number(row.total_cents) / 100,
    paidAmount: Number(row.paid_cents) / 100,
    paymentMethod: (row.payment_method as BillPaymentMethod | null) ?? null,
    paidAt: row.paid_at ? (row.paid_at as Date).toISOString() : null,
    createTime: (row.issued_at as Date).toISOString(),
    correctsBillId: (row.corrects_bill_id as string | null) ?? null,
  };
}

/** The price schemes that postpaid accounts to bill are on. */
export async function postpaidSchemeIds(sql: Sql): Promise<string[]> {
  const { rows } = await sql.query<{ id: string }>(
    `SELECT DISTINCT account->>'priceSchemeId' AS id FROM customers
     WHERE status <> 'cancelled' AND account->>'businessMode' = 'postpaid' AND account->>'priceSchemeId' IS NOT NULL
       AND coalesce((account->>'billing')::boolean, true) ORDER BY 1`,
  );
  return rows.map((r) => r.id);
}

/** An account to bill for a period, with what its bill is computed from. */
export interface BillRunAccount {
  customerId: string;
  accountNo: string;
  holderName: string;
  meterId: string;
  meterNo: string;
  /** The first local day the account's volumes count in the period (the day it opened, or the period's). */
  firstDay: string;
  /**
   * Where the account's bills that reach into the period end (null: none does): the period's end or later
   * when it is billed, a day inside it when a closing bill (freeze, transfer, tariff renewal) billed its start.
   */
  billedTo: string | null;
  /** A meter of the account was replaced on or after the period's first day: its volumes span meters. */
  replaced: boolean;
  /**
   * Where the previous bill on the scheme (ending where what is left to bill starts) left the cycle's steps;
   * null: none (another scheme's steps do not carry over).
   */
  accumulatedLitres: number | null;
  /** Litres read in each stretch between the bounds (whole litres per day, added up). */
  stretchLitres: number[];
  /** Days with a reading in the period. */
  daysRead: number;
  startReading: number | null;
  endReading: number | null;
  /** The charging items bound to the account. */
  surchargeItems: ChargingItem[];
}

/**
 * A page of the postpaid accounts of a scheme to bill for [bounds[0], bounds.at(-1)), after `afterCustomerId`
 * in id order (keyset paging: the run holds one page in memory at a time). Each account's daily volumes
 * (measured volume of its current meter, from the day the account opened) are summed per stretch between the
 * bounds in the same statement, each day rounded to whole litres first as the tariff math counts them.
 */
export async function billRunPage(
  sql: Sql,
  args: {
    priceSchemeId: string;
    bounds: string[];
    afterCustomerId: string | null;
    limit: number;
    timeZone: string;
  },
): Promise<BillRunAccount[]> {
  const { bounds } = args;
  const from = bounds[0]!;
  const to = bounds.at(-1)!;
  const { rows } = await sql.query<Row>(
    `WITH acc AS (
       SELECT c.customer_id, c.account_no, c.name, c.meter_id, c.meter_no,
         greatest($4::date, (c.opened_at AT TIME ZONE $7)::date) AS first_day
       FROM customers c
       WHERE c.account->>'priceSchemeId' = $1 AND c.status <> 'cancelled'
         AND c.account->>'businessMode' = 'postpaid' AND coalesce((c.account->>'billing')::boolean, true)
         -- The cursor as a plain comparison (not an OR): an index condition, so a page starts where the last ended.
         AND c.customer_id > coalesce($2::uuid, '00000000-0000-0000-0000-000000000000')
         AND (c.opened_at AT TIME ZONE $7)::date < $5::date
       ORDER BY c.customer_id LIMIT $3)
     SELECT a.customer_id::text, a.account_no, a.name, a.meter_id::text, a.meter_no,
       to_char(a.first_day, 'YYYY-MM-DD') AS first_day, to_char(bt.billed_to, 'YYYY-MM-DD') AS billed_to,
       EXISTS (SELECT 1 FROM meter_replacements r WHERE r.customer_id = a.customer_id
         AND (r.last_read_time AT TIME ZONE $7)::date >= $4::date) AS replaced,
       (SELECT b.accumulated_litres FROM bills b WHERE b.customer_id = a.customer_id
         AND b.period_to = greatest($4::date, bt.billed_to) AND b.price_scheme_id = $1::uuid
         ORDER BY b.issued_at DESC LIMIT 1) AS accumulated_litres,
       v.litres, v.days_read, r.start_reading, r.end_reading, ${boundItemsJson('a.customer_id')} AS surcharge_items
     FROM acc a
     CROSS JOIN LATERAL (SELECT max(b.period_to) AS billed_to FROM bills b WHERE b.customer_id = a.customer_id
       AND b.period_from < $5::date AND b.period_to > $4::date AND b.corrects_bill_id IS NULL) bt
     CROSS JOIN LATERAL (
       SELECT array_agg(seg.litres ORDER BY seg.i) AS litres, sum(seg.days)::int AS days_read
       FROM (SELECT k.i, coalesce(sum(floor(d.measured_volume * 1000 + 0.5)), 0)::bigint AS litres,
               count(d.day) FILTER (WHERE d.readings > 0) AS days
             FROM unnest($6::date[]) WITH ORDINALITY AS k(f, i)
             LEFT JOIN meter_daily d ON d.meter_id = a.meter_id AND d.day >= greatest(k.f, a.first_day)
               AND d.day < coalesce(($6::date[])[k.i + 1], $5::date)
             WHERE k.f < $5::date GROUP BY k.i) seg) v
     CROSS JOIN LATERAL (SELECT ${READINGS_AT_BOUNDS('a.meter_id', '$4', '$5', '$7')}) r
     ORDER BY a.customer_id`,
    [
      args.priceSchemeId,
      args.afterCustomerId,
      args.limit,
      from,
      to,
      `{${bounds.slice(0, -1).join(',')}}`,
      args.timeZone,
    ],
  );
  return rows.map((r) => ({
    customerId: r.customer_id as string,
    accountNo: r.account_no as string,
    holderName: r.name as string,
    meterId: r.meter_id as string,
    meterNo: r.meter_no as string,
    firstDay: r.first_day as string,
    billedTo: (r.billed_to as string | null) ?? null,
    replaced: r.replaced as boolean,
    accumulatedLitres: r.accumulated_litres === null ? null : Number(r.accumulated_litres),
    stretchLitres: (r.litres as (string | number)[]).map(Number),
    daysRead: r.days_read as number,
    startReading: (r.start_reading as number | null) ?? null,
    endReading: (r.end_reading as number | null) ?? null,
    surchargeItems: r.surcharge_items as ChargingItem[],
  }));
}

/** A postpaid account that bills on a price scheme, as a bill closing its running period needs it. */
export interface ClosingBillAccount {
  customerId: string;
  accountNo: string;
  holderName: string;
  priceSchemeId: string;
  /** The local day the account opened. */
  firstDay: string;
  /** The charging items bound to the account. */
  surchargeItems: ChargingItem[];
  /** The account's latest bill (corrections aside): where it ends, on which scheme, where it left the steps. */
  lastBill: { periodTo: string; priceSchemeId: string; accumulatedLitres: number } | null;
}

/** The account as its closing bill needs it; null when it is no postpaid account that bills on a scheme. */
export async function closingBillAccount(
  sql: Sql,
  customerId: string,
  timeZone: string,
): Promise<ClosingBillAccount | null> {
  const { rows } = await sql.query<Row>(
    `SELECT c.customer_id::text, c.account_no, c.name, c.account->>'priceSchemeId' AS price_scheme_id,
       to_char((c.opened_at AT TIME ZONE $2)::date, 'YYYY-MM-DD') AS first_day,
       to_char(b.period_to, 'YYYY-MM-DD') AS period_to, b.price_scheme_id::text AS bill_scheme_id, b.accumulated_litres,
       ${boundItemsJson('c.customer_id')} AS surcharge_items
     FROM customers c
     LEFT JOIN LATERAL (SELECT * FROM bills x WHERE x.customer_id = c.customer_id AND x.corrects_bill_id IS NULL
       ORDER BY x.period_to DESC, x.issued_at DESC LIMIT 1) b ON true
     WHERE c.customer_id = $1 AND c.status <> 'cancelled' AND c.account->>'businessMode' = 'postpaid'
       AND c.account->>'priceSchemeId' IS NOT NULL AND coalesce((c.account->>'billing')::boolean, true)`,
    [customerId, timeZone],
  );
  const r = rows[0];
  if (!r) return null;
  return {
    customerId: r.customer_id as string,
    accountNo: r.account_no as string,
    holderName: r.name as string,
    priceSchemeId: r.price_scheme_id as string,
    firstDay: r.first_day as string,
    surchargeItems: r.surcharge_items as ChargingItem[],
    lastBill:
      r.period_to === null
        ? null
        : {
            periodTo: r.period_to as string,
            priceSchemeId: r.bill_scheme_id as string,
            accumulatedLitres: Number(r.accumulated_litres),
          },
  };
}

/**
 * The meters an account was on during [from, to) across replacements, each with its counter at the start and
 * end of what it served in the period: a replaced meter ends on the final reading taken at the swap, its
 * successor starts on its initial reading, else the readings it reported; `changed`: a replacement fell in
 * the period; `read`: some meter reported in it.
 */
export async function billMetersOf(
  sql: Sql,
  customerId: string,
  from: string,
  to: string,
  timeZone: string,
): Promise<{ list: BillMeter[]; changed: boolean; read: boolean }> {
  const { rows } = await sql.query<Row>(
    `WITH swaps AS (
       SELECT old_meter_id, old_meter_no, new_meter_id, new_meter_no, recent_reading, new_initial_reading,
         (last_read_time AT TIME ZONE $4)::date AS day
       FROM meter_replacements WHERE customer_id = $1),
     in_period AS (SELECT * FROM swaps WHERE day >= $2::date AND day < $3::date),
     served AS (
       SELECT old_meter_id AS meter_id, old_meter_no AS meter_no FROM swaps WHERE day >= $2::date
       UNION SELECT new_meter_id, new_meter_no FROM swaps WHERE day < $3::date
       UNION SELECT meter_id, meter_no FROM customers WHERE customer_id = $1),
     reported AS (
       SELECT s.meter_id, s.meter_no, ${READINGS_AT_BOUNDS('s.meter_id', '$2', '$3', '$4')} FROM served s)
     SELECT s.meter_id::text, s.meter_no,
       coalesce((SELECT w.new_initial_reading FROM in_period w WHERE w.new_meter_id = s.meter_id), s.start_reading)
         AS start_reading,
       coalesce((SELECT w.recent_reading FROM in_period w WHERE w.old_meter_id = s.meter_id), s.end_reading)
         AS end_reading,
       EXISTS (SELECT 1 FROM meter_daily d WHERE d.meter_id = s.meter_id AND d.day >= $2::date AND d.day < $3::date
         AND d.readings > 0) AS days_read,
       EXISTS (SELECT 1 FROM in_period) AS changed
     FROM reported s ORDER BY s.meter_no`,
    [customerId, from, to, timeZone],
  );
  return {
    list: rows.map((r) => ({
      meterId: r.meter_id as string,
      meterNo: r.meter_no as string,
      startReading: (r.start_reading as number | null) ?? null,
      endReading: (r.end_reading as number | null) ?? null,
    })),
    changed: rows.some((r) => r.changed as boolean),
    read: rows.some((r) => r.days_read as boolean),
  };
}

/** Billed, paid and unpaid amounts of the tenant's bills (cents). */
export async function billTotals(sql: Sql): Promise<{ billed: number; paid: number; unpaid: number }> {
  const { rows } = await sql.query<{ billed: string; paid: string }>(
    `SELECT coalesce(sum(total_cents), 0)::text AS billed, coalesce(sum(paid_cents), 0)::text AS paid FROM bills`,
  );
  const billed = Number(rows[0]?.billed ?? 0);
  const paid = Number(rows[0]?.paid ?? 0);
  return { billed, paid, unpaid: billed - paid };
}

/**
 * Billed amounts (by the local day bills were issued) and paid amounts (by the local day they were paid), in
 * cents, for each of the `days` local days up to `today`; `any`: the tenant has bills at all.
 */
export async function billDays(
  sql: Sql,
  today: string,
  days: number,
  timeZone: string,
): Promise<{ any: boolean; days: { date: string; billedCents: number; paidCents: number }[] }> {
  const { rows } = await sql.query<{ date: string; billed: string; paid: string }>(
    `WITH g AS (SELECT d::date AS day FROM generate_series($1::date - ($2::int - 1), $1::date, interval '1 day') d),
     issued AS (SELECT (issued_at AT TIME ZONE $3)::date AS day, sum(total_cents) AS cents FROM bills
       WHERE issued_at >= ((SELECT min(day) FROM g)::timestamp AT TIME ZONE $3) GROUP BY 1),
     paid AS (SELECT (paid_at AT TIME ZONE $3)::date AS day, sum(paid_cents) AS cents FROM bills
       WHERE paid_at >= ((SELECT min(day) FROM g)::timestamp AT TIME ZONE $3) GROUP BY 1)
     SELECT to_char(g.day, 'YYYY-MM-DD') AS date, coalesce(i.cents, 0)::text AS billed, coalesce(p.cents, 0)::text AS paid
     FROM g LEFT JOIN issued i ON i.day = g.day LEFT JOIN paid p ON p.day = g.day ORDER BY g.day`,
    [today, days, timeZone],
  );
  const any = await sql.query('SELECT 1 FROM bills LIMIT 1');
  return {
    any: any.rows.length > 0,
    days: rows.map((r) => ({ date: r.date, billedCents: Number(r.billed), paidCents: Number(r.paid) })),
  };
}
