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

/**
 * A PostgreSQL array literal for a `$n::type[]` parameter, built in one pass: the hot paths pass their rows
 * as one array per column, which PostgreSQL parses several times faster than the same rows as jsonb, and
 * node-pg's own array escaping (two regular expressions per element, numbers too) costs more than this.
 * Their uuid, text and date columns go so; numbers and booleans as a `Column`.
 */
export function arrayLiteral(values: readonly (string | number | boolean | null | undefined)[]): string {
  let out = '{';
  for (let i = 0; i < values.length; i++) {
    const value = values[i];
    if (i > 0) out += ',';
    if (value === null || value === undefined) out += 'NULL';
    else if (typeof value === 'string') out += `"${value.replace(/["\\]/g, '\\$&')}"`;
    else out += String(value);
  }
  return `${out}}`;
}

/** The element types a column parameter can hold: the type oid PostgreSQL's binary format names, and the size. */
const ELEMENTS = {
  int4: { oid: 23, bytes: 4 },
  float8: { oid: 701, bytes: 8 },
  bool: { oid: 16, bytes: 1 },
} as const;
export type ColumnType = keyof typeof ELEMENTS;

/**
 * A column of numbers or booleans for a `$n::int4[]`, `$n::float8[]` or `$n::bool[]` parameter, which each
 * engine sends its cheapest way: PostgreSQL receives it in its binary array format, so that no number is
 * written out as text in Node and parsed back by the server (columns of 8,000 numbers took 480 ns a value
 * as array literals and 190-220 as binary, formatting, sending and unnest included), and PGlite, inside
 * this process, as an array literal.
 */
export class Column {
  constructor(
    readonly type: ColumnType,
    readonly values: readonly (number | boolean | null | undefined)[],
  ) {}

  /** array_recv's format: dimensions and element type, then each element as its length and bytes. */
  toBinary(): Buffer {
    const { type, values } = this;
    const { oid, bytes: size } = ELEMENTS[type];
    let nulls = 0;
    for (const value of values) if (value === null || value === undefined) nulls++;
    const header = values.length === 0 ? 12 : 20;
    const buffer = Buffer.allocUnsafe(header + values.length * 4 + (values.length - nulls) * size);
    // A DataView writes big-endian numbers three times as fast as Buffer's own methods.
    const view = new DataView(buffer.buffer, buffer.byteOffset, buffer.byteLength);
    view.setInt32(0, values.length === 0 ? 0 : 1);
    view.setInt32(4, nulls > 0 ? 1 : 0);
    view.setInt32(8, oid);
    if (values.length === 0) return buffer;
    view.setInt32(12, values.length);
    view.setInt32(16, 1);
    let at = header;
    for (const value of values) {
      if (value === null || value === undefined) {
        view.setInt32(at, -1);
        at += 4;
        continue;
      }
      view.setInt32(at, size);
      // -0 as an array literal writes it: 0, so that both engines store the same figures.
      if (type === 'float8') view.setFloat64(at + 4, value === 0 ? 0 : (value as number));
      else if (type === 'int4') view.setInt32(at + 4, int4(value as number));
      else view.setUint8(at + 4, value ? 1 : 0);
      at += 4 + size;
    }
    return buffer;
  }
}

/** An int4 as PostgreSQL takes it; setInt32 would silently wrap what PostgreSQL refuses. */
function int4(value: number): number {
  if (!Number.isInteger(value) || value < -(2 ** 31) || value >= 2 ** 31)
    throw new RangeError(`${value} is not an int4`);
  return value;
}

export const column = (type: ColumnType, values: Column['values']) => new Column(type, values);

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

/** PostgreSQL's unique_violation (a unique index refused a row), as both engines report it. */
export function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505';
}

/**
 * Runs `write` inside a savepoint of the caller's transaction: when a unique index refuses a row, what
 * `write` did is undone, the transaction goes on, and the answer is null.
 */
export async function unlessUniqueViolation<T>(
  sql: Sql,
  savepoint: string,
  write: () => Promise<T>,
): Promise<T | null> {
  await sql.query(`SAVEPOINT ${savepoint}`);
  return settleUnlessUniqueViolation(sql, savepoint, write());
}

/**
 * The end of unlessUniqueViolation, for a write sent after the caller took the savepoint itself (to do
 * other work while the write runs): the savepoint is released, or, when a unique index refused a row,
 * rolled back to, and the answer is null.
 */
export async function settleUnlessUniqueViolation<T>(
  sql: Sql,
  savepoint: string,
  written: Promise<T>,
): Promise<T | null> {
  try {
    const result = await written;
    await sql.query(`RELEASE SAVEPOINT ${savepoint}`);
    return result;
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    await sql.query(`ROLLBACK TO SAVEPOINT ${savepoint}`);
    return null;
  }
}
