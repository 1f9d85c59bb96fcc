import type { BoundSurcharge, RechargeDue } from '@hydrolog/domain';
import type { Sql } from '@hydrolog/eventstore';
import type { PageQuery, TransactionListQuery, TransactionType, TransactionView } from '@hydrolog/schemas';
import { containsPattern, page } from '../sql.ts';
import { boundItemsOf } from './surcharge-queries.ts';

type Row = Record<string, unknown>;

const TRANSACTION_FROM = `FROM transactions t LEFT JOIN customers c ON c.customer_id = t.customer_id
  WHERE ($1::text IS NULL OR c.account_no ILIKE $1) AND ($2::text IS NULL OR t.type = $2)
    AND ($3::date IS NULL OR t.at >= $3::date) AND ($4::date IS NULL OR t.at < $4::date + 1)`;

/** Transactions of the tenant, newest first, filtered by account, type and days (UTC). */
export async function listTransactions(
  sql: Sql,
  query: PageQuery & TransactionListQuery,
): Promise<{ total: number; rows: TransactionView[] }> {
  const params: unknown[] = [
    containsPattern(query.accountNo),
    query.type ?? null,
    query.beginTime ?? null,
    query.endTime ?? null,
  ];
  const total = await sql.query<{ count: number }>(
    `SELECT count(*)::int AS count ${TRANSACTION_FROM}`,
    params,
  );
  const { rows } = await sql.query<Row>(
    `SELECT t.transaction_id, t.customer_id::text, c.account_no, c.name AS customer_name, t.type, t.amount_cents,
       t.balance_change_cents, t.balance_after_cents,
       COALESCE(t.operator, (SELECT u.user_name FROM users u WHERE u.user_id::text = t.operator_id)) AS operator,
       t.reference, t.at
     ${TRANSACTION_FROM} ORDER BY t.at DESC, t.transaction_id DESC ${page(params)}`,
    [...params, query.pageSize, (query.pageNum - 1) * query.pageSize],
  );
  return {
    total: total.rows[0]?.count ?? 0,
    rows: rows.map((r) => ({
      transactionId: r.transaction_id as string,
      customerId: r.customer_id as string,
      accountNo: (r.account_no as string | null) ?? null,
      customerName: (r.customer_name as string | null) ?? null,
      type: r.type as TransactionType,
      amount: Number(r.amount_cents) / 100,
      balanceChange: Number(r.balance_change_cents) / 100,
      balanceAfter: Number(r.balance_after_cents) / 100,
      operator: (r.operator as string | null) ?? null,
      reference: (r.reference as string | null) ?? null,
      createTime: (r.at as Date).toISOString(),
    })),
  };
}

/**
 * What a recharge of the account pays first: its debts with a plan and something left (oldest first), and
 * the charging items bound to it in enabled schemes, each with when a recharge last charged it.
 */
export async function rechargeDue(sql: Sql, customerId: string): Promise<RechargeDue> {
  const debts = await sql.query<Row>(
    `SELECT debt_id::text, fee_name, instalment_cents, residual_cents FROM debts
     WHERE customer_id = $1 AND residual_cents > 0 AND instalment_cents IS NOT NULL
     ORDER BY created_at, debt_id`,
    [customerId],
  );
  const items = await sql.query<{ item: BoundSurcharge['item']; last_charged_at: Date | null }>(
    `SELECT i.item, (SELECT max(t.at) FROM transactions t WHERE t.customer_id = p.customer_id
         AND t.type = 'surcharge' AND t.subject_id = i.charging_item_id::text) AS last_charged_at
     FROM ${boundItemsOf('$1')} ORDER BY i.name, i.charging_item_id`,
    [customerId],
  );
  return {
    debts: debts.rows.map((r) => ({
      debtId: r.debt_id as string,
      feeName: r.fee_name as string,
      instalmentCents: Number(r.instalment_cents),
      residualCents: Number(r.residual_cents),
    })),
    surcharges: items.rows.map((r) => ({
      item: r.item,
      lastChargedAt: r.last_charged_at ? r.last_charged_at.toISOString() : null,
    })),
  };
}
