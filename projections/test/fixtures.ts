import type { Database } from '@hydrolog/eventstore';
import { type EventStore, type NewEvent, SqlEventStore } from '@hydrolog/eventstore';
import type { TestEngine } from '@hydrolog/eventstore/testing';
import { type DomainEvent, type EventMetadata, tenantSettingsSchema, uuidv7 } from '@hydrolog/schemas';
import { type EventHandler, type Projection, ProjectionRunner } from '../src/index.ts';

const settings = tenantSettingsSchema.parse({});

export function created(tenantId: string, name: string): NewEvent {
  return {
    id: uuidv7(),
    type: 'TenantCreated',
    data: { tenantId, name, kind: 'utility', trial: false, createdAt: '2026-03-01T00:00:00.000Z', settings },
    metadata: { tenantId, correlationId: uuidv7() },
  };
}

export function renamed(tenantId: string, name: string): NewEvent {
  return {
    id: uuidv7(),
    type: 'TenantRenamed',
    data: { tenantId, name },
    metadata: { tenantId, correlationId: uuidv7() },
  };
}

/** Appends `count` tenants, each created then renamed once. */
export async function seedTenants(store: EventStore, count: number): Promise<string[]> {
  const ids = Array.from({ length: count }, () => uuidv7());
  const requests = ids.map((id, i) => ({
    stream: `tenant-${id}`,
    events: [created(id, `Tenant ${i}`), renamed(id, `Tenant ${i} renamed`)],
    expectedVersion: 'no_stream' as const,
  }));
  for (let i = 0; i < requests.length; i += 500) await store.appendMany(requests.slice(i, i + 500));
  return ids;
}

/**
 * A deliberately non-idempotent async projection: it counts events by type, so an event applied twice
 * or skipped shows in its rows.
 */
export function eventCounter(options: { failOn?: string } = {}): Projection {
  const count: EventHandler = async (sql, event) => {
    if (options.failOn && (event.data as { name?: string }).name === options.failOn)
      throw new Error('handler failed');
    await sql.query(
      `INSERT INTO event_counts (type, count) VALUES ($1, 1)
       ON CONFLICT (type) DO UPDATE SET count = event_counts.count + 1`,
      [event.type],
    );
  };
  return {
    name: 'event_counts',
    version: 1,
    mode: 'async',
    tables: ['event_counts'],
    reads: [],
    migrations: ['CREATE TABLE event_counts (type text PRIMARY KEY, count int NOT NULL)'],
    handlers: { TenantCreated: count, TenantRenamed: count },
  };
}

export async function counts(db: Database): Promise<Record<string, number>> {
  const { rows } = await db.query<{ type: string; count: number }>(
    'SELECT type, count FROM event_counts ORDER BY type',
  );
  return Object.fromEntries(rows.map((r) => [r.type, r.count]));
}

export async function openStore(db: Database): Promise<SqlEventStore> {
  return SqlEventStore.open(db);
}

/** A fresh database of the engine with `projections` installed, fed events of the catalogue one stream at a time. */
export async function projectionsOn(
  engine: TestEngine,
  projections: Projection[],
  options?: ConstructorParameters<typeof ProjectionRunner>[3],
) {
  const db = await engine.open();
  const store = await openStore(db);
  const runner = new ProjectionRunner(db, store, projections, options);
  await runner.start();
  return {
    db,
    runner,
    /** Appends the events to the stream as one user of the tenant, after whatever the stream holds. */
    async append(stream: string, events: DomainEvent[], metadata: EventMetadata): Promise<void> {
      await store.append(
        stream,
        events.map((e) => ({ id: uuidv7(), ...e, metadata })),
        { expectedVersion: 'any' },
      );
    },
    async rows(query: string, params: unknown[] = []): Promise<Record<string, unknown>[]> {
      return (await db.query<Record<string, unknown>>(query, params)).rows;
    },
  };
}
export type ProjectionsFixture = Awaited<ReturnType<typeof projectionsOn>>;
