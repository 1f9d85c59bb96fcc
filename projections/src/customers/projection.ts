import type { RecordedEvent, Sql } from '@hydrolog/eventstore';
import type { EventData } from '@hydrolog/schemas';
import type { Projection } from '../projection.ts';

const version = (event: RecordedEvent) => Number(event.streamVersion);

/** What CustomerOpened and CustomerTransferred say about the holder and the account, kept as one document. */
const HOLDER_FIELDS = [
  'idType',
  'idNumber',
  'address',
  'nature',
  'companyName',
  'creditCode',
  'legalRepresentative',
] as const;
const ACCOUNT_FIELDS = [
  'waterUse',
  'businessMode',
  'countVolume',
  'billing',
  'priceSchemeId',
  'payChannel',
  'purchaseLimit',
  'arrearsCloseThreshold',
  'balanceThreshold',
  'agentInfo',
  'remarks',
  'attachments',
] as const;

function pick(data: Record<string, unknown>, fields: readonly string[]): Record<string, unknown> {
  return Object.fromEntries(fields.map((f) => [f, data[f] ?? null]));
}

/**
 * Customer types and customer accounts (inline: an opened account is in the next list). The account's
 * meter is kept here (`meter_id`): a meter is on at most one account that is not cancelled.
 */
export const customersProjection: Projection = {
  name: 'customers',
  version: 3,
  mode: 'inline',
  tables: ['customer_types', 'customers'],
  reads: ['meters', 'meter_types', 'meter_latest', 'meter_commands', 'meter_replacements', 'users', 'depts'],
  tenantTables: ['customer_types', 'customers'],
  migrations: [
    `CREATE TABLE customer_types (
      customer_type_id uuid PRIMARY KEY,
      tenant_id uuid NOT NULL,
      name text NOT NULL,
      remark text,
      created_at timestamptz NOT NULL,
      version bigint NOT NULL
    )`,
    'CREATE UNIQUE INDEX customer_types_name ON customer_types (tenant_id, lower(name))',
    `CREATE TABLE customers (
      customer_id uuid PRIMARY KEY,
      tenant_id uuid NOT NULL,
      account_no text NOT NULL,
      name text NOT NULL,
      phone text NOT NULL,
      nature text NOT NULL,
      customer_type_id uuid NOT NULL,
      meter_id uuid NOT NULL,
      meter_no text NOT NULL,
      meter_type_id uuid NOT NULL,
      holder jsonb NOT NULL,
      account jsonb NOT NULL,
      balance numeric(14, 2) NOT NULL DEFAULT 0,
      status text NOT NULL,
      opened_at timestamptz NOT NULL,
      version bigint NOT NULL,
      -- The staff user who opened the account (the id in the event's metadata): whose record it is.
      opened_by text,
      UNIQUE (tenant_id, account_no)
    )`,
    `CREATE UNIQUE INDEX customers_active_meter ON customers (tenant_id, meter_id) WHERE status <> 'cancelled'`,
    'CREATE INDEX customers_type ON customers (customer_type_id)',
    // The bill run pages through a tenant's postpaid accounts to bill in id order: the predicate is the run's
    // own, so the planner walks this index from the page's cursor and stops at the page's end instead of
    // sorting every account of the tenant (the jsonb conditions estimate to a row or two, which made a sort
    // look cheap). The scheme is a filter: a condition on jsonb cannot be an index condition under row security.
    `CREATE INDEX customers_to_bill ON customers (tenant_id, customer_id)
      WHERE status <> 'cancelled' AND account->>'businessMode' = 'postpaid' AND coalesce((account->>'billing')::boolean, true)`,
  ],
  handlers: {
    async CustomerTypeCreated(sql, event) {
      const d = event.data as EventData<'CustomerTypeCreated'>;
      await sql.query(
        `INSERT INTO customer_types (customer_type_id, tenant_id, name, remark, created_at, version)
         VALUES ($1, $2, $3, $4, $5, $6)`,
        [d.customerTypeId, d.tenantId, d.name, d.remark, d.createdAt, version(event)],
      );
    },
    async CustomerTypeChanged(sql, event) {
      const d = event.data as EventData<'CustomerTypeChanged'>;
      await sql.query(
        'UPDATE customer_types SET name = $2, remark = $3, version = $4 WHERE customer_type_id = $1',
        [d.customerTypeId, d.name, d.remark, version(event)],
      );
    },
    async CustomerTypeDeleted(sql, event) {
      const d = event.data as EventData<'CustomerTypeDeleted'>;
      await sql.query('DELETE FROM customer_types WHERE customer_type_id = $1', [d.customerTypeId]);
    },
    async CustomerOpened(sql, event) {
      const d = event.data as EventData<'CustomerOpened'>;
      await sql.query(
        `INSERT INTO customers (customer_id, tenant_id, account_no, name, phone, nature, customer_type_id, meter_id,
           meter_no, meter_type_id, holder, account, status, opened_at, version, opened_by)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, 'active', $13, $14, $15)`,
        [
          d.customerId,
          d.tenantId,
          d.accountNo,
          d.name,
          d.phone,
          d.nature,
          d.customerTypeId,
          d.meterId,
          d.meterNo,
          d.meterTypeId,
          JSON.stringify(pick(d, HOLDER_FIELDS)),
          JSON.stringify(pick(d, ACCOUNT_FIELDS)),
          d.openedAt,
          version(event),
          event.metadata.userId,
        ],
      );
    },
    async CustomerFrozen(sql, event) {
      await setStatus(sql, event, 'frozen');
    },
    async CustomerUnfrozen(sql, event) {
      await setStatus(sql, event, 'active');
    },
    async CustomerCancelled(sql, event) {
      await setStatus(sql, event, 'cancelled');
    },
    async CustomerTransferred(sql, event) {
      const d = event.data as EventData<'CustomerTransferred'>;
      await sql.query(
        'UPDATE customers SET name = $2, phone = $3, nature = $4, holder = $5, version = $6 WHERE customer_id = $1',
        [d.customerId, d.name, d.phone, d.nature, JSON.stringify(pick(d, HOLDER_FIELDS)), version(event)],
      );
    },
    async CustomerPriceSchemeChanged(sql, event) {
      const d = event.data as EventData<'CustomerPriceSchemeChanged'>;
      await sql.query(
        `UPDATE customers SET account = jsonb_set(account, '{priceSchemeId}', to_jsonb($2::text)), version = $3
         WHERE customer_id = $1`,
        [d.customerId, d.priceSchemeId, version(event)],
      );
    },
    async CustomerMoved(sql, event) {
      const d = event.data as EventData<'CustomerMoved'>;
      // The price scheme was the old tenant's.
      await sql.query(
        `UPDATE customers SET tenant_id = $2, customer_type_id = $3, meter_type_id = $4, version = $5,
           account = account - 'priceSchemeId' WHERE customer_id = $1`,
        [d.customerId, d.toTenantId, d.customerTypeId, d.meterTypeId, version(event)],
      );
    },
    async CustomerMeterChanged(sql, event) {
      const d = event.data as EventData<'CustomerMeterChanged'>;
      await sql.query(
        'UPDATE customers SET meter_id = $2, meter_no = $3, meter_type_id = $4, version = $5 WHERE customer_id = $1',
        [d.customerId, d.meterId, d.meterNo, d.meterTypeId, version(event)],
      );
    },
    async AccountRecharged(sql, event) {
      const d = event.data as EventData<'AccountRecharged'>;
      // What the recharge paid first (debt instalments, surcharges) never reached the balance.
      const paidFirstCents = (d.deductions ?? []).reduce((sum, x) => sum + x.amountCents, 0);
      await sql.query(
        'UPDATE customers SET balance = balance + $2 - $3::numeric / 100, version = $4 WHERE customer_id = $1',
        [d.customerId, d.amount, paidFirstCents, version(event)],
      );
    },
    async AccountRefunded(sql, event) {
      const d = event.data as EventData<'AccountRefunded'>;
      await sql.query('UPDATE customers SET balance = balance - $2, version = $3 WHERE customer_id = $1', [
        d.customerId,
        d.amount,
        version(event),
      ]);
    },
    AccountDeducted: (sql, event) => moveBalance(sql, event, -1),
    AccountBillPaid: (sql, event) => moveBalance(sql, event, -1),
    AccountBillCredited: (sql, event) => moveBalance(sql, event, 1),
  },
};

/**
 * Money in cents into the balance (`sign` 1: a correction's credit) or out of it (-1: a prepaid day's
 * water, a bill paid from the balance).
 */
async function moveBalance(sql: Sql, event: RecordedEvent, sign: 1 | -1): Promise<void> {
  const { customerId, amountCents } = event.data as { customerId: string; amountCents: number };
  await sql.query(
    'UPDATE customers SET balance = balance + $2::numeric / 100, version = $3 WHERE customer_id = $1',
    [customerId, sign * amountCents, version(event)],
  );
}

function setStatus(sql: Sql, event: RecordedEvent, status: 'active' | 'frozen' | 'cancelled') {
  const { customerId } = event.data as { customerId: string };
  return sql.query('UPDATE customers SET status = $2, version = $3 WHERE customer_id = $1', [
    customerId,
    status,
    version(event),
  ]);
}
