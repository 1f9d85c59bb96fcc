import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import { arrayLiteral, Column, csvLines, type Database, type Sql } from './types.ts';

export class DataDirectoryInUseError extends Error {
  constructor(dir: string, pid: number) {
    super(
      `The data directory ${dir} is in use by another Hydrolog process (pid ${pid}). ` +
        'Stop that process first, or set DATABASE_URL to share a PostgreSQL server between processes.',
    );
    this.name = 'DataDirectoryInUseError';
  }
}

/**
 * PGlite is one process's database: two processes writing one directory would corrupt it.
 * A lock file holding the owner's pid keeps a second process out; a lock left by a dead process is taken over.
 */
function lockDataDirectory(dir: string): () => void {
  mkdirSync(dir, { recursive: true });
  const lockFile = join(dir, 'hydrolog.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(lockFile, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return () => rmSync(lockFile, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const pid = Number(readFileSync(lockFile, 'utf8'));
      if (pid && isAlive(pid)) throw new DataDirectoryInUseError(dir, pid);
      rmSync(lockFile, { force: true });
    }
  }
  throw new Error(`Could not lock ${dir}`);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function wrap(target: PGlite | Transaction): Sql {
  return {
    async query<Row>(text: string, params?: unknown[]) {
      const result = await target.query<Row>(
        text,
        params?.map((p) => (p instanceof Column ? arrayLiteral(p.values) : p)),
      );
      return { rows: result.rows, rowCount: result.affectedRows ?? result.rows.length };
    },
  };
}

/**
 * Opens embedded PostgreSQL: in memory without a directory, else kept in dataDir.
 * `loadDataDir` starts from a dump (dumpDataDir) instead of a fresh initdb, which is several times faster.
 */
export async function openPglite(dataDir?: string, options: { loadDataDir?: Blob } = {}): Promise<Database> {
  const directory = dataDir ? resolve(dataDir) : undefined;
  const unlock = directory ? lockDataDirectory(directory) : () => {};
  let db: PGlite;
  try {
    db = await PGlite.create({
      ...(directory ? { dataDir: directory } : {}),
      ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
    });
  } catch (error) {
    unlock();
    throw error;
  }
  return pgliteDatabase(db, unlock);
}

/**
 * The Database interface over an open PGlite instance (the official build, or a build with extensions
 * such as the TimescaleDB one of the test lane). onClose runs after the instance is closed.
 */
export function pgliteDatabase(db: PGlite, onClose: () => void = () => {}): Database {
  // PGlite is one session: a query sent while a transaction is open would run inside that transaction
  // (seeing and sharing its uncommitted work). Everything therefore takes turns, a transaction as one turn.
  let turn: Promise<unknown> = Promise.resolve();
  const exclusive = <T>(fn: () => Promise<T>): Promise<T> => {
    const run = turn.then(fn, fn);
    turn = run.catch(() => {});
    return run;
  };
  const sql = wrap(db);
  return {
    engine: 'pglite',
    query: (text, params) => exclusive(() => sql.query(text, params)),
    transaction: (fn) => exclusive(() => db.transaction((tx) => fn(wrap(tx)))),
    exec: (script) => exclusive(async () => void (await db.exec(script))),
    listen: (channel, onNotify) => db.listen(channel, () => onNotify()),
    copyRows: (table, columns, rows) =>
      exclusive(async () => {
        const blob = new Blob([csvLines(rows)]);
        const copy = `COPY ${table} (${columns.join(', ')}) FROM '/dev/blob' WITH (FORMAT csv)`;
        const result = await db.query(copy, [], { blob });
        return result.affectedRows ?? 0;
      }),
    async close() {
      try {
        await db.close();
      } finally {
        onClose();
      }
    },
  };
}
