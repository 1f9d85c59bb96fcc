import { type NewEvent, SqlEventStore, START } from '@hydrolog/eventstore';
import { ProjectionRunner, tenantsProjection } from '@hydrolog/projections';
import { tenantSettingsSchema, uuidv7 } from '@hydrolog/schemas';
import { benchEngines, perSecond, timed } from './engines.ts';
import type { BenchOptions } from './run.ts';

const BATCH = 1000;
const settings = tenantSettingsSchema.parse({});

function batchOfEvents(): { stream: string; events: NewEvent[]; expectedVersion: 'no_stream' }[] {
  return Array.from({ length: BATCH }, (_, i) => {
    const tenantId = uuidv7();
    return {
      stream: `tenant-${tenantId}`,
      expectedVersion: 'no_stream' as const,
      events: [
        {
          id: uuidv7(),
          type: 'TenantCreated',
          data: {
            tenantId,
            name: `Utility ${i}`,
            kind: 'utility',
            trial: false,
            createdAt: '2026-01-01T00:00:00.000Z',
            settings,
          },
          metadata: { tenantId, correlationId: uuidv7() },
        },
      ],
    };
  });
}

/**
 * Appends in batches of 1,000 events (one appendMany each), against the same rows COPYed into a plain table
 * in the same run (the baseline); then reads the whole log and replays it through the tenants projection.
 */
export async function eventstoreBench({ quick, engine: only }: BenchOptions): Promise<void> {
  const batches = quick ? 10 : 100;
  for (const { engine, open } of benchEngines(only)) {
    const db = await open();
    try {
      const store = await SqlEventStore.open(db);
      const prepared = Array.from({ length: batches }, batchOfEvents);
      const events = batches * BATCH;

      const appendMs = await timed(async () => {
        for (const batch of prepared) await store.appendMany(batch);
      });

      await db.query(
        `CREATE TABLE bench_baseline (event_id uuid, stream_id text, type text, data jsonb, metadata jsonb)`,
      );
      const baselineMs = await timed(async () => {
        for (const batch of prepared) {
          const rows = batch.map((r) => {
            const e = r.events[0]!;
            return [e.id, r.stream, e.type, JSON.stringify(e.data), JSON.stringify(e.metadata)];
          });
          await db.copyRows('bench_baseline', ['event_id', 'stream_id', 'type', 'data', 'metadata'], rows);
        }
      });

      let read = 0;
      const readMs = await timed(async () => {
        let after = START;
        for (;;) {
          const page = await store.readAll({ after, limit: BATCH });
          if (page.length === 0) break;
          read += page.length;
          after = page[page.length - 1]!.checkpoint;
        }
      });
      if (read !== events) throw new Error(`readAll returned ${read} events, expected ${events}`);

      // Installing the projection on the filled log replays it from the start (and measures the log's appends
      // alone above, with no inline projection).
      const runner = new ProjectionRunner(db, store, [tenantsProjection], { batchSize: BATCH });
      const replayMs = await timed(() => runner.start());
      const [tenants] = await runner.checksums('tenants');
      if (tenants?.rows !== events) throw new Error(`replay made ${tenants?.rows} rows, expected ${events}`);

      console.log(
        JSON.stringify({
          bench: 'eventstore',
          engine,
          events,
          append_events_per_s: perSecond(events, appendMs),
          baseline_rows_per_s: perSecond(events, baselineMs),
          readall_events_per_s: perSecond(events, readMs),
          replay_events_per_s: perSecond(events, replayMs),
        }),
      );
    } finally {
      await db.close();
    }
  }
}
