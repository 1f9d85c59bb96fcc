import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { encodeReadings, uuidv7 } from '@hydrolog/schemas';
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

/** A ReadingsReported of version 1 as version 2 gives it: one meter with its readings. */
function asVersion2({ meterId, readings, ...upload }: { meterId: string; readings: unknown[] }) {
  return { ...upload, meters: [{ meterId, readings }] };
}

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
    // Stored at version 1 of ReadingsReported: one meter's readings, read as version 2 with that meter.
    const before = reported(uuidv7(), 10);
    await db.query(
      `INSERT INTO es.events (event_id, stream_id, stream_version, type, schema_version, data, metadata)
       VALUES ($1, 's-1', 0, 'ReadingsReported', 1, $2::json, $3::jsonb)`,
      [uuidv7(), JSON.stringify(before), JSON.stringify(metadata)],
    );
    await db.query(`INSERT INTO es.streams (stream_id, version) VALUES ('s-1', 0)`);

    const store = await SqlEventStore.open(db);
    expect(await version()).toBe(String(SCHEMA_VERSION));
    const { meterId, readings, ...upload } = reported(uuidv7(), 20);
    const after = { ...upload, meters: [{ meterId, readings }] };
    await store.append('s-1', [{ id: uuidv7(), type: 'ReadingsReported', data: after, metadata }], {
      expectedVersion: 0n,
    });
    const read = await store.readStream('s-1');
    expect(read.map((e) => e.data)).toEqual([asVersion2(before), after]);
    expect(read.map((e) => e.schemaVersion)).toEqual([2, 2]);
    // As stored: the first event as it was written, the new one's readings in the payload alone.
    const { rows } = await db.query<{ readings: boolean; payload: boolean; version: number }>(
      `SELECT data::jsonb ?| array['readings', 'meters'] AS readings, payload IS NOT NULL AS payload,
         schema_version AS version
       FROM es.events ORDER BY stream_version`,
    );
    expect(rows).toEqual([
      { readings: true, payload: false, version: 1 },
      { readings: false, payload: true, version: 2 },
    ]);
  });

  it('reads a readings event of version 1 stored in the compact layout as version 2', async () => {
    db = await open();
    const store = await SqlEventStore.open(db);
    const readings = [
      { ts: '2026-11-01T00:00:00.000Z', total: 3, pressure: 0.3 },
      { ts: '2026-11-01T01:00:00.000Z', total: 4, counterBreak: 'before' as const },
    ];
    const stored = { batchId: uuidv7(), gatewayId: uuidv7(), meterId: uuidv7() };
    await db.query(
      `INSERT INTO es.events (event_id, stream_id, stream_version, type, schema_version, data, payload,
         metadata)
       VALUES ($1, 's-1', 0, 'ReadingsReported', 1, $2::json, $3, $4::jsonb)`,
      [
        uuidv7(),
        JSON.stringify(stored),
        encodeReadings(readings),
        JSON.stringify({ tenantId: '018f0000-0000-7000-8000-000000000001', correlationId: uuidv7() }),
      ],
    );
    await db.query(`INSERT INTO es.streams (stream_id, version) VALUES ('s-1', 0)`);
    const [event] = await store.readStream('s-1');
    expect(event).toMatchObject({ schemaVersion: 2, data: asVersion2({ ...stored, readings }) });
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
