import type { Database, Sql } from '@hydrolog/eventstore';
import { lockRun, type Projection } from './projection.ts';

/**
 * One partition per calendar month (UTC): an insert touches only the indexes of its month, history, billing
 * and leakage windows (a day to a year) prune to one to thirteen partitions, and a month is the unit an
 * operator archives. Not finer: in `npm run bench -- ingest --preload 10000000` on PostgreSQL, even an
 * unpartitioned table holding 10 million readings took new ones as fast as an empty one (a meter's readings
 * sit together in the (meter_id, ts) index), so weekly partitions would buy nothing and put four times the
 * partitions into every plan.
 */
const MONTH_PARTITIONS_AHEAD = 3;

/** Where the operator's detached partitions go: out of the way of the partitions that replay creates again. */
export const ARCHIVE_SCHEMA = 'hydrolog_archive';

/** The name of a table's partition for the month starting at `monthStart` (epoch ms): readings_2026_11. */
export function partitionName(table: string, monthStart: number): string {
  const date = new Date(monthStart);
  return `${table}_${date.getUTCFullYear()}_${String(date.getUTCMonth() + 1).padStart(2, '0')}`;
}

/** The month start (epoch ms) a partition of `table` is named after, null for a name not of partitionName. */
function partitionMonth(table: string, name: string): number | null {
  const match = name.slice(table.length).match(/^_(\d{4})_(\d{2})$/);
  return name.startsWith(table) && match ? Date.UTC(Number(match[1]), Number(match[2]) - 1, 1) : null;
}

/** The start (epoch ms, UTC) of the month holding `ms`. */
export function monthStart(ms: number): number {
  const date = new Date(ms);
  return Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1);
}

/** The start of the month after the one starting at `start` (epoch ms). */
export function nextMonthStart(start: number): number {
  const date = new Date(start);
  return Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 1);
}

/** The starts of the months from the one holding `from` to the one holding `until` (epoch ms). */
export function monthsBetween(from: number, until: number): number[] {
  const months = [];
  for (let m = monthStart(from); m <= until; m = nextMonthStart(m)) months.push(m);
  return months;
}

/**
 * Creates the missing month partitions of `table` for these month starts (epoch ms), so an insert never finds
 * its month missing, however late or early its timestamp. Does nothing when `table` (as the search path
 * finds it) is not partitioned: a hypertable, or the plain table of a verify's shadow schema.
 */
export async function ensureMonthPartitions(
  sql: Sql,
  table: string,
  monthStarts: Iterable<number>,
): Promise<void> {
  const names = new Map<string, number>();
  for (const start of monthStarts) names.set(partitionName(table, start), start);
  if (names.size === 0) return;
  const { rows } = await sql.query<{ name: string }>(
    `SELECT n AS name FROM unnest($2::text[]) n
     WHERE EXISTS (SELECT 1 FROM pg_partitioned_table WHERE partrelid = to_regclass($1)) AND to_regclass(n) IS NULL`,
    [table, [...names.keys()]],
  );
  for (const { name } of rows) {
    const start = names.get(name)!;
    await sql.query(
      `CREATE TABLE IF NOT EXISTS ${name} PARTITION OF ${table}
       FOR VALUES FROM ('${new Date(start).toISOString()}') TO ('${new Date(nextMonthStart(start)).toISOString()}')`,
    );
  }
}

/** The month partitions of each of the projection's time-series tables from `from` to `until` (epoch ms). */
export async function ensureTimeSeriesMonths(
  sql: Sql,
  projection: Projection,
  from: number,
  until: number,
): Promise<void> {
  const months = monthsBetween(from, until);
  for (const { table } of projection.timeSeries ?? []) await ensureMonthPartitions(sql, table, months);
}

/** The month partitions from the current month to a few months ahead, so that today's uploads find theirs. */
export function ensurePartitionsAhead(sql: Sql, projection: Projection, now = Date.now()): Promise<void> {
  const ahead = Date.UTC(
    new Date(now).getUTCFullYear(),
    new Date(now).getUTCMonth() + MONTH_PARTITIONS_AHEAD,
    1,
  );
  return ensureTimeSeriesMonths(sql, projection, now, ahead);
}

/**
 * The one place that decides how time-series tables are stored: TimescaleDB hypertables with compression
 * where the extension is available, declarative month partitions otherwise (plain PostgreSQL, PGlite). A
 * hypertable cannot be a partitioned table, so the freshly created, empty table is made one or the other.
 * Runs before views are created on the tables (the declarative path replaces the table).
 */
export async function storeByTime(sql: Sql, projection: Projection): Promise<void> {
  if (!projection.timeSeries?.length) return;
  const timescale = await sql.query(`SELECT 1 FROM pg_available_extensions WHERE name = 'timescaledb'`);
  if (timescale.rows.length > 0) await makeHypertables(sql, projection);
  else {
    for (const { table, timeColumn } of projection.timeSeries) await partitionByMonth(sql, table, timeColumn);
    await ensurePartitionsAhead(sql, projection);
  }
}

async function makeHypertables(sql: Sql, projection: Projection): Promise<void> {
  await sql.query('CREATE EXTENSION IF NOT EXISTS timescaledb');
  for (const { table, timeColumn, compressSegmentBy, compressAfterDays } of projection.timeSeries ?? []) {
    await sql.query('SELECT create_hypertable($1::regclass, by_range($2::name), if_not_exists => TRUE)', [
      table,
      timeColumn,
    ]);
    if (!compressSegmentBy) continue;
    await sql.query(
      `ALTER TABLE ${table} SET (timescaledb.compress, timescaledb.compress_segmentby = '${compressSegmentBy}')`,
    );
    await sql.query(
      'SELECT add_compression_policy($1::regclass, make_interval(days => $2), if_not_exists => TRUE)',
      [table, compressAfterDays ?? 30],
    );
  }
}

