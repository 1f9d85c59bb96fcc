/** Something that runs SQL: the database itself or an open transaction. */
export interface Sql {
  query<Row = Record<string, unknown>>(
    text: string,
    params?: unknown[],
  ): Promise<{ rows: Row[]; rowCount: number }>;
}

export type Engine = 'pglite' | 'postgres';

/**
 * The one database interface of Hydrolog, over embedded PGlite and PostgreSQL through pg.
 * Code that must run inside a transaction takes an `Sql`; it never reaches for the Database behind it.
 */
export interface Database extends Sql {
  readonly engine: Engine;
  /** Runs fn in one transaction: committed when fn resolves, rolled back when it throws. */
  transaction<T>(fn: (sql: Sql) => Promise<T>): Promise<T>;
  /** Runs a script of several statements. */
  exec(script: string): Promise<void>;
  /** Calls onNotify on each NOTIFY on the channel; resolves to the function that stops listening. */
  listen(channel: string, onNotify: () => void): Promise<() => Promise<void>>;
  /** Bulk load with COPY FROM STDIN (CSV). */
  copyRows(table: string, columns: readonly string[], rows: Iterable<readonly unknown[]>): Promise<number>;
  close(): Promise<void>;
}

/** Quotes a value for COPY ... (FORMAT csv). */
export function csvField(value: unknown): string {
  if (value === null || value === undefined) return '';
  const text = typeof value === 'object' ? JSON.stringify(value) : String(value);
  return /[",\n\r]/.test(text) || text === '' ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvLines(rows: Iterable<readonly unknown[]>): string {
  let out = '';
  for (const row of rows) out += `${row.map(csvField).join(',')}\n`;
  return out;
}
