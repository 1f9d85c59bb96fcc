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
const TRIAL_TENANT = '00000000-0000-7000-8000-000000000003';
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

  /**
   * The demo platform with a valve meter on an account, a frozen one, a meter on an account with a free
   * meter beside it, and a meter on an account with the trial tenant's types to move it to.
   */
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
    const valveType = {
      name: 'Household valve',
      billingMode: 'prepaid',
      valveControl: true,
      communication: 'nbiot',
      cardKind: 'none',
      reportIntervalMinutes: 60,
    } as const;
    const meterTypeId = await registerMeterType(store, metadata, valveType);
    const [valveMeterId, oldMeterId, , frozenMeterId, movingMeterId] = await registerMeters(store, metadata, [
      { meterNo: '9001', meterTypeId },
      { meterNo: '9002', meterTypeId, initialReading: 100 },
      { meterNo: '9003', meterTypeId },
      { meterNo: '9004', meterTypeId },
      { meterNo: '9005', meterTypeId },
    ]);
    const trialMeterTypeId = await registerMeterType(
      store,
      { tenantId: TRIAL_TENANT, correlationId: uuidv7() },
      valveType,
    );
    const app = await buildApp(services, {
      logLevel: 'silent',
      uploadsDir: mkdtempSync(join(tmpdir(), 'hydrolog-uploads-')),
    });
    const admin = injectAs(app, await login(app, ...ACCOUNTS.demoAdmin));
    const trial = injectAs(app, await login(app, ...ACCOUNTS.trialAdmin));
    const customerType = async (as: typeof admin) =>
      (
        await as({ method: 'POST', url: '/prod-api/business/customerType', payload: { name: 'Residential' } })
      ).json().data.customerTypeId as string;
    const customerTypeId = await customerType(admin);
    const trialCustomerTypeId = await customerType(trial);
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
    const unfrozenId = await openAccount('K0003', frozenMeterId!);
    const freeze = await admin({
      method: 'PUT',
      url: '/prod-api/business/customer/freeze',
      payload: { customerId: unfrozenId, version: 0 },
    });
    expect(freeze.json().code).toBe(200);
    const travellerId = await openAccount('K0005', movingMeterId!);
    await app.close();
    await runner.stop();
    if (engine === 'pglite') await db.close();
    return {
      dir,
      url: target,
      open,
      valveMeterId: valveMeterId!,
      oldMeterId: oldMeterId!,
      frozenMeterId: frozenMeterId!,
      movingMeterId: movingMeterId!,
      frozenId,
      movedId,
      unfrozenId,
      travellerId,
      trialMeterTypeId,
      trialCustomerTypeId,
    };
  }

  type Target = typeof target;

  /** After the kill, in the database the next start opens: how many of each half's events the log holds. */
  async function halves(open: () => Promise<Database>, query: string, params: unknown[]) {
    const db = await open();
    try {
      return (await db.query<{ first: number; second: number }>(query, params)).rows[0]!;
    } finally {
      if (engine === 'pglite') await db.close();
    }
  }

  /** Counts the events of each half: `first` in the stream named, `second` as the query says. */
  const halvesOf = (firstType: string, second: string) =>
    `SELECT count(*) FILTER (WHERE type = '${firstType}' AND stream_id = $1)::int AS first,
            count(*) FILTER (WHERE ${second})::int AS second
     FROM es.events`;

  interface Change {
    name: string;
    scenario(t: Target): Omit<KillScenario, 'point'>;
    query: string;
    params(t: Target): unknown[];
  }

  /** Freezing an account closes its valve, unfreezing opens it: the account at `version`, on `meterId`. */
  const valveChange = (
    action: 'freeze' | 'unfreeze',
    account: (t: Target) => { customerId: string; meterId: string; version: number },
  ): Change => {
    const freeze = action === 'freeze';
    const stream = (t: Target) => streamName(customerDecider, account(t).customerId);
    return {
      name: freeze
        ? 'freezing an account and closing its valve'
        : 'unfreezing an account and opening its valve',
      scenario: (t) => ({
        stream: stream(t),
        method: 'PUT',
        url: `/prod-api/business/customer/${action}`,
        payload: { customerId: account(t).customerId, version: account(t).version },
      }),
      query: halvesOf(
        freeze ? 'CustomerFrozen' : 'CustomerUnfrozen',
        `type = 'MeterCommandIssued' AND data->>'meterId' = $2
         AND data->>'kind' = '${freeze ? 'valveClose' : 'valveOpen'}'`,
      ),
      params: (t) => [stream(t), account(t).meterId],
    };
  };

  const changes: Change[] = [
    valveChange('freeze', (t) => ({ customerId: t.frozenId, meterId: t.valveMeterId, version: 0 })),
    valveChange('unfreeze', (t) => ({ customerId: t.unfrozenId, meterId: t.frozenMeterId, version: 1 })),
    {
      name: 'replacing a meter and moving its account',
      scenario: (t) => ({
        stream: streamName(meterDecider, t.oldMeterId),
        method: 'POST',
        url: '/prod-api/business/meterReplace',
        payload: {
          oldMeterNo: '9002',
          newMeterNo: '9003',
          lastReadTime: new Date(Date.now() - HOUR).toISOString(),
          recentReading: 106,
          reason: 'Register stuck',
        },
      }),
      query: halvesOf('MeterReplaced', `type = 'CustomerMeterChanged' AND stream_id = $2`),
      params: (t) => [streamName(meterDecider, t.oldMeterId), streamName(customerDecider, t.movedId)],
    },
    {
      name: 'moving a meter and its account to another tenant',
      scenario: (t) => ({
        as: 'platformAdmin',
        stream: streamName(meterDecider, t.movingMeterId),
        method: 'POST',
        url: '/prod-api/tenant/meterMove',
        payload: {
          sourceTenantId: DEMO_TENANT,
          targetTenantId: TRIAL_TENANT,
          meterIds: [t.movingMeterId],
          customerTypeId: t.trialCustomerTypeId,
          meterTypeId: t.trialMeterTypeId,
          reason: 'District handed over',
        },
      }),
      query: halvesOf('MeterMoved', `type = 'CustomerMoved' AND stream_id = $2`),
      params: (t) => [streamName(meterDecider, t.movingMeterId), streamName(customerDecider, t.travellerId)],
    },
  ];

  for (const change of changes)
    it(`${change.name} land together or not at all`, { timeout: 240_000 }, async () => {
      const count = () => halves(target.open, change.query, change.params(target));
      // Opening an account may have closed its valve already (the tenant's setting).
      const before = await count();
      for (const point of POINTS) {
        const lines = await killChildAt(target.dir, target.url, { point, ...change.scenario(target) });
        expect(lines.at(-1), point).toBe(JSON.stringify({ at: point }));
        // Killed before the commit: neither; after it: both (two appends would have left the first alone).
        const landed = point === 'after' ? 1 : 0;
        expect(await count(), point).toEqual({
          first: before.first + landed,
          second: before.second + landed,
        });
      }
    });
});