/**
 * Replaces the empty table by one partitioned by range of its time column, with the same columns, keys and
 * indexes (each partition gets its own), under the same names.
 */
async function partitionByMonth(sql: Sql, table: string, timeColumn: string): Promise<void> {
  const staging = `${table}_by_month`;
  await sql.query(`CREATE TABLE ${staging} (LIKE ${table} INCLUDING ALL) PARTITION BY RANGE (${timeColumn})`);
  const { rows } = await sql.query<{ from: string; to: string }>(
    `SELECT old.relname AS from, new.relname AS to
     FROM pg_index oi JOIN pg_class old ON old.oid = oi.indexrelid,
       pg_index ni JOIN pg_class new ON new.oid = ni.indexrelid
     WHERE oi.indrelid = to_regclass($1) AND ni.indrelid = to_regclass($2) AND oi.indkey::text = ni.indkey::text
       AND oi.indisprimary = ni.indisprimary`,
    [table, staging],
  );
  await sql.query(`DROP TABLE ${table}`);
  await sql.query(`ALTER TABLE ${staging} RENAME TO ${table}`);
  for (const index of rows) await sql.query(`ALTER INDEX ${index.to} RENAME TO ${index.from}`);
}

export interface DetachedPartition {
  /** schema-qualified name of the archived table */
  table: string;
  rows: number;
}

/**
 * Detaches the month partitions of `table` that end on or before `before` and moves them to the archive
 * schema, out of every query and out of the way of the partitions replay would create again. The log is
 * not touched: replay rebuilds those months too. Holds the projection's run lock, so no batch of the
 * projection is half-applied meanwhile; the months not detached answer as before.
 */
export async function detachPartitionsBefore(
  db: Database,
  projection: Projection,
  before: Date,
): Promise<DetachedPartition[]> {
  return db.transaction(async (sql) => {
    await lockRun(sql, projection.name);
    await sql.query(`CREATE SCHEMA IF NOT EXISTS ${ARCHIVE_SCHEMA}`);
    const detached: DetachedPartition[] = [];
    for (const { table } of projection.timeSeries ?? []) {
      const { rows } = await sql.query<{ name: string }>(
        `SELECT c.relname AS name FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
         WHERE i.inhparent = to_regclass($1) ORDER BY c.relname`,
        [table],
      );
      for (const { name } of rows) {
        const start = partitionMonth(table, name);
        if (start === null || nextMonthStart(start) > before.getTime()) continue;
        await sql.query(`ALTER TABLE ${table} DETACH PARTITION ${name}`);
        await sql.query(`ALTER TABLE ${name} SET SCHEMA ${ARCHIVE_SCHEMA}`);
        const count = await sql.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM ${ARCHIVE_SCHEMA}.${name}`,
        );
        detached.push({ table: `${ARCHIVE_SCHEMA}.${name}`, rows: count.rows[0]?.n ?? 0 });
      }
    }
    return detached;
  });
}

const EXPORT_ROWS_PER_PAGE = 50_000;

/**
 * Hands an archived partition's rows to `write` in pages (key order), with the column names first: an
 * export that never holds the whole month in memory.
 */
export async function exportArchivedPartition(
  db: Database,
  table: string,
  write: (rows: readonly (readonly unknown[])[]) => Promise<void>,
): Promise<number> {
  const [schema, name] = table.split('.');
  if (schema !== ARCHIVE_SCHEMA || !name) throw new Error(`${table} is not an archived partition`);
  const columns = await db.query<{ name: string }>(
    `SELECT attname AS name FROM pg_attribute WHERE attrelid = to_regclass($1) AND attnum > 0 AND NOT attisdropped
     ORDER BY attnum`,
    [table],
  );
  const names = columns.rows.map((c) => c.name);
  // Pages follow the primary key, whatever the table: (meter_id, ts) for readings, (meter_id, hour) for hours.
  const keyColumns = await db.query<{ name: string }>(
    `SELECT a.attname AS name
     FROM pg_index i, unnest(i.indkey::int2[]) WITH ORDINALITY AS k(attnum, n), pg_attribute a
     WHERE i.indrelid = to_regclass($1) AND i.indisprimary AND k.n <= i.indnkeyatts
       AND a.attrelid = i.indrelid AND a.attnum = k.attnum
     ORDER BY k.n`,
    [table],
  );
  const key = keyColumns.rows.map((c) => c.name);
  if (key.length === 0) throw new Error(`${table} has no primary key to export it in pages by`);
  await write([names]);
  let exported = 0;
  let after: unknown[] | null = null;
  for (;;) {
    const page: { rows: Record<string, unknown>[] } = await db.query(
      `SELECT * FROM ${table}
       ${after ? `WHERE (${key.join(', ')}) > (${key.map((_, i) => `$${i + 1}`).join(', ')})` : ''}
       ORDER BY ${key.join(', ')} LIMIT ${EXPORT_ROWS_PER_PAGE}`,
      after ?? [],
    );
    if (page.rows.length === 0) return exported;
    await write(
      page.rows.map((row) =>
        names.map((n) => (row[n] instanceof Date ? (row[n] as Date).toISOString() : row[n])),
      ),
    );
    exported += page.rows.length;
    const last = page.rows.at(-1)!;
    after = key.map((k) => last[k]);
  }
}

/** Drops an archived partition (after its export). */
export async function dropArchivedPartition(db: Database, table: string): Promise<void> {
  const [schema, name] = table.split('.');
  if (schema !== ARCHIVE_SCHEMA || !name) throw new Error(`${table} is not an archived partition`);
  await db.query(`DROP TABLE ${ARCHIVE_SCHEMA}.${name}`);
}
