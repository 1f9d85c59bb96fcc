import type { RecordedEvent } from '@hydrolog/eventstore';
import type { EventData } from '@hydrolog/schemas';
import type { Projection } from '../projection.ts';

const version = (event: RecordedEvent) => Number(event.streamVersion);

/**
 * Price schemes (inline: a saved scheme is in the next list). Each row keeps every version of the scheme's
 * prices as the events carry them (litres, cents, basis points), the latest last.
 */
export const billingProjection: Projection = {
  name: 'billing',
  version: 1,
  mode: 'inline',
  tables: ['price_schemes'],
  reads: ['customers'],
  tenantTables: ['price_schemes'],
  migrations: [
    `CREATE TABLE price_schemes (
      price_scheme_id uuid PRIMARY KEY,
      tenant_id uuid NOT NULL,
      name text NOT NULL,
      accumulation_cycle int NOT NULL,
      billing_cycle int NOT NULL,
      start_time date NOT NULL,
      charging_model text NOT NULL,
      versions jsonb NOT NULL,
      created_at timestamptz NOT NULL,
      updated_at timestamptz,
      version bigint NOT NULL
    )`,
    'CREATE INDEX price_schemes_tenant ON price_schemes (tenant_id, created_at)',
  ],
  handlers: {
    async PriceSchemeCreated(sql, event) {
      const d = event.data as EventData<'PriceSchemeCreated'>;
      await sql.query(
        `INSERT INTO price_schemes (price_scheme_id, tenant_id, name, accumulation_cycle, billing_cycle, start_time,
           charging_model, versions, created_at, version)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
        [
          d.priceSchemeId,
          d.tenantId,
          d.name,
          d.accumulationCycle,
          d.billingCycle,
          d.startTime,
          d.version.chargingModel,
          JSON.stringify([d.version]),
          d.createdAt,
          version(event),
        ],
      );
    },
    async PriceSchemeRevised(sql, event) {
      const d = event.data as EventData<'PriceSchemeRevised'>;
      // A version from the same day replaces that day's; the versions stay in the order they take effect.
      await sql.query(
        `UPDATE price_schemes SET name = $2, accumulation_cycle = $3, billing_cycle = $4, start_time = $5,
           charging_model = $6, updated_at = $7, version = $8,
           versions = COALESCE((SELECT jsonb_agg(v ORDER BY v->>'effectiveFrom') FROM jsonb_array_elements(versions) v
                                WHERE v->>'effectiveFrom' < $9), '[]'::jsonb) || jsonb_build_array($10::jsonb)
         WHERE price_scheme_id = $1`,
        [
          d.priceSchemeId,
          d.name,
          d.accumulationCycle,
          d.billingCycle,
          d.startTime,
          d.version.chargingModel,
          d.revisedAt,
          version(event),
          d.version.effectiveFrom,
          JSON.stringify(d.version),
        ],
      );
    },
    async PriceSchemeDeleted(sql, event) {
      const d = event.data as EventData<'PriceSchemeDeleted'>;
      await sql.query('DELETE FROM price_schemes WHERE price_scheme_id = $1', [d.priceSchemeId]);
    },
  },
};
