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
