import type { BoundSurcharge, RechargeDue } from '@hydrolog/domain';
import type { RecordedEvent, Sql } from '@hydrolog/eventstore';
import type {
  EventData,
  PageQuery,
  TransactionListQuery,
  TransactionType,
  TransactionView,
} from '@hydrolog/schemas';
import type { Projection } from '../projection.ts';
import { containsPattern, page } from '../sql.ts';

type Row = Record<string, unknown>;

const cents = (amount: number) => Math.round(amount * 100);

interface Movement {
  type: TransactionType;
  amountCents: number;
  /** What the movement does to the balance: + in, - out, 0 when paid at the counter. */
  balanceChangeCents: number;
  operator: string | null;
  reference: string | null;
  /** The debt or charging item the movement paid, if any. */
  subjectId?: string;
}

/**
 * Records movements of one account, in order, each with the balance after it. The running balance is kept
 * in `transaction_balances` so that a row never needs the rows before it.
 */
async function record(sql: Sql, event: RecordedEvent, customerId: string, at: string, movements: Movement[]) {
  for (const [n, m] of movements.entries()) {
    const { rows } = await sql.query<{ balance_cents: string }>(
      `INSERT INTO transaction_balances (customer_id, tenant_id, balance_cents) VALUES ($1, $2, $3)
       ON CONFLICT (customer_id) DO UPDATE SET balance_cents = transaction_balances.balance_cents + $3
       RETURNING balance_cents::text`,
      [customerId, event.metadata.tenantId, m.balanceChangeCents],
    );
    await sql.query(
      `INSERT INTO transactions (transaction_id, tenant_id, customer_id, type, amount_cents, balance_change_cents,
         balance_after_cents, operator_id, operator, reference, subject_id, at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)`,
      [
        // Padded, so that the rows of one event sort in their order.
        `${event.id}:${String(n).padStart(3, '0')}`,
        event.metadata.tenantId,
        customerId,
        m.type,
        m.amountCents,
        m.balanceChangeCents,
        rows[0]!.balance_cents,
        event.metadata.userId ?? null,
        m.operator,
        m.reference,
        m.subjectId ?? null,
        at,
      ],
    );
  }
}

/**
 * Transactions (trade records): one row per movement of an account's money, from the events that move it
 * (recharges with what they paid first, refunds, debt payments at the counter). Each row keeps the balance
 * after it, so the balance is always the sum of the rows' balance changes.
 */
export const transactionsProjection: Projection = {
  name: 'transactions',
  version: 1,
  mode: 'inline',
  tables: ['transactions', 'transaction_balances'],
  reads: ['debts', 'customers', 'users'],
  tenantTables: ['transactions', 'transaction_balances'],
  migrations: [
    `CREATE TABLE transactions (
      transaction_id text PRIMARY KEY,
      tenant_id uuid NOT NULL,
      customer_id uuid NOT NULL,
      type text NOT NULL,
      amount_cents bigint NOT NULL,
      balance_change_cents bigint NOT NULL,
      balance_after_cents bigint NOT NULL,
      operator_id text,
      operator text,
      reference text,
      subject_id text,
      at timestamptz NOT NULL
    )`,
    'CREATE INDEX transactions_tenant ON transactions (tenant_id, at)',
    'CREATE INDEX transactions_customer ON transactions (customer_id, at)',
    `CREATE TABLE transaction_balances (
      customer_id uuid PRIMARY KEY,
      tenant_id uuid NOT NULL,
      balance_cents bigint NOT NULL
    )`,
  ],
  handlers: {
    async AccountRecharged(sql, event) {
      const d = event.data as EventData<'AccountRecharged'>;
      const amountCents = cents(d.amount);
      await record(sql, event, d.customerId, d.at, [
        {
          type: 'recharge',
          amountCents,
          balanceChangeCents: amountCents,
          operator: null,
          reference: d.payChannel,
        },
        ...(d.deductions ?? []).map(
          (x): Movement => ({
            type: x.kind === 'debt' ? 'debtPayment' : 'surcharge',
            amountCents: x.amountCents,
            balanceChangeCents: -x.amountCents,
            operator: null,
            reference: x.kind === 'debt' ? x.feeName : x.name,
            subjectId: x.kind === 'debt' ? x.debtId : x.chargingItemId,
          }),
        ),
      ]);
    },
    async AccountRefunded(sql, event) {
      const d = event.data as EventData<'AccountRefunded'>;
      const amountCents = cents(d.amount);
      await record(sql, event, d.customerId, d.at, [
        {
          type: 'refund',
          amountCents,
          balanceChangeCents: -amountCents,
          operator: null,
          reference: d.payChannel,
        },
      ]);
    },
    async DebtPaid(sql, event) {
      const d = event.data as EventData<'DebtPaid'>;
      // A recharge's deduction is recorded with the recharge, from the recharge's event.
      if (d.byRecharge) return;
      const { rows } = await sql.query<{ customer_id: string; fee_name: string }>(
        'SELECT customer_id::text, fee_name FROM debts WHERE debt_id = $1',
        [d.debtId],
      );
      const debt = rows[0];
      if (!debt) return;
      await record(sql, event, debt.customer_id, d.at, [
        {
          type: 'debtPayment',
          amountCents: d.amountCents,
          balanceChangeCents: 0,
          operator: d.operator,
          reference: debt.fee_name,
          subjectId: d.debtId,
        },
      ]);
    },
  },
};

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
     FROM personal_surcharges p
     JOIN charging_items i ON p.charging_item_ids ? i.charging_item_id::text
     JOIN surcharge_schemes s ON s.surcharge_scheme_id = i.surcharge_scheme_id AND s.status = '0'
     WHERE p.customer_id = $1 ORDER BY i.name, i.charging_item_id`,
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
