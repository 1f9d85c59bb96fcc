import type { Database, SqlEventStore } from '@hydrolog/eventstore';
import { testEngines } from '@hydrolog/eventstore/testing';
import { uuidv7 } from '@hydrolog/schemas';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  getTenant,
  listTenants,
  type Projection,
  ProjectionRunner,
  tenantsProjection,
} from '../src/index.ts';
import { counts, created, eventCounter, openStore, renamed, seedTenants } from './fixtures.ts';

describe.each(testEngines())('projection runner on $engine', ({ open }) => {
  let db: Database;
  let store: SqlEventStore;
  beforeEach(async () => {
    db = await open();
    store = await openStore(db);
  });
  afterEach(async () => {
    await db.close();
  });

  async function runner(projections: Projection[], batchSize = 50) {
    const r = new ProjectionRunner(db, store, projections, { batchSize });
    await r.start();
    return r;
  }

  it('applies an inline projection in the append transaction: the next read shows it', async () => {
    await runner([tenantsProjection]);
    const id = uuidv7();
    await store.append(`tenant-${id}`, [created(id, 'Aqua')], { expectedVersion: 'no_stream' });
    expect((await getTenant(db, id))?.name).toBe('Aqua');
    await store.append(`tenant-${id}`, [renamed(id, 'Aqua Nova')], { expectedVersion: 0n });
    const view = await getTenant(db, id);
    expect(view).toMatchObject({ name: 'Aqua Nova', version: 1, userType: '00', trialDaysLeft: null });
    expect((await listTenants(db, { pageNum: 1, pageSize: 10, name: 'nova' })).total).toBe(1);
  });

  it('leaves nothing of an append whose inline projection fails', async () => {
    const failing: Projection = {
      ...tenantsProjection,
      name: 'failing',
      tables: ['failing_rows'],
      tenantTables: [],
      migrations: ['CREATE TABLE failing_rows (id int)'],
      handlers: {
        async TenantCreated() {
          throw new Error('read model refused');
        },
      },
    };
    await runner([tenantsProjection, failing]);
    const id = uuidv7();
    await expect(
      store.append(`tenant-${id}`, [created(id, 'X')], { expectedVersion: 'no_stream' }),
    ).rejects.toThrow('read model refused');
    expect(await store.readStream(`tenant-${id}`)).toEqual([]);
    expect(await getTenant(db, id)).toBeNull();
  });

  it('catches up an async projection in batches, each event exactly once, and reports lag', async () => {
    await seedTenants(store, 120);
    const r = await runner([eventCounter()], 37);
    expect((await r.state('event_counts')).lag).toBe(240);
    // The backlog an upload asks for: counted up to its bound, or whole.
    expect(await r.backlog('event_counts', 100)).toBe(100);
    expect(await r.backlog('event_counts', Number.POSITIVE_INFINITY)).toBe(240);
    expect(await r.catchUp('event_counts')).toBe(240);
    expect(await r.backlog('event_counts', 100)).toBe(0);
    expect(await counts(db)).toEqual({ TenantCreated: 120, TenantRenamed: 120 });
    await seedTenants(store, 3);
    expect(await r.catchUp('event_counts')).toBe(6);
    expect(await r.catchUp('event_counts')).toBe(0);
    expect(await counts(db)).toEqual({ TenantCreated: 123, TenantRenamed: 123 });
    expect(await r.state('event_counts')).toMatchObject({ status: 'live', lag: 0 });
  });

  it('reads fewer events to a batch when they are large: its data stays within a budget of bytes', async () => {
    const id = uuidv7();
    const names = Array.from({ length: 10 }, (_, i) => `Name ${i}`);
    await store.append(
      `tenant-${id}`,
      names.map((name) => renamed(id, name)),
      { expectedVersion: 'any' },
    );
    // Ten events of one size; a budget of three and a half of them.
    const [first] = await store.readAll({ limit: 1, types: ['TenantRenamed'] });
    const size = Buffer.byteLength(JSON.stringify(first!.data));
    const r = new ProjectionRunner(db, store, [eventCounter({ failOn: 'Name 7' })], {
      batchSize: 50,
      batchBytes: Math.floor(3.5 * size),
    });
    await r.start();
    await expect(r.catchUp('event_counts')).rejects.toThrow('handler failed');
    // Batches of three: names 0-2 and 3-5 committed; the batch of 6-8 failed at 7 and left nothing.
    expect(await counts(db)).toEqual({ TenantRenamed: 6 });
    expect((await r.state('event_counts')).lag).toBe(4);
  });

  it('commits rows and checkpoint together: a failing batch leaves both as they were', async () => {
    const ids = await seedTenants(store, 10);
    const r = await runner([eventCounter({ failOn: 'Tenant 5' })], 4);
    await expect(r.catchUp('event_counts')).rejects.toThrow('handler failed');
    // Batches of 4 events: two batches (tenants 0-3) committed; the third failed at tenant 5 and left nothing.
    expect(await counts(db)).toEqual({ TenantCreated: 4, TenantRenamed: 4 });
    expect((await r.state('event_counts')).lag).toBe(12);
    expect(ids).toHaveLength(10);
  });

  it('applies each event once when two runners take turns, whatever page either read ahead', async () => {
    await seedTenants(store, 10);
    const failing = await runner([eventCounter({ failOn: 'Tenant 5' })], 4);
    const other = await runner([eventCounter()], 4);
    // Two batches committed; the third, failed at tenant 5, had the page after it read ahead.
    await expect(failing.catchUp('event_counts')).rejects.toThrow('handler failed');
    expect(await other.catchUp('event_counts')).toBe(12);
    // The page read ahead starts where the failed batch would have ended, behind the checkpoint now.
    expect(await failing.catchUp('event_counts')).toBe(0);
    expect(await counts(db)).toEqual({ TenantCreated: 10, TenantRenamed: 10 });
    await seedTenants(store, 2);
    expect(await failing.catchUp('event_counts')).toBe(4);
    expect(await counts(db)).toEqual({ TenantCreated: 12, TenantRenamed: 12 });
  });

  it('follows the log in the background once started with follow', async () => {
    const r = new ProjectionRunner(db, store, [eventCounter()]);
    await r.start({ follow: true });
    await seedTenants(store, 5);
    await expect.poll(() => counts(db), { timeout: 10_000 }).toEqual({ TenantCreated: 5, TenantRenamed: 5 });
    await r.stop();
  });

  it('rebuilds to identical rows and verify proves it with equal checksums', async () => {
    await seedTenants(store, 40);
    const r = await runner([tenantsProjection, eventCounter()]);
    await r.catchUp('event_counts');
    const before = await listTenants(db, { pageNum: 1, pageSize: 50 });
    const progress: number[] = [];
    const summary = await r.rebuild('tenants', (p) => progress.push(p.applied));
    expect(summary.events).toBe(80);
    expect(progress.at(-1)).toBeLessThanOrEqual(80);
    expect(await listTenants(db, { pageNum: 1, pageSize: 50 })).toEqual(before);
    for (const name of ['tenants', 'event_counts']) {
      const verified = await r.verify(name);
      expect(verified.equal).toBe(true);
      expect(verified.tables[0]!.live).toBe(verified.tables[0]!.shadow);
    }
    // The shadow schema is gone and live rows were not touched.
    const schemas = await db.query(`SELECT 1 FROM pg_namespace WHERE nspname = 'hydrolog_verify'`);
    expect(schemas.rows).toHaveLength(0);
  });

  it('verify detects a read model that differs from the log', async () => {
    const [id] = await seedTenants(store, 3);
    const r = await runner([tenantsProjection]);
    await db.query(`UPDATE tenants SET name = 'tampered' WHERE tenant_id = $1`, [id]);
    const verified = await r.verify('tenants');
    expect(verified.equal).toBe(false);
    expect(verified.tables[0]!.live).not.toBe(verified.tables[0]!.shadow);
  });

  it('hands an inline projection from rebuild to appends without losing or doubling an event', async () => {
    await seedTenants(store, 20);
    const r = await runner([tenantsProjection], 5);
    await db.transaction(async (sql) => {
      await sql.query(
        `UPDATE es.projections SET status = 'rebuilding', checkpoint_tx = 0, checkpoint_position = 0`,
      );
      await sql.query('DELETE FROM tenants');
    });
    // Appended while rebuilding: not applied inline, picked up by the catch-up instead.
    const id = uuidv7();
    await store.append(`tenant-${id}`, [created(id, 'During rebuild')], { expectedVersion: 'no_stream' });
    expect(await getTenant(db, id)).toBeNull();
    await r.catchUp('tenants');
    expect((await getTenant(db, id))?.name).toBe('During rebuild');
    await store.append(`tenant-${id}`, [renamed(id, 'After')], { expectedVersion: 0n });
    expect((await getTenant(db, id))?.name).toBe('After');
    expect((await listTenants(db, { pageNum: 1, pageSize: 50 })).total).toBe(21);
    expect((await r.verify('tenants')).equal).toBe(true);
  });

  it('rebuilds a projection whose version changed when started', async () => {
    await seedTenants(store, 4);
    await runner([eventCounter()]).then((r) => r.catchUp('event_counts'));
    await db.query(`UPDATE event_counts SET count = 999`);
    const bumped = { ...eventCounter(), version: 2 };
    const r = await runner([bumped]);
    expect(await counts(db)).toEqual({});
    await r.catchUp('event_counts');
    expect(await counts(db)).toEqual({ TenantCreated: 4, TenantRenamed: 4 });
  });
});
