import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openPglite } from '../src/db/pglite.ts';
import {
  type Database,
  DatabaseTooNewError,
  DataDirectoryInUseError,
  migrateEventStore,
  SCHEMA_VERSION,
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
