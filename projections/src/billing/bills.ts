import type { EventData } from '@hydrolog/schemas';
import type { Projection } from '../projection.ts';

/**
 * Bills (inline: a bill run's answer is followed by a list showing its bills). Issued in runs of thousands,
 * so an issue run is one statement; a payment marks its bill paid.
 */
export const billsProjection: Projection = {
  name: 'bills',
  version: 4,
  mode: 'inline',
  tables: ['bills'],
  reads: ['customers', 'meter_daily', 'meter_replacements', 'readings'],
  tenantTables: ['bills'],
  migrations: [
    `CREATE TABLE bills (
      bill_id uuid PRIMARY KEY,
      tenant_id uuid NOT NULL,
      customer_id uuid NOT NULL,
      account_no text NOT NULL,
      -- The holder when the bill was issued: a transfer's bill stays the old holder's (null on early bills).
      holder_name text,
      price_scheme_id uuid NOT NULL,
      type text NOT NULL,
      state text NOT NULL,
      period_from date NOT NULL,
      period_to date NOT NULL,
      no_reading boolean NOT NULL,
      litres bigint NOT NULL,
      accumulated_litres bigint NOT NULL,
      total_cents bigint NOT NULL,
      paid_cents bigint NOT NULL,
      payment_method text,
      paid_at timestamptz,
      parts jsonb NOT NULL,
      surcharges jsonb NOT NULL,
      meters jsonb NOT NULL,
      corrects_bill_id uuid,
      adjustment_reason text,
      issued_at timestamptz NOT NULL
    )`,
    'CREATE INDEX bills_tenant_period ON bills (tenant_id, period_from DESC)',
    // The bill run asks, per account, for its bill of the period and for the previous one (ending where it starts).
    // Led by the tenant, as every read of a tenant's bills is (row security): an index on the account alone
    // would be ANDed with the tenant's, every bill of the tenant read per account.
    'CREATE INDEX bills_customer_period ON bills (tenant_id, customer_id, period_from)',
    'CREATE INDEX bills_customer_period_end ON bills (tenant_id, customer_id, period_to)',
  ],
  handlers: {
    async BillPaid(sql, event) {
      const d = event.data as EventData<'BillPaid'>;
      await sql.query(
        `UPDATE bills SET state = 'paid', paid_cents = $2, payment_method = $3, paid_at = $4 WHERE bill_id = $1`,
        [d.billId, d.amountCents, d.method, d.at],
      );
    },
  },
  batchHandlers: {
    async BillIssued(sql, events) {
      // A bill that owes nothing reads paid from the start: a zero bill, and a correction's credit (paid into
      // the balance, so its paid amount is its own and the unpaid total is left as it was).
      await sql.query(
        `INSERT INTO bills (bill_id, tenant_id, customer_id, account_no, holder_name, price_scheme_id, type, state, period_from,
           period_to, no_reading, litres, accumulated_litres, total_cents, paid_cents, parts, surcharges, meters,
           corrects_bill_id, adjustment_reason, issued_at)
         SELECT b."billId", b."tenantId", b."customerId", b."accountNo", b."holderName", b."priceSchemeId", b.type,
           CASE WHEN b."totalCents" <= 0 THEN 'paid' ELSE 'unpaid' END, b."periodFrom", b."periodTo", b."noReading",
           b.litres, b."accumulatedLitres", b."totalCents", least(b."totalCents", 0), b.parts, coalesce(b.surcharges, '[]'),
           b.meters, b."correctsBillId", b.adjustment->>'reason', b."issuedAt"
         FROM jsonb_to_recordset($1::jsonb) AS b("billId" uuid, "tenantId" uuid, "customerId" uuid, "accountNo" text,
           "holderName" text, "priceSchemeId" uuid, type text, "periodFrom" date, "periodTo" date, "noReading" boolean, litres bigint,
           "accumulatedLitres" bigint, "totalCents" bigint, parts jsonb, surcharges jsonb, meters jsonb, "correctsBillId" uuid,
           adjustment jsonb, "issuedAt" timestamptz)`,
        [JSON.stringify(events.map((e) => e.data as EventData<'BillIssued'>))],
      );
    },
  },
};
