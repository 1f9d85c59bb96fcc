import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { openPglite } from './db/pglite.ts';
import { openPostgres } from './db/postgres.ts';
import type { Database, Engine } from './db/types.ts';

/** A database engine the test suites run on: PGlite always, PostgreSQL when TEST_DATABASE_URL is set. */
export interface TestEngine {
  engine: Engine;
  /** Opens an empty database of its own; closing it removes it. */
  open(): Promise<Database>;
}

export function testEngines(): TestEngine[] {
  const engines: TestEngine[] = [
    { engine: 'pglite', open: async () => openPglite(undefined, { loadDataDir: await emptyPglite() }) },
  ];
  const url = process.env.TEST_DATABASE_URL;
  if (url) engines.push({ engine: 'postgres', open: () => openTemporaryPostgres(url) });
  return engines;
}

let template: Promise<Blob> | undefined;

/** A dump of a new PGlite database, made once per process: loading it is much faster than initdb. */
function emptyPglite(): Promise<Blob> {
  template ??= (async () => {
    const db = await PGlite.create();
    const dump = await db.dumpDataDir('none');
    await db.close();
    return dump;
  })();
  return template;
}

/** Creates a fresh database on the server of `url` and drops it on close, so test files never share state. */
export async function openTemporaryPostgres(url: string): Promise<Database> {
  const name = `hydrolog_test_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const target = new URL(url);
  target.pathname = `/${name}`;
  const db = await openPostgres(target.toString());
  return {
    ...db,
    async close() {
      await db.close();
      const dropper = new pg.Client({ connectionString: url });
      await dropper.connect();
      try {
        await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await dropper.end();
      }
    },
  };
}
