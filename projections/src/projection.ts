import type { RecordedEvent, Sql } from '@hydrolog/eventstore';
import type { EventType } from '@hydrolog/schemas';

export type EventHandler = (sql: Sql, event: RecordedEvent) => Promise<void>;
/** Handles a run of successive events of one type in a few set-based statements (high-volume events). */
export type BatchHandler = (sql: Sql, events: readonly RecordedEvent[]) => Promise<void>;

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
  /** The tables the projection owns, unqualified: no other projection writes them. */
  tables: readonly string[];
  /**
   * The tables of other projections that its handlers, or the queries of its context folder, read (a view
   * `tenant_<table>` counts as its table): what a change of those tables can break. The queries of a folder
   * may read the tables of all the folder's projections; what they read of other folders is declared by one
   * of the folder's projections. projections/test/reads.test.ts checks these lists against the SQL.
   */
  reads: readonly string[];
  /** Statements creating those tables and their indexes, with unqualified names. */
  migrations: readonly string[];
  handlers: Partial<Record<EventType, EventHandler>>;
  /** Events handled a run at a time; a type is either here or in handlers. */
  batchHandlers?: Partial<Record<EventType, BatchHandler>>;
  /**
   * Time-series tables, stored by time (partitions.ts decides how): TimescaleDB hypertables (compressed) where
   * the extension is available, else partitioned by month of the time column, partitions created as rows need
   * them and a few months ahead. Queries stay plain SQL and prune by the time column either way.
   */
  timeSeries?: readonly {
    table: string;
    timeColumn: string;
    /** TimescaleDB: compress chunks older than compressAfterDays, one segment per value of this column. */
    compressSegmentBy?: string;
    compressAfterDays?: number;
  }[];
  /** Tables with a tenant_id column: row-level security keeps each tenant to its own rows. */
  tenantTables?: readonly string[];
  /**
   * Tables with a tenant_id column that tenants read through the view `tenant_<table>` (their only grant),
   * which shows the current tenant's rows: for compressed hypertables, where TimescaleDB refuses row-level
   * security.
   */
  tenantViews?: readonly string[];
}

/**
 * A context folder of queries only (the dashboard): it owns no table, and declares the tables of the
 * projections its queries read as a projection does (`reads`), checked by projections/test/reads.test.ts.
 */
export interface QueryFolder {
  name: string;
  reads: readonly string[];
}

export function handledTypes(projection: Projection): string[] {
  return [...Object.keys(projection.handlers), ...Object.keys(projection.batchHandlers ?? {})];
}

export async function applyEvents(
  projection: Projection,
  sql: Sql,
  events: readonly RecordedEvent[],
): Promise<void> {
  for (let i = 0; i < events.length; ) {
    const type = events[i]!.type as EventType;
    const batchHandler = projection.batchHandlers?.[type];
    if (batchHandler) {
      let end = i + 1;
      while (end < events.length && events[end]!.type === type) end++;
      await batchHandler(sql, events.slice(i, end));
      i = end;
      continue;
    }
    await projection.handlers[type]?.(sql, events[i]!);
    i++;
  }
}

/** Holds a projection's run lock to the end of the transaction: no batch of it is applied meanwhile. */
export function lockRun(sql: Sql, name: string) {
  return sql.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`hydrolog.projection.run:${name}`]);
}
