import { centsOf } from '@hydrolog/domain';
import type { RecordedEvent, Sql } from '@hydrolog/eventstore';
import type { EventData, TransactionType } from '@hydrolog/schemas';
import type { Projection } from '../projection.ts';

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
async function record(
  sql: Sql,
  event: RecordedEvent,
  customerId: string,
  at: string,
  movements: Movement[],
): Promise<bigint> {
  let balanceAfter = 0n;
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
    balanceAfter = BigInt(rows[0]!.balance_cents);
  }
  return balanceAfter;
}

async function balanceOf(sql: Sql, customerId: string): Promise<bigint> {
  const { rows } = await sql.query<{ balance_cents: string }>(
    'SELECT balance_cents::text FROM transaction_balances WHERE customer_id = $1',
    [customerId],
  );
  return BigInt(rows[0]?.balance_cents ?? 0);
}

/**
 * Transactions (trade records): one row per movement of an account's money, from the events that move it
 * (recharges with what they paid first, refunds, debt payments at the counter, corrections' credits). Each
 * row keeps the balance after it, so the balance is always the sum of the rows' balance changes.
 */
export const transactionsProjection: Projection = {
  name: 'transactions',
  version: 2,
  mode: 'inline',
  tables: ['transactions', 'transaction_balances', 'deductions'],
  reads: ['debts', 'customers', 'users', 'meters', 'meter_types', 'meter_daily'],
  tenantTables: ['transactions', 'transaction_balances', 'deductions'],
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
    // The days a prepaid account paid for, with where its accumulation cycle stood: the next day's steps
    // start from the sum of the cycle's earlier days.
    `CREATE TABLE deductions (
      customer_id uuid NOT NULL,
      day date NOT NULL,
      tenant_id uuid NOT NULL,
      meter_id uuid NOT NULL,
      price_scheme_id uuid NOT NULL,
      litres bigint NOT NULL,
      amount_cents bigint NOT NULL,
      balance_after_cents bigint NOT NULL,
      valve_closed boolean NOT NULL,
      at timestamptz NOT NULL,
      PRIMARY KEY (customer_id, day)
    )`,
    'CREATE INDEX deductions_tenant ON deductions (tenant_id, day)',
  ],
  handlers: {
    async AccountRecharged(sql, event) {
      const d = event.data as EventData<'AccountRecharged'>;
      const amountCents = centsOf(d.amount);
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
      const amountCents = centsOf(d.amount);
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
    async AccountDeducted(sql, event) {
      const d = event.data as EventData<'AccountDeducted'>;
      // A day that cost nothing is a deduction, not a movement of money.
      const balanceAfter =
        d.amountCents > 0
          ? await record(sql, event, d.customerId, d.at, [
              {
                type: 'deduction',
                amountCents: d.amountCents,
                balanceChangeCents: -d.amountCents,
                operator: null,
                reference: d.day,
              },
            ])
          : await balanceOf(sql, d.customerId);
      await sql.query(
        `INSERT INTO deductions (customer_id, day, tenant_id, meter_id, price_scheme_id, litres, amount_cents,
           balance_after_cents, valve_closed, at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
        [
          d.customerId,
          d.day,
          event.metadata.tenantId,
          d.meterId,
          d.priceSchemeId,
          d.litres,
          d.amountCents,
          balanceAfter,
          d.valveCommandId !== null,
          d.at,
        ],
      );
    },
    async AccountBillPaid(sql, event) {
      const d = event.data as EventData<'AccountBillPaid'>;
      await record(sql, event, d.customerId, d.at, [
        {
          type: 'billPayment',
          amountCents: d.amountCents,
          balanceChangeCents: -d.amountCents,
          operator: null,
          reference: null,
          subjectId: d.billId,
        },
      ]);
    },
    async AccountBillCredited(sql, event) {
      const d = event.data as EventData<'AccountBillCredited'>;
      await record(sql, event, d.customerId, d.at, [
        {
          type: 'billCredit',
          amountCents: d.amountCents,
          balanceChangeCents: d.amountCents,
          operator: null,
          reference: null,
          subjectId: d.billId,
        },
      ]);
    },
    async BillPaid(sql, event) {
      const d = event.data as EventData<'BillPaid'>;
      // A payment out of the balance is recorded from the account's event; nothing moves for a zero bill.
      if (d.method === 'balance' || d.amountCents === 0) return;
      await record(sql, event, d.customerId, d.at, [
        {
          type: 'billPayment',
          amountCents: d.amountCents,
          balanceChangeCents: 0,
          operator: d.operator,
          reference: null,
          subjectId: d.billId,
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
