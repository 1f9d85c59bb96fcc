import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { type Database, openDatabase, SqlEventStore } from '@hydrolog/eventstore';
import { openTemporaryPostgres } from '@hydrolog/eventstore/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { ProjectionRunner, tenantsProjection } from '../src/index.ts';
import { seedTenants } from './fixtures.ts';

const child = join(import.meta.dirname, 'rebuild-child.ts');

/** Runs the child; with killAfter, SIGKILLs it once it reports that many events applied. */
function runChild(mode: 'rebuild' | 'resume', target: { dir: string; url: string }, killAfter?: number) {
  return new Promise<{ killedAt: number | null; lines: string[] }>((resolve, reject) => {
    // node --import tsx: one process, so SIGKILL hits the process holding the database (the tsx CLI would fork).
    const proc = spawn(process.execPath, ['--import', 'tsx', child, mode, target.dir, target.url], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const lines: string[] = [];
    let killedAt: number | null = null;
    createInterface({ input: proc.stdout }).on('line', (line) => {
      lines.push(line);
      const progress = JSON.parse(line) as { applied?: number };
      if (killAfter !== undefined && killedAt === null && (progress.applied ?? 0) >= killAfter) {
        killedAt = progress.applied ?? 0;
        proc.kill('SIGKILL');
      }
    });
    proc.on('error', reject);
    proc.on('exit', () => resolve({ killedAt, lines }));
  });
}

const TENANTS = 1500;
const lanes = [
  { engine: 'pglite', url: '' },
  ...(process.env.TEST_DATABASE_URL ? [{ engine: 'postgres', url: process.env.TEST_DATABASE_URL }] : []),
];

describe.each(lanes)('a rebuild killed with SIGKILL on $engine', ({ engine, url }) => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0)) await cleanup();
  });

  /**
   * A database with 1500 tenants (3000 events, 120 batches of 25) that the child processes can open too:
   * far more than the child can apply between its 100th event and the SIGKILL.
   */
  async function prepare(): Promise<{ dir: string; url: string; open: () => Promise<Database> }> {
    const dir = mkdtempSync(join(tmpdir(), 'hydrolog-kill-'));
    cleanups.push(async () => rmSync(dir, { recursive: true, force: true }));
    if (engine === 'pglite') {
      const open = () => openDatabase({ dataDir: dir });
      const db = await open();
      const store = await SqlEventStore.open(db);
      await seedTenants(store, TENANTS);
      await db.close();
      return { dir, url: '', open };
    }
    const temp = await openTemporaryPostgres(url);
    cleanups.push(() => temp.close());
    const store = await SqlEventStore.open(temp);
    await seedTenants(store, TENANTS);
    const name = (await temp.query<{ db: string }>('SELECT current_database() AS db')).rows[0]!.db;
    const target = new URL(url);
    target.pathname = `/${name}`;
    return { dir, url: target.toString(), open: async () => temp };
  }

  it('resumes from its checkpoint on restart and ends with rows identical to an uninterrupted run', async () => {
    const target = await prepare();
    const killed = await runChild('rebuild', target, 100);
    expect(killed.killedAt).toBeGreaterThanOrEqual(100);
    expect(killed.lines.some((l) => l.includes('"done"'))).toBe(false);

    const db = await target.open();
    const interrupted = await db.query<{ status: string; checkpoint_position: string }>(
      `SELECT status, checkpoint_position::text FROM es.projections WHERE name = 'tenants'`,
    );
    expect(interrupted.rows[0]!.status).toBe('rebuilding');
    // The checkpoint moved with the committed batches: the restart resumes there, not from zero.
    expect(Number(interrupted.rows[0]!.checkpoint_position)).toBeGreaterThan(0);
    if (engine === 'pglite') await db.close();

    const resumed = await runChild('resume', target);
    expect(resumed.lines.at(-1)).toBe(JSON.stringify({ done: true, status: 'live' }));

    const after = engine === 'pglite' ? await target.open() : db;
    const store = await SqlEventStore.open(after);
    const runner = new ProjectionRunner(after, store, [tenantsProjection]);
    await runner.start();
    const resumedChecksums = await runner.checksums('tenants');
    expect(resumedChecksums[0]!.rows).toBe(TENANTS);
    const verified = await runner.verify('tenants');
    expect(verified.equal).toBe(true);
    // An uninterrupted rebuild of the same log gives the same checksum.
    await runner.rebuild('tenants');
    expect(await runner.checksums('tenants')).toEqual(resumedChecksums);
    if (engine === 'pglite') await after.close();
  }, 180_000);
});
