import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SqlEventStore } from '@hydrolog/eventstore';
import { ARCHIVE_SCHEMA, allProjections, ProjectionRunner } from '@hydrolog/projections';
import { uuidv7 } from '@hydrolog/schemas';
import { afterEach, describe, expect, it } from 'vitest';
import { childDatabase } from './support.ts';

const cli = join(import.meta.dirname, '..', 'src', 'cli.ts');

const lanes = [
  { engine: 'pglite', url: '' },
  ...(process.env.TEST_DATABASE_URL ? [{ engine: 'postgres', url: process.env.TEST_DATABASE_URL }] : []),
];

/** `npm run hydrolog -- <args>` on this database, as an operator runs it: its exit code and what it printed. */
function hydrolog(args: string[], database: { dir: string; url: string }) {
  return new Promise<{ code: number | null; out: string; err: string }>((resolve, reject) => {
    const proc = spawn(process.execPath, ['--import', 'tsx', cli, ...args], {
      env: { ...process.env, HYDROLOG_DATA_DIR: database.dir, DATABASE_URL: database.url },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    proc.stdout.on('data', (chunk) => {
      out += chunk;
    });
    proc.stderr.on('data', (chunk) => {
      err += chunk;
    });
    proc.on('error', reject);
    proc.on('close', (code) => resolve({ code, out, err }));
  });
}

describe.each(lanes)('the readings archive command on $engine', ({ engine, url }) => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0)) await cleanup();
  });

  it('detaches, exports and drops the months before the date, and the later months still answer', async () => {
    const database = await childDatabase(engine, url, 'hydrolog-archive-', cleanups);
    const { db } = database;
    const store = await SqlEventStore.open(db);
    const runner = new ProjectionRunner(db, store, allProjections);
    await runner.start({ follow: false });
    const [tenantId, meterId, gatewayId, batchId] = [uuidv7(), uuidv7(), uuidv7(), uuidv7()];
    const january = [0, 1, 2].map((h) => ({
      ts: new Date(Date.UTC(2026, 0, 10, h)).toISOString(),
      total: h,
    }));
    const march = [0, 1].map((h) => ({
      ts: new Date(Date.UTC(2026, 2, 10, h)).toISOString(),
      total: 10 + h,
    }));
    await store.append(
      `readingBatch-${gatewayId}.${batchId}`,
      [
        {
          id: uuidv7(),
          type: 'ReadingsReported',
          data: { batchId, gatewayId, meters: [{ meterId, readings: [...january, ...march] }] },
          metadata: { tenantId, correlationId: uuidv7() },
        },
      ],
      { expectedVersion: 'no_stream' },
    );
    await runner.catchUp('readings');
    const januaryHours = (
      await db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM meter_hourly WHERE hour < '2026-02-01T00:00:00Z'`,
      )
    ).rows[0]!.n;
    expect(januaryHours).toBeGreaterThan(0);
    await runner.stop();
    // PGlite's data directory is the command's alone while it runs.
    if (engine === 'pglite') await db.close();

    const refused = await hydrolog(['detach-readings', '--before', 'soon'], database);
    expect(refused).toMatchObject({
      code: 2,
      err: expect.stringContaining('--before must be an ISO 8601 date'),
    });
    const unsafe = await hydrolog(['detach-readings', '--before', '2026-02-01', '--drop'], database);
    expect(unsafe).toMatchObject({ code: 2, err: expect.stringContaining('--drop needs --export DIR') });

    const exportDir = join(database.dir, 'archive');
    const archived = await hydrolog(
      ['detach-readings', '--before', '2026-02-01', '--export', exportDir, '--drop'],
      database,
    );
    expect(archived.err).toBe('');
    expect(archived.code).toBe(0);
    expect(archived.out.split('\n').filter((line) => line.startsWith('detached'))).toEqual([
      `detached ${ARCHIVE_SCHEMA}.readings_2026_01 (3 rows)`,
      `detached ${ARCHIVE_SCHEMA}.meter_hourly_2026_01 (${januaryHours} rows)`,
    ]);
    const exported = readFileSync(join(exportDir, 'readings_2026_01.csv'), 'utf8').trim().split('\n');
    expect(exported[0]!.split(',').slice(0, 4)).toEqual(['tenant_id', 'meter_id', 'ts', 'total']);
    expect(exported.slice(1).map((line) => line.split(',')[3])).toEqual(['0', '1', '2']);
    const hours = readFileSync(join(exportDir, 'meter_hourly_2026_01.csv'), 'utf8').trim().split('\n');
    expect(hours).toHaveLength(januaryHours + 1);

    const after = await database.open();
    const left = await after.query<{ total: number }>('SELECT total FROM readings ORDER BY ts');
    expect(left.rows).toEqual([{ total: 10 }, { total: 11 }]);
    const dropped = await after.query<{ table: string | null }>(
      `SELECT to_regclass('${ARCHIVE_SCHEMA}.readings_2026_01')::text AS table`,
    );
    expect(dropped.rows).toEqual([{ table: null }]);
    if (engine === 'pglite') await after.close();

    // Nothing before January is left: said so, and nothing changes.
    const again = await hydrolog(['detach-readings', '--before', '2026-02-01'], database);
    expect(again).toMatchObject({ code: 0, out: expect.stringContaining('No partition') });
  }, 120_000);
});
