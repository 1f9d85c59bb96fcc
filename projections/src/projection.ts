import type { RecordedEvent, Sql } from '@hydrolog/eventstore';
import type { EventType } from '@hydrolog/schemas';

export type EventHandler = (sql: Sql, event: RecordedEvent) => Promise<void>;

/**
 * A read model: the tables it owns, the events it handles and how.
 * Handlers write only the projection's own tables, name them unqualified (so a shadow rebuild can
 * redirect them with search_path) and derive every value from the events (never now() or random()),
 * so that a rebuild gives identical rows.
 */
export interface Projection {
  name: string;
  /** Bump when tables or handlers change: the runner then rebuilds the projection from the log. */
  version: number;
  /**
   * inline: applied in the append's transaction, so a command's answer is followed by a list showing it
   * (back-office read models). async: applied in batches behind the log (heavy analytics).
   */
  mode: 'inline' | 'async';
  /** The tables the projection owns, unqualified. */
  tables: readonly string[];
  /** Statements creating those tables and their indexes, with unqualified names. */
  migrations: readonly string[];
  handlers: Partial<Record<EventType, EventHandler>>;
  /**
   * Time-series tables: made TimescaleDB hypertables (partitioned on the time column) where the extension
   * is available. Queries stay plain SQL, so they run the same on PostgreSQL without it.
   */
  hypertables?: readonly { table: string; timeColumn: string }[];
  /** Tables with a tenant_id column: row-level security keeps each tenant to its own rows. */
  tenantTables?: readonly string[];
}

export function handledTypes(projection: Projection): string[] {
  return Object.keys(projection.handlers);
}

export async function applyEvents(
  projection: Projection,
  sql: Sql,
  events: readonly RecordedEvent[],
): Promise<void> {
  for (const event of events) {
    const handler = projection.handlers[event.type as EventType];
    if (handler) await handler(sql, event);
  }
}
