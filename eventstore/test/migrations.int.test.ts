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
} from '../src/index.ts';
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
