import type { Database, Engine } from '@hydrolog/eventstore';
import { testEngines } from '@hydrolog/eventstore/testing';

/**
 * The engines a benchmark runs on: PGlite always, PostgreSQL when TEST_DATABASE_URL is set (a fresh database
 * each); only the one named by `--engine` when given.
 */
export function benchEngines(only?: Engine): { engine: Engine; open: () => Promise<Database> }[] {
  const engines = testEngines().filter((e) => only === undefined || e.engine === only);
  if (engines.length === 0)
    throw new Error(`engine ${only} is not available (PostgreSQL needs TEST_DATABASE_URL)`);
  return engines;
}

export function perSecond(count: number, milliseconds: number): number {
  return Math.round((count / milliseconds) * 1000);
}

export async function timed(fn: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await fn();
  return performance.now() - started;
}

/** The server settings that weigh on writing readings (WAL, checkpoints, cache, commit waits). */
const WRITE_SETTINGS = [
  'shared_buffers',
  'max_wal_size',
  'checkpoint_timeout',
  'synchronous_commit',
  'wal_compression',
];

/** The write settings in force on `db`, so a figure is read with what it was measured under. */
export async function writeSettings(db: Database): Promise<Record<string, string>> {
  const { rows } = await db.query<{ name: string; setting: string }>(
    'SELECT name, current_setting(name) AS setting FROM unnest($1::text[]) AS name',
    [WRITE_SETTINGS],
  );
  return Object.fromEntries(rows.map((row) => [row.name, row.setting]));
}
