import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { gatewayDecider, tenantDecider } from '@hydrolog/domain';
import { type Database, readAllFrom, SqlEventStore } from '@hydrolog/eventstore';
import { allProjections, ProjectionRunner } from '@hydrolog/projections';
import { type EventData, type IngestAnswer, tenantSettingsSchema, uuidv7 } from '@hydrolog/schemas';
import { afterEach, describe, expect, it } from 'vitest';
import { execute } from '../src/commands.ts';
import { newGatewayKey } from '../src/ingest/auth.ts';
import { registerMeters, registerMeterType } from '../src/meters/index.ts';
import { childDatabase } from './support.ts';

const child = join(import.meta.dirname, 'ingest-child.ts');
const TENANT = '00000000-0000-7000-8000-0000000000aa';
const METERS = 100;
const BATCHES = 60;
const PER_BATCH = 500; // 5 hours of 100 meters
const HOUR = 3_600_000;

const lanes = [
  { engine: 'pglite', url: '' },
  ...(process.env.TEST_DATABASE_URL ? [{ engine: 'postgres', url: process.env.TEST_DATABASE_URL }] : []),
];

/** The service in its own process (node --import tsx: one process, so SIGKILL hits the one holding the database). */
function startChild(dir: string, url: string): Promise<{ proc: ChildProcess; base: string }> {
  return new Promise((resolve, reject) => {
    const proc = spawn(process.execPath, ['--import', 'tsx', child, dir, url], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    createInterface({ input: proc.stdout! }).once('line', (line) => {
      resolve({ proc, base: `http://127.0.0.1:${(JSON.parse(line) as { port: number }).port}` });
    });
    proc.on('error', reject);
    proc.on('exit', (code) => reject(new Error(`ingest child exited with ${code}`)));
  });
}

/** Resolves once the process has exited (at once if it already has). */
const exited = (proc: ChildProcess) =>
  proc.exitCode !== null || proc.signalCode !== null
    ? Promise.resolve()
    : new Promise((resolve) => proc.once('exit', resolve));

describe.each(lanes)('ingest killed with SIGKILL during a load on $engine', ({ engine, url }) => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0)) await cleanup();
  });

  async function prepare(): Promise<{
    dir: string;
    url: string;
    open: () => Promise<Database>;
    key: string;
  }> {
    const {
      dir,
      url: target,
      db,
      open,
    } = await childDatabase(engine, url, 'hydrolog-ingest-kill-', cleanups);
    // The child installs the projections; the registry is written through them, so start them here first.
    const store = await SqlEventStore.open(db);
    const runner = new ProjectionRunner(db, store, allProjections);
    await runner.start();
    const metadata = { tenantId: TENANT, correlationId: uuidv7() };
    // The gateway's tenant: a key answers only while its tenant exists and is not suspended.
    await execute(
      store,
      tenantDecider,
      TENANT,
      [
        {
          type: 'CreateTenant',
          tenantId: TENANT,
          name: 'Load utility',
          kind: 'utility',
          trial: false,
          createdAt: new Date().toISOString(),
          settings: tenantSettingsSchema.parse({}),
        },
      ],
      { metadata },
    );
    const meterTypeId = await registerMeterType(store, metadata, {
      name: 'NB-IoT',
      billingMode: 'postpaid',
      valveControl: false,
      communication: 'nbiot',
      cardKind: 'none',
      reportIntervalMinutes: 60,
    });
    await registerMeters(
      store,
      metadata,
      Array.from({ length: METERS }, (_, i) => ({ meterNo: String(7000 + i), meterTypeId })),
    );
    const gatewayId = uuidv7();
    const { key, keyHash, keyPrefix } = newGatewayKey();
    await execute(
      store,
      gatewayDecider,
      gatewayId,
      [
        {
          type: 'RegisterGateway',
          gatewayId,
          tenantId: TENANT,
          name: 'Load gateway',
          kind: 'gateway',
          keyHash,
          keyPrefix,
          createdAt: new Date().toISOString(),
        },
      ],
      { metadata },
    );
    await runner.stop();
    if (engine === 'pglite') await db.close();
    return { dir, url: target, open, key };
  }

  it('keeps every reading that got a 202, and a resend after the restart stores nothing twice', {
    timeout: 240_000,
  }, async () => {
    const target = await prepare();
    const start = Date.now() - 20 * 24 * HOUR;
    const batches = Array.from({ length: BATCHES }, (_, b) => ({
      batchId: uuidv7(),
      readings: Array.from({ length: PER_BATCH }, (_, i) => {
        const hour = b * (PER_BATCH / METERS) + Math.floor(i / METERS);
        return {
          meterNo: String(7000 + (i % METERS)),
          ts: new Date(start + hour * HOUR).toISOString(),
          total: hour,
        };
      }),
    }));
    const send = async (base: string, batch: (typeof batches)[number]) => {
      const res = await fetch(`${base}/ingest/v1/readings`, {
        method: 'POST',
        headers: { authorization: `Bearer ${target.key}`, 'content-type': 'application/json' },
        body: JSON.stringify(batch),
      });
      return res.status === 202 ? ((await res.json()) as IngestAnswer) : null;
    };

    // Three uploads in flight; the process dies after the tenth answer, mid-load.
    const first = await startChild(target.dir, target.url);
    const answered = new Map<string, IngestAnswer>();
    let next = 0;
    let killed = false;
    await Promise.all(
      [0, 1, 2].map(async () => {
        while (!killed && next < batches.length) {
          const batch = batches[next++]!;
          const answer = await send(first.base, batch).catch(() => null);
          if (answer && !killed) answered.set(batch.batchId, answer);
          if (answered.size >= 10 && !killed) {
            killed = true;
            first.proc.kill('SIGKILL');
          }
        }
      }),
    );
    await exited(first.proc);
    expect(answered.size).toBeGreaterThanOrEqual(10);
    expect(answered.size).toBeLessThan(BATCHES);

    // After the restart the gateway sends everything again, the acknowledged batches included.
    const second = await startChild(target.dir, target.url);
    for (const batch of batches) {
      const answer = await send(second.base, batch);
      expect(answer, `batch ${batch.batchId}`).not.toBeNull();
      const before = answered.get(batch.batchId);
      if (before) expect(answer).toEqual(before);
    }
    second.proc.kill('SIGTERM');
    await exited(second.proc);

    const db = await target.open();
    try {
      // Read through the log, which gives each event's readings back from the layout it stores them in.
      // Every writer has ended: nothing in flight to wait for.
      const events = await readAllFrom(db, { types: ['ReadingsReported'], limit: 1_000_000, stable: false });
      const perBatch = new Map<string, number>();
      const readings = new Set<string>();
      for (const { data } of events) {
        const reported = data as EventData<'ReadingsReported'>;
        for (const { meterId, readings: stored } of reported.meters) {
          perBatch.set(reported.batchId, (perBatch.get(reported.batchId) ?? 0) + stored.length);
          for (const reading of stored) readings.add(`${meterId} ${reading.ts}`);
        }
      }
      for (const [batchId, answer] of answered) expect(perBatch.get(batchId)).toBe(answer.accepted);
      const count = [...perBatch.values()].reduce((sum, n) => sum + n, 0);
      expect({ readings: count, distinct: readings.size }).toEqual({
        readings: BATCHES * PER_BATCH,
        distinct: BATCHES * PER_BATCH,
      });
    } finally {
      if (engine === 'pglite') await db.close();
    }
  });
});
