import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { uuidv7 } from '@hydrolog/schemas';
import { afterEach, describe, expect, it } from 'vitest';
import { openPglite } from '../src/db/pglite.ts';
import {
  type Database,
  DatabaseTooNewError,
  DataDirectoryInUseError,
  migrateEventStore,
  SCHEMA_VERSION,
  SqlEventStore,
  splitStatements,
} from '../src/index.ts';
import { MIGRATIONS } from '../src/migrations.ts';
import { testEngines } from '../src/testing.ts';

describe.each(testEngines())('event store migrations on $engine', ({ open }) => {
  let db: Database;
  afterEach(async () => {
    await db.close();
  });

  const version = async () =>
    (await db.query<{ value: string }>(`SELECT value FROM es.meta WHERE key = 'schema_version'`)).rows[0]
      ?.value;

  it('migrates a new database to the current version, and again is a no-op', async () => {
    db = await open();
    await migrateEventStore(db);
    expect(await version()).toBe(String(SCHEMA_VERSION));
    await migrateEventStore(db);
    expect(await version()).toBe(String(SCHEMA_VERSION));
    expect(
      (await db.query(`SELECT 1 FROM information_schema.tables WHERE table_schema = 'es'`)).rows.length,
    ).toBeGreaterThanOrEqual(4);
  });

  it('upgrades a log written by schema 1 (data as jsonb) and keeps every event as it was', async () => {
    db = await open();
    await db.query('CREATE SCHEMA es');
    await db.query('CREATE TABLE es.meta (key text PRIMARY KEY, value text NOT NULL)');
    for (const statement of splitStatements(MIGRATIONS[0]!)) await db.query(statement);
    await db.query(`INSERT INTO es.meta (key, value) VALUES ('schema_version', '1')`);
    const data = {
      meterId: 'm-1',
      readings: [{ ts: '2026-11-01T00:00:00.000Z', total: 12.5 }],
      note: 'café',
    };
    await db.query(
      `INSERT INTO es.events (event_id, stream_id, stream_version, type, schema_version, data, metadata)
       VALUES (gen_random_uuid(), 's-1', 0, 'ReadingsReported', 1, $1::jsonb, $2::jsonb)`,
      [JSON.stringify(data), JSON.stringify({ tenantId: '018f0000-0000-7000-8000-000000000001' })],
    );

    await migrateEventStore(db);
    expect(await version()).toBe(String(SCHEMA_VERSION));
    const { rows } = await db.query<{ data: unknown; type: string; tenant_id: string }>(
      `SELECT data, pg_typeof(data)::text AS type, tenant_id::text FROM es.events`,
    );
    expect(rows).toEqual([{ data, type: 'json', tenant_id: '018f0000-0000-7000-8000-000000000001' }]);
  });

  it('upgrades a log written by schema 2 (readings in the JSON): its events read as before, new readings go compact', async () => {
    db = await open();
    await db.query('CREATE SCHEMA es');
    await db.query('CREATE TABLE es.meta (key text PRIMARY KEY, value text NOT NULL)');
    for (const migration of MIGRATIONS.slice(0, 2))
      for (const statement of splitStatements(migration)) await db.query(statement);
    await db.query(`INSERT INTO es.meta (key, value) VALUES ('schema_version', '2')`);
    const reported = (meterId: string, total: number) => ({
      batchId: uuidv7(),
      gatewayId: uuidv7(),
      meterId,
      readings: [
        { ts: '2026-11-01T00:00:00.000Z', total, flow: 0.5, valve: 'open' },
        { ts: '2026-11-01T01:00:00.000Z', total: total + 1, alarms: ['leak'] },
      ],
    });
    const metadata = { tenantId: '018f0000-0000-7000-8000-000000000001', correlationId: uuidv7() };
    const before = reported(uuidv7(), 10);
    await db.query(
      `INSERT INTO es.events (event_id, stream_id, stream_version, type, schema_version, data, metadata)
       VALUES ($1, 's-1', 0, 'ReadingsReported', 1, $2::json, $3::jsonb)`,
      [uuidv7(), JSON.stringify(before), JSON.stringify(metadata)],
    );
    await db.query(`INSERT INTO es.streams (stream_id, version) VALUES ('s-1', 0)`);

    const store = await SqlEventStore.open(db);
    expect(await version()).toBe(String(SCHEMA_VERSION));
    const after = reported(uuidv7(), 20);
    await store.append('s-1', [{ id: uuidv7(), type: 'ReadingsReported', data: after, metadata }], {
      expectedVersion: 0n,
    });
    expect((await store.readStream('s-1')).map((e) => e.data)).toEqual([before, after]);
    // As stored: the first event as it was written, the new one's readings in the payload alone.
    const { rows } = await db.query<{ readings: boolean; payload: boolean }>(
      `SELECT data::jsonb ? 'readings' AS readings, payload IS NOT NULL AS payload
       FROM es.events ORDER BY stream_version`,
    );
    expect(rows).toEqual([
      { readings: true, payload: false },
      { readings: false, payload: true },
    ]);
  });

  it('refuses a database written by a newer version and leaves it untouched', async () => {
    db = await open();
    await migrateEventStore(db);
    const newer = String(SCHEMA_VERSION + 1);
    await db.query(`UPDATE es.meta SET value = $1 WHERE key = 'schema_version'`, [newer]);
    await db.query(`CREATE TABLE es.from_the_future (x int)`);
    const error = await migrateEventStore(db).catch((e) => e);
    expect(error).toBeInstanceOf(DatabaseTooNewError);
    expect(error.message).toContain(`schema version ${newer}`);
    expect(error.message).toContain('left untouched');
    expect(await version()).toBe(newer);
    expect((await db.query(`SELECT to_regclass('es.from_the_future') IS NOT NULL AS kept`)).rows[0]).toEqual({
      kept: true,
    });
  });
});

describe('the PGlite data directory', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it('keeps data across reopen and refuses a second opener with a clear error', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'hydrolog-dir-'));
    dirs.push(dir);
    const first = await openPglite(dir);
    await first.query('CREATE TABLE kept (x int)');
    await first.query('INSERT INTO kept VALUES (42)');
    const second = await openPglite(dir).catch((e) => e);
    expect(second).toBeInstanceOf(DataDirectoryInUseError);
    expect(second.message).toContain(dir);
    await first.close();
    const again = await openPglite(dir);
    expect((await again.query('SELECT x FROM kept')).rows).toEqual([{ x: 42 }]);
    await again.close();
  });
});
