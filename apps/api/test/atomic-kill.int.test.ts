import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { customerDecider, meterDecider, streamName } from '@hydrolog/domain';
import { type Database, SqlEventStore } from '@hydrolog/eventstore';
import { allProjections, ProjectionRunner } from '@hydrolog/projections';
import { uuidv7 } from '@hydrolog/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../../demo/src/index.ts';
import { buildApp } from '../src/app.ts';
import { registerMeters, registerMeterType } from '../src/meters/index.ts';
import type { Services } from '../src/services.ts';
import type { KillPoint, KillScenario } from './atomic-child.ts';
import { ACCOUNTS, childDatabase, injectAs, login } from './support.ts';

const child = join(import.meta.dirname, 'atomic-child.ts');
const DEMO_TENANT = '00000000-0000-7000-8000-000000000002';
const HOUR = 3_600_000;
const POINTS: KillPoint[] = ['before', 'inside', 'after'];

const lanes = [
  { engine: 'pglite', url: '' },
  ...(process.env.TEST_DATABASE_URL ? [{ engine: 'postgres', url: process.env.TEST_DATABASE_URL }] : []),
];

/** Runs the child on the scenario and SIGKILLs it where it halts; answers where that was. */
function killChildAt(dir: string, url: string, scenario: KillScenario): Promise<string[]> {
  return new Promise((resolve, reject) => {
    // node --import tsx: one process, so SIGKILL hits the process holding the database (the tsx CLI would fork).
    const proc = spawn(process.execPath, ['--import', 'tsx', child, dir, url, JSON.stringify(scenario)], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const lines: string[] = [];
    createInterface({ input: proc.stdout }).on('line', (line) => {
      lines.push(line);
      if ('at' in JSON.parse(line)) proc.kill('SIGKILL');
    });
    proc.on('error', reject);
    proc.on('exit', () => resolve(lines));
  });
}

/**
 * A change that spans two aggregates, killed between its decisions and its append, inside the append's
 * transaction, and after the append returned (where the second append of two would have come): after the
 * restart both of its halves are in the log, or neither.
 */
describe.each(lanes)('a two-aggregate change killed with SIGKILL on $engine', ({ engine, url }) => {
  const cleanups: (() => Promise<void>)[] = [];
  let target: Awaited<ReturnType<typeof prepare>>;
  beforeAll(async () => {
    target = await prepare();
  }, 120_000);
  afterAll(async () => {
    for (const cleanup of cleanups.splice(0)) await cleanup();
  });

  /** The demo platform with a valve meter on an account, and a meter on an account with a free meter beside it. */
  async function prepare() {
    const {
      dir,
      url: target,
      db,
      open,
    } = await childDatabase(engine, url, 'hydrolog-atomic-kill-', cleanups);
    const store = await SqlEventStore.open(db);
    const runner = new ProjectionRunner(db, store, allProjections);
    await runner.start();
    const services: Services = { db, store, runner, close: async () => {} };
    await seedDemo(services, { captchaEnabled: false });
    const metadata = { tenantId: DEMO_TENANT, correlationId: uuidv7() };
    const meterTypeId = await registerMeterType(store, metadata, {
      name: 'Household valve',
      billingMode: 'prepaid',
      valveControl: true,
      communication: 'nbiot',
      cardKind: 'none',
      reportIntervalMinutes: 60,
    });
    const [valveMeterId, oldMeterId] = await registerMeters(store, metadata, [
      { meterNo: '9001', meterTypeId },
      { meterNo: '9002', meterTypeId, initialReading: 100 },
      { meterNo: '9003', meterTypeId },
    ]);
    const app = await buildApp(services, {
      logLevel: 'silent',
      uploadsDir: mkdtempSync(join(tmpdir(), 'hydrolog-uploads-')),
    });
    const admin = injectAs(app, await login(app, ...ACCOUNTS.demoAdmin));
    const customerTypeId = (
      await admin({
        method: 'POST',
        url: '/prod-api/business/customerType',
        payload: { name: 'Residential' },
      })
    ).json().data.customerTypeId;
    const openAccount = async (accountNo: string, meterId: string) =>
      (
        await admin({
          method: 'POST',
          url: '/prod-api/business/customer',
          payload: { accountNo, name: 'Wang Fang', phone: '13800000009', customerTypeId, meterId },
        })
      ).json().data.customerId as string;
    const frozenId = await openAccount('K0001', valveMeterId!);
    const movedId = await openAccount('K0002', oldMeterId!);
    await app.close();
    await runner.stop();
    if (engine === 'pglite') await db.close();
    return {
      dir,
      url: target,
      open,
      valveMeterId: valveMeterId!,
      oldMeterId: oldMeterId!,
      frozenId,
      movedId,
    };
  }

  /** After the kill, in the database the next start opens: how many of each half's events the log holds. */
  async function halves(open: () => Promise<Database>, query: string, params: unknown[]) {
    const db = await open();
    try {
      return (await db.query<{ first: number; second: number }>(query, params)).rows[0];
    } finally {
      if (engine === 'pglite') await db.close();
    }
  }

  it('freezing an account and closing its valve land together or not at all', {
    timeout: 240_000,
  }, async () => {
    const count = () =>
      halves(
        target.open,
        `SELECT count(*) FILTER (WHERE type = 'CustomerFrozen' AND stream_id = $1)::int AS first,
                count(*) FILTER (WHERE type = 'MeterCommandIssued' AND data->>'meterId' = $2
                                 AND data->>'kind' = 'valveClose')::int AS second
         FROM es.events`,
        [streamName(customerDecider, target.frozenId), target.valveMeterId],
      );
    // Opening the account may have closed its valve already (the tenant's setting).
    const before = await count();
    for (const point of POINTS) {
      const lines = await killChildAt(target.dir, target.url, {
        point,
        stream: streamName(customerDecider, target.frozenId),
        method: 'PUT',
        url: '/prod-api/business/customer/freeze',
        payload: { customerId: target.frozenId, version: 0 },
      });
      expect(lines.at(-1), point).toBe(JSON.stringify({ at: point }));
      const counted = await count();
      // Killed before the commit: neither; after it: both (two appends would have left the freeze alone).
      const landed = point === 'after' ? 1 : 0;
      expect(counted, point).toEqual({ first: landed, second: before!.second + landed });
    }
  });

  it('replacing a meter and moving its account land together or not at all', {
    timeout: 240_000,
  }, async () => {
    for (const point of POINTS) {
      const lines = await killChildAt(target.dir, target.url, {
        point,
        stream: streamName(meterDecider, target.oldMeterId),
        method: 'POST',
        url: '/prod-api/business/meterReplace',
        payload: {
          oldMeterNo: '9002',
          newMeterNo: '9003',
          lastReadTime: new Date(Date.now() - HOUR).toISOString(),
          recentReading: 106,
          reason: 'Register stuck',
        },
      });
      expect(lines.at(-1), point).toBe(JSON.stringify({ at: point }));
      const counted = await halves(
        target.open,
        `SELECT count(*) FILTER (WHERE type = 'MeterReplaced' AND stream_id = $1)::int AS first,
                count(*) FILTER (WHERE type = 'CustomerMeterChanged' AND stream_id = $2)::int AS second
         FROM es.events`,
        [streamName(meterDecider, target.oldMeterId), streamName(customerDecider, target.movedId)],
      );
      const landed = point === 'after' ? 1 : 0;
      expect(counted, point).toEqual({ first: landed, second: landed });
    }
  });
});
