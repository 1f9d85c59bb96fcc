import type { Database, Engine } from '@hydrolog/eventstore';
import { testEngines } from '@hydrolog/eventstore/testing';

/** The engines a benchmark runs on: PGlite always, PostgreSQL when TEST_DATABASE_URL is set (a fresh database each). */
export function benchEngines(): { engine: Engine; open: () => Promise<Database> }[] {
  return testEngines();
}

export function perSecond(count: number, milliseconds: number): number {
  return Math.round((count / milliseconds) * 1000);
}

export async function timed(fn: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await fn();
  return performance.now() - started;
}
