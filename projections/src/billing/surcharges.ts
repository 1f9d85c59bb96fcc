import type { RecordedEvent } from '@hydrolog/eventstore';
import type { EventData } from '@hydrolog/schemas';
import type { Projection } from '../projection.ts';

const version = (event: RecordedEvent) => Number(event.streamVersion);

/**
 * Surcharge schemes and their charging items, personal surcharges, debts and the debt record (inline: a
 * saved record is in the next list). Item names are unique in a tenant and an account has one personal
 * surcharge record: unique indexes back the deciders' rules against two concurrent saves.
 */
export const surchargesProjection: Projection = {
  name: 'surcharges',
  version: 1,
  mode: 'inline',
  tables: ['surcharge_schemes', 'charging_items', 'personal_surcharges', 'debts', 'debt_records'],
  reads: ['customers'],
  tenantTables: ['surcharge_schemes', 'charging_items', 'personal_surcharges', 'debts', 'debt_records'],
  migrations: [
    `CREATE TABLE surcharge_schemes (
      surcharge_scheme_id uuid PRIMARY KEY,
      tenant_id uuid NOT NULL,
      name text NOT NULL,
      status text NOT NULL,
      items jsonb NOT NULL,
      created_at timestamptz NOT NULL,
      updated_at timestamptz,
      version bigint NOT NULL
    )`,
    'CREATE INDEX surcharge_schemes_tenant ON surcharge_schemes (tenant_id, created_at)',
    `CREATE TABLE charging_items (
      charging_item_id uuid PRIMARY KEY,
      tenant_id uuid NOT NULL,
      surcharge_scheme_id uuid NOT NULL,
      name text NOT NULL,
      item jsonb NOT NULL
    )`,
    'CREATE UNIQUE INDEX charging_items_name ON charging_items (tenant_id, lower(name))',
    'CREATE INDEX charging_items_scheme ON charging_items (surcharge_scheme_id)',
    `CREATE TABLE personal_surcharges (
      personal_surcharge_id uuid PRIMARY KEY,
      tenant_id uuid NOT NULL,
      customer_id uuid NOT NULL,
      charging_item_ids jsonb NOT NULL,
      created_at timestamptz NOT NULL,
      updated_at timestamptz,
      UNIQUE (tenant_id, customer_id)
    )`,
    `CREATE TABLE debts (
      debt_id uuid PRIMARY KEY,
      tenant_id uuid NOT NULL,
      customer_id uuid NOT NULL,
      debt_type text NOT NULL,
      fee_name text NOT NULL,
      amount_cents bigint NOT NULL,
      residual_cents bigint NOT NULL,
      deductions int,
      remaining_deductions int,
      instalment_cents bigint,
      operator text NOT NULL,
      created_at timestamptz NOT NULL,
      version bigint NOT NULL
    )`,
    'CREATE INDEX debts_customer ON debts (customer_id)',
    'CREATE INDEX debts_tenant ON debts (tenant_id, created_at)',
    `CREATE TABLE debt_records (
      debt_id uuid NOT NULL,
      version bigint NOT NULL,
      tenant_id uuid NOT NULL,
      kind text NOT NULL,
      amount_cents bigint NOT NULL,
      remaining_cents bigint NOT NULL,
      remaining_deductions int,
      operator text NOT NULL,
      at timestamptz NOT NULL,
      PRIMARY KEY (debt_id, version)
    )`,
  ],
  handlers: {
    async SurchargeSchemeSaved(sql, event) {
      const d = event.data as EventData<'SurchargeSchemeSaved'>;
      await sql.query(
        `INSERT INTO surcharge_schemes (surcharge_scheme_id, tenant_id, name, status, items, created_at, version)
         VALUES ($1, $2, $3, $4, $5, $6, $7)
         ON CONFLICT (surcharge_scheme_id) DO UPDATE SET name = $3, status = $4, items = $5, updated_at = $6,
           version = $7`,
        [
          d.surchargeSchemeId,
          d.tenantId,
          d.name,
          d.status,
          JSON.stringify(d.items),
          d.savedAt,
          version(event),
        ],
      );
      await sql.query('DELETE FROM charging_items WHERE surcharge_scheme_id = $1', [d.surchargeSchemeId]);
      await sql.query(
        `INSERT INTO charging_items (charging_item_id, tenant_id, surcharge_scheme_id, name, item)
         SELECT (i->>'chargingItemId')::uuid, $1, $2, i->>'name', i FROM jsonb_array_elements($3::jsonb) i`,
        [d.tenantId, d.surchargeSchemeId, JSON.stringify(d.items)],
      );
    },
    async SurchargeSchemeDeleted(sql, event) {
      const d = event.data as EventData<'SurchargeSchemeDeleted'>;
      await sql.query('DELETE FROM charging_items WHERE surcharge_scheme_id = $1', [d.surchargeSchemeId]);
      await sql.query('DELETE FROM surcharge_schemes WHERE surcharge_scheme_id = $1', [d.surchargeSchemeId]);
    },
    async PersonalSurchargeSaved(sql, event) {
      const d = event.data as EventData<'PersonalSurchargeSaved'>;
      await sql.query(
        `INSERT INTO personal_surcharges (personal_surcharge_id, tenant_id, customer_id, charging_item_ids, created_at)
         VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (personal_surcharge_id) DO UPDATE SET charging_item_ids = $4, updated_at = $5`,
        [d.personalSurchargeId, d.tenantId, d.customerId, JSON.stringify(d.chargingItemIds), d.savedAt],
      );
    },
    async PersonalSurchargeDeleted(sql, event) {
      const d = event.data as EventData<'PersonalSurchargeDeleted'>;
      await sql.query('DELETE FROM personal_surcharges WHERE personal_surcharge_id = $1', [
        d.personalSurchargeId,
      ]);
    },
    async DebtAdded(sql, event) {
      const d = event.data as EventData<'DebtAdded'>;
      await sql.query(
        `INSERT INTO debts (debt_id, tenant_id, customer_id, debt_type, fee_name, amount_cents, residual_cents,
           operator, created_at, version)
         VALUES ($1, $2, $3, $4, $5, $6, $6, $7, $8, $9)`,
        [
          d.debtId,
          d.tenantId,
          d.customerId,
          d.debtType,
          d.feeName,
          d.amountCents,
          d.operator,
          d.at,
          version(event),
        ],
      );
      await sql.query(
        `INSERT INTO debt_records (debt_id, version, tenant_id, kind, amount_cents, remaining_cents, operator, at)
         VALUES ($1, $2, $3, 'added', $4, $4, $5, $6)`,
        [d.debtId, version(event), d.tenantId, d.amountCents, d.operator, d.at],
      );
    },
    async DebtPlanned(sql, event) {
      const d = event.data as EventData<'DebtPlanned'>;
      await sql.query(
        `UPDATE debts SET deductions = $2, remaining_deductions = $2, instalment_cents = $3, version = $4
         WHERE debt_id = $1`,
        [d.debtId, d.deductions, d.instalmentCents, version(event)],
      );
      await sql.query(
        `INSERT INTO debt_records (debt_id, version, tenant_id, kind, amount_cents, remaining_cents,
           remaining_deductions, operator, at)
         SELECT debt_id, $2, tenant_id, 'planned', 0, residual_cents, $3, $4, $5 FROM debts WHERE debt_id = $1`,
        [d.debtId, version(event), d.deductions, d.operator, d.at],
      );
    },
    async DebtPaid(sql, event) {
      const d = event.data as EventData<'DebtPaid'>;
      await sql.query(
        'UPDATE debts SET residual_cents = $2, remaining_deductions = $3, version = $4 WHERE debt_id = $1',
        [d.debtId, d.residualCents, d.remainingDeductions, version(event)],
      );
      await sql.query(
        `INSERT INTO debt_records (debt_id, version, tenant_id, kind, amount_cents, remaining_cents,
           remaining_deductions, operator, at)
         SELECT debt_id, $2, tenant_id, 'paid', $3, $4, $5, $6, $7 FROM debts WHERE debt_id = $1`,
        [d.debtId, version(event), d.amountCents, d.residualCents, d.remainingDeductions, d.operator, d.at],
      );
    },
  },
};
