import {
  type Checkpoint,
  compareCheckpoints,
  type Database,
  EVENTS_CHANNEL,
  type EventStore,
  type ReadAllOptions,
  type RecordedEvent,
  readAllFrom,
  type Sql,
  START,
} from '@hydrolog/eventstore';
import { ensurePartitionsAhead, storeByTime } from './partitions.ts';
import { applyEvents, handledTypes, lockRun, type Projection } from './projection.ts';
import { ensureTenantRole, isolateTenantTables } from './tenancy.ts';

export type ProjectionStatus = 'rebuilding' | 'live';

export interface ProjectionState {
  name: string;
  mode: Projection['mode'];
  status: ProjectionStatus;
  checkpoint: Checkpoint;
  /** Events of handled types not yet applied. */
  lag: number;
}

export interface RebuildProgress {
  name: string;
  applied: number;
  total: number;
}

export interface RebuildSummary {
  name: string;
  events: number;
  seconds: number;
  eventsPerSecond: number;
}

export interface TableChecksum {
  table: string;
  rows: number;
  live: string;
  shadow: string;
}

export interface VerifySummary {
  name: string;
  events: number;
  equal: boolean;
  tables: TableChecksum[];
}

/** A page of the log being read ahead of its batch, from the checkpoint `after`. */
interface PageAhead {
  after: Checkpoint;
  /** null when the read failed: the batch reads the page itself. */
  events: Promise<RecordedEvent[] | null>;
}

const SHADOW_SCHEMA = 'hydrolog_verify';
const IDLE_POLL_MS = 500;
/** The events a batch reads at most (see ProjectionRunner.page). */
const BATCH_EVENTS = 2000;
/** The event data a batch reads at most, as the log stores it. */
const BATCH_BYTES = 8 * 1024 * 1024;
/** How long catchUp waits for older transactions in flight before it gives up. */
const CATCH_UP_WAIT_MS = 60_000;

/**
 * Runs the projections over the log (DESIGN principles 1, 4, 5): a projection's rows and its checkpoint
 * commit in one transaction; inline projections are applied inside each append's transaction.
 *
 * Two advisory locks per projection: `run` (exclusive) lets one batch at a time touch its rows and
 * checkpoint, across processes; `status` is taken shared by every append that applies the projection
 * inline and exclusively when it goes live or is verified, so no append is half-seen.
 */
export class ProjectionRunner {
  private readonly byName: Map<string, Projection>;
  private readonly workers: Promise<void>[] = [];
  /** Each projection's next page of the log, read while its batch is applied (see readAhead). */
  private readonly pagesAhead = new Map<string, PageAhead>();
  private stopping = false;
  private wakeWorkers = () => {};

  constructor(
    private readonly db: Database,
    private readonly store: EventStore,
    readonly projections: readonly Projection[],
    private readonly options: { batchSize?: number; batchBytes?: number } = {},
  ) {
    this.byName = new Map(projections.map((p) => [p.name, p]));
  }

  /**
   * A batch's page of the log, the projection's events after `after`: 2,000 at most, or fewer when they are
   * large (a readings upload is one event of up to 100,000 readings), so that the memory a batch takes is
   * bounded by its bytes too. A larger batch shares each statement's fixed cost among more events, and
   * recomputes a meter's boundary hours and days less often: with uploads of ten readings a meter, the
   * readings projection caught up at 27 µs a reading in batches of 2,000 and 32 in batches of 500
   * (benchmarks/src/ingest-profile.ts --engine postgres --readings 300000 --meters 100 --batch <n>).
   */
  private page(projection: Projection, after: Checkpoint): ReadAllOptions {
    return {
      after,
      limit: this.options.batchSize ?? BATCH_EVENTS,
      maxBytes: this.options.batchBytes ?? BATCH_BYTES,
      types: handledTypes(projection),
    };
  }

  projection(name: string): Projection {
    const projection = this.byName.get(name);
    if (!projection)
      throw new Error(`Unknown projection ${name}; known: ${[...this.byName.keys()].join(', ')}`);
    return projection;
  }

  /**
   * Creates or rebuilds projections whose version changed, resumes interrupted rebuilds of inline
   * projections before returning (so reads are current), and hooks inline projections into appends.
   * With `follow`, async projections then keep up with the log in the background until stop().
   */
  async start(options: { follow?: boolean } = {}): Promise<void> {
    await ensureTenantRole(this.db);
    for (const projection of this.projections) await this.install(projection);
    this.store.onAppend((events, sql) => this.applyInline(events, sql));
    for (const projection of this.projections) {
      if (
        this.appliedInAppends(projection) &&
        (await readState(this.db, projection.name)).status === 'rebuilding'
      ) {
        await this.catchUp(projection.name);
      }
    }
    if (options.follow) this.follow();
  }

  async stop(): Promise<void> {
    this.stopping = true;
    this.wakeWorkers();
    await Promise.all(this.workers);
  }

  /**
   * Applies batches until the projection has every event committed before the call; inline projections then
   * go live. An event is applied once no older transaction is in flight (principle 4); a transaction of
   * another database of the same cluster counts too, so an async projection may wait here for a moment.
   */
  async catchUp(name: string, onProgress?: (applied: number) => void): Promise<number> {
    const projection = this.projection(name);
    const target = this.appliedInAppends(projection) ? null : await this.committedHead(projection);
    const waitUntil = Date.now() + CATCH_UP_WAIT_MS;
    let applied = 0;
    for (;;) {
      const count = await this.applyBatch(projection);
      applied += count;
      if (count > 0) {
        onProgress?.(applied);
        continue;
      }
      if (!target) break;
      const { checkpoint } = await readState(this.db, projection.name);
      if (compareCheckpoints(checkpoint, target) >= 0) break;
      if (Date.now() > waitUntil) {
        throw new Error(`Projection ${name} is waiting for transactions older than its last event to end`);
      }
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    if (this.appliedInAppends(projection)) applied += await this.goLive(projection);
    return applied;
  }

  /** The last committed event of the projection's types, stable or not (null: none, or the log is elsewhere). */
  private async committedHead(projection: Projection): Promise<Checkpoint | null> {
    if (this.store.kind !== 'sql') return null;
    const { rows } = await this.db.query<{ transaction_id: string; position: string }>(
      `SELECT transaction_id::text, position::text FROM es.events e WHERE type = ANY($1::text[])
       ORDER BY e.transaction_id DESC, e.position DESC LIMIT 1`,
      [handledTypes(projection)],
    );
    const row = rows[0];
    return row ? { txId: BigInt(row.transaction_id), position: BigInt(row.position) } : null;
  }

  /** Inline projections of the SQL store are applied in the appends' transactions once live. */
  private appliedInAppends(projection: Projection): boolean {
    return projection.mode === 'inline' && this.store.kind === 'sql';
  }

  /** Drops the projection's rows and replays the whole log into it. Resumable: see catchUp. */
  async rebuild(name: string, onProgress?: (progress: RebuildProgress) => void): Promise<RebuildSummary> {
    const projection = this.projection(name);
    const started = performance.now();
    await this.db.transaction((sql) => this.reset(sql, projection));
    const total = await this.countAfter(projection, START);
    const events = await this.catchUp(name, (applied) => onProgress?.({ name, applied, total }));
    const seconds = (performance.now() - started) / 1000;
    return { name, events, seconds, eventsPerSecond: seconds > 0 ? events / seconds : events };
  }

  /**
   * Replays the log into a shadow schema up to the live projection's position and compares a checksum of
   * every table with the live one. Changes nothing: the shadow schema lives only in this transaction.
   */
  async verify(name: string, onProgress?: (progress: RebuildProgress) => void): Promise<VerifySummary> {
    const projection = this.projection(name);
    const total = await this.countAfter(projection, START);
    return this.db.transaction(async (sql) => {
      await lockRun(sql, projection.name);
      await sql.query('SELECT pg_advisory_xact_lock(hashtext($1))', [statusLockKey(projection.name)]);
      const state = await readState(sql, projection.name);
      // An inline projection that is live has every committed event (appends are held off by the lock).
      const inlineLive = this.appliedInAppends(projection) && state.status === 'live';
      const upTo = inlineLive ? null : state.checkpoint;

      await sql.query(`DROP SCHEMA IF EXISTS ${SHADOW_SCHEMA} CASCADE`);
      await sql.query(`CREATE SCHEMA ${SHADOW_SCHEMA}`);
      await sql.query(`SET LOCAL search_path TO ${SHADOW_SCHEMA}, public`);
      for (const statement of projection.migrations) await sql.query(statement);
      let after = START;
      let events = 0;
      for (;;) {
        const batch = (await this.read(sql, { ...this.page(projection, after), stable: !inlineLive })).filter(
          (e) => upTo === null || compareCheckpoints(e.checkpoint, upTo) <= 0,
        );
        if (batch.length === 0) break;
        await applyEvents(projection, sql, batch);
        events += batch.length;
        after = batch[batch.length - 1]!.checkpoint;
        onProgress?.({ name, applied: events, total });
      }
      await sql.query('SET LOCAL search_path TO public');

      const tables: TableChecksum[] = [];
      for (const table of projection.tables) {
        const live = await tableChecksum(sql, 'public', table);
        const shadow = await tableChecksum(sql, SHADOW_SCHEMA, table);
        tables.push({ table, rows: live.rows, live: live.checksum, shadow: shadow.checksum });
      }
      await sql.query(`DROP SCHEMA ${SHADOW_SCHEMA} CASCADE`);
      return { name, events, equal: tables.every((t) => t.live === t.shadow), tables };
    });
  }

  /** The checksum of each of the projection's live tables (what `replay` prints). */
  async checksums(name: string): Promise<{ table: string; rows: number; checksum: string }[]> {
    const projection = this.projection(name);
    const result = [];
    for (const table of projection.tables)
      result.push({ table, ...(await tableChecksum(this.db, 'public', table)) });
    return result;
  }

  async state(name: string): Promise<ProjectionState> {
    const projection = this.projection(name);
    const { status, checkpoint } = await readState(this.db, name);
    const lag =
      this.appliedInAppends(projection) && status === 'live'
        ? 0
        : await this.countAfter(projection, checkpoint);
    return { name, mode: projection.mode, status, checkpoint, lag };
  }

  /**
   * Events of the projection's types not applied yet, counted up to `bound` (one bounded index scan, cheap
   * enough to ask on every upload; `Infinity` counts them all).
   */
  async backlog(name: string, bound: number): Promise<number> {
    const projection = this.projection(name);
    if (this.store.kind !== 'sql')
      return Math.min(bound, await this.countAfter(projection, (await readState(this.db, name)).checkpoint));
    if (this.appliedInAppends(projection) && (await readState(this.db, name)).status === 'live') return 0;
    // The checkpoint is read by the same statement: an upload asks in one round trip. Each type is counted
    // in log order, which only its (type, log order) index gives without sorting: with the types as one
    // list, the planner took a log that is mostly of these types to hold a match near its start and
    // scanned all of it when none was left to count, the usual answer.
    const { rows } = await this.db.query<{ count: number }>(
      `SELECT count(*)::int AS count FROM (SELECT 1 FROM es.projections p
         CROSS JOIN LATERAL unnest($2::text[]) AS h(type)
         CROSS JOIN LATERAL (SELECT 1 FROM es.events e
           WHERE e.type = h.type
             AND (e.transaction_id, e.position) > (p.checkpoint_tx::text::xid8, p.checkpoint_position)
           ORDER BY e.transaction_id, e.position LIMIT $3) t
         WHERE p.name = $1 LIMIT $3) backlog`,
      [name, handledTypes(projection), Number.isFinite(bound) ? bound : null],
    );
    return rows[0]?.count ?? 0;
  }

  async states(): Promise<ProjectionState[]> {
    return Promise.all(this.projections.map((p) => this.state(p.name)));
  }

  private async install(projection: Projection): Promise<void> {
    await this.db.transaction(async (sql) => {
      await lockRun(sql, projection.name);
      const { rows } = await sql.query<{ version: number }>(
        'SELECT version FROM es.projections WHERE name = $1',
        [projection.name],
      );
      if (rows[0]?.version !== projection.version) await this.reset(sql, projection);
      else await ensurePartitionsAhead(sql, projection);
    });
  }

  /** Empties the projection: its tables are dropped and created again, its checkpoint goes back to the start. */
  private async reset(sql: Sql, projection: Projection): Promise<void> {
    await lockRun(sql, projection.name);
    await sql.query('SELECT pg_advisory_xact_lock(hashtext($1))', [statusLockKey(projection.name)]);
    for (const table of projection.tables) await sql.query(`DROP TABLE IF EXISTS ${table} CASCADE`);
    for (const statement of projection.migrations) await sql.query(statement);
    await storeByTime(sql, projection);
    await isolateTenantTables(sql, projection);
    await sql.query(
      `INSERT INTO es.projections (name, version, status, checkpoint_tx, checkpoint_position)
       VALUES ($1, $2, 'rebuilding', 0, 0)
       ON CONFLICT (name) DO UPDATE SET version = excluded.version, status = 'rebuilding',
         checkpoint_tx = 0, checkpoint_position = 0, updated_at = now()`,
      [projection.name, projection.version],
    );
  }

  /** One transaction: the next batch of events after the checkpoint, their rows, the new checkpoint. */
  private applyBatch(projection: Projection): Promise<number> {
    return this.db.transaction(async (sql) => {
      await lockRun(sql, projection.name);
      const { checkpoint, status } = await readState(sql, projection.name);
      if (this.appliedInAppends(projection) && status === 'live') return 0;
      const events =
        (await this.pageAhead(projection, checkpoint)) ??
        (await this.read(sql, this.page(projection, checkpoint)));
      if (events.length === 0) {
        if (projection.mode === 'async' && status === 'rebuilding')
          await writeState(sql, projection.name, checkpoint, 'live');
        return 0;
      }
      const last = events[events.length - 1]!.checkpoint;
      this.readAhead(projection, last);
      await applyEvents(projection, sql, events);
      await writeState(sql, projection.name, last, status);
      return events.length;
    });
  }

  /**
   * Starts reading the page after `after` on another connection of the pool, so that the next batch finds
   * it read: the batch being applied keeps one core busy and the log's read of the next one takes another
   * (the readings projection kept up with Arrow uploads at 18,761 and 19,817 readings/s so, and at 18,123
   * and 18,170 without, in benchmarks/src/run.ts ingest). The events of a stable page are committed and
   * come before any still in flight, so the page is still the log's next one whenever the checkpoint is
   * then at `after`. PGlite has one connection: there a batch reads its own page.
   */
  private readAhead(projection: Projection, after: Checkpoint): void {
    if (this.store.kind !== 'sql' || this.db.engine !== 'postgres') return;
    const events = this.read(this.db, this.page(projection, after)).catch(() => null);
    this.pagesAhead.set(projection.name, { after, events });
  }

  /**
   * The page read ahead from `checkpoint`, if one was and it holds events: an empty one may have been read
   * before the events now in the log were, so the batch reads again.
   */
  private async pageAhead(projection: Projection, checkpoint: Checkpoint): Promise<RecordedEvent[] | null> {
    const page = this.pagesAhead.get(projection.name);
    if (!page) return null;
    this.pagesAhead.delete(projection.name);
    if (compareCheckpoints(page.after, checkpoint) !== 0) return null;
    const events = await page.events;
    return events && events.length > 0 ? events : null;
  }

  /**
   * Hands an inline projection over from catch-up to the appends: with appends held off, applies what the
   * log has beyond the checkpoint (committed, stable or not) and marks the projection live.
   */
  private goLive(projection: Projection): Promise<number> {
    return this.db.transaction(async (sql) => {
      await lockRun(sql, projection.name);
      await sql.query('SELECT pg_advisory_xact_lock(hashtext($1))', [statusLockKey(projection.name)]);
      const state = await readState(sql, projection.name);
      if (state.status === 'live') return 0;
      let checkpoint = state.checkpoint;
      let applied = 0;
      for (;;) {
        const events = await this.read(sql, { ...this.page(projection, checkpoint), stable: false });
        if (events.length === 0) break;
        await applyEvents(projection, sql, events);
        applied += events.length;
        checkpoint = events[events.length - 1]!.checkpoint;
      }
      await writeState(sql, projection.name, checkpoint, 'live');
      return applied;
    });
  }

  /** The append hook: inside the append's transaction for the SQL store, right after it otherwise. */
  private async applyInline(events: RecordedEvent[], sql: Sql | null): Promise<void> {
    for (const projection of this.projections) {
      if (projection.mode !== 'inline') continue;
      const types = new Set(handledTypes(projection));
      const relevant = events.filter((e) => types.has(e.type));
      if (relevant.length === 0) continue;
      if (sql === null) {
        // The log is elsewhere (KurrentDB): the projection is brought up to date before the command answers.
        await this.catchUpAwaited(projection);
        continue;
      }
      await sql.query('SELECT pg_advisory_xact_lock_shared(hashtext($1))', [statusLockKey(projection.name)]);
      const { status } = await readState(sql, projection.name);
      // While rebuilding, the catch-up applies these events once they are in the log.
      if (status === 'live') await applyEvents(projection, sql, relevant);
    }
  }

  private async catchUpAwaited(projection: Projection): Promise<void> {
    while ((await this.applyBatch(projection)) > 0) {}
  }

  /** Async projections follow the log: woken by NOTIFY where the engine has it, else by a poll. */
  private follow(): void {
    const followers = this.projections.filter((p) => p.mode === 'async');
    if (followers.length === 0) return;
    let wakers: (() => void)[] = [];
    this.wakeWorkers = () => {
      for (const wake of wakers) wake();
      wakers = [];
    };
    const unlisten =
      this.store.kind === 'sql' ? this.db.listen(EVENTS_CHANNEL, () => this.wakeWorkers()) : null;
    for (const projection of followers) {
      this.workers.push(
        (async () => {
          while (!this.stopping) {
            const applied = await this.applyBatch(projection).catch((error) => {
              console.error(`projection ${projection.name}:`, error);
              return 0;
            });
            if (applied > 0) continue;
            await new Promise<void>((resolve) => {
              const timer = setTimeout(resolve, IDLE_POLL_MS);
              wakers.push(() => {
                clearTimeout(timer);
                resolve();
              });
            });
          }
        })(),
      );
    }
    // The workers end when stop() is called; then the listener goes.
    if (unlisten) this.workers.push(Promise.all([...this.workers]).then(async () => (await unlisten)()));
  }

  /** Reads the log inside the caller's transaction when the log is in the same database. */
  private read(sql: Sql, options: ReadAllOptions): Promise<RecordedEvent[]> {
    return this.store.kind === 'sql' ? readAllFrom(sql, options) : this.store.readAll(options);
  }

  private async countAfter(projection: Projection, checkpoint: Checkpoint): Promise<number> {
    if (this.store.kind !== 'sql') {
      return (
        await this.store.readAll({ after: checkpoint, types: handledTypes(projection), limit: 100_000 })
      ).length;
    }
    const { rows } = await this.db.query<{ count: number }>(
      `SELECT count(*)::int AS count FROM es.events
       WHERE (transaction_id, position) > ($1::text::xid8, $2::bigint) AND type = ANY($3::text[])`,
      [checkpoint.txId.toString(), checkpoint.position.toString(), handledTypes(projection)],
    );
    return rows[0]?.count ?? 0;
  }
}

function statusLockKey(name: string) {
  return `hydrolog.projection.status:${name}`;
}

async function readState(
  sql: Sql,
  name: string,
): Promise<{ status: ProjectionStatus; checkpoint: Checkpoint }> {
  const { rows } = await sql.query<{
    status: ProjectionStatus;
    checkpoint_tx: string;
    checkpoint_position: string;
  }>('SELECT status, checkpoint_tx::text, checkpoint_position::text FROM es.projections WHERE name = $1', [
    name,
  ]);
  const row = rows[0];
  if (!row) throw new Error(`Projection ${name} is not installed`);
  return {
    status: row.status,
    checkpoint: { txId: BigInt(row.checkpoint_tx), position: BigInt(row.checkpoint_position) },
  };
}

async function writeState(
  sql: Sql,
  name: string,
  checkpoint: Checkpoint,
  status: ProjectionStatus,
): Promise<void> {
  await sql.query(
    `UPDATE es.projections SET checkpoint_tx = $2, checkpoint_position = $3, status = $4, updated_at = now()
     WHERE name = $1`,
    [name, checkpoint.txId.toString(), checkpoint.position.toString(), status],
  );
}

/** An order-independent checksum of every column of every row. */
async function tableChecksum(
  sql: Sql,
  schema: string,
  table: string,
): Promise<{ rows: number; checksum: string }> {
  const { rows } = await sql.query<{ rows: number; checksum: string }>(
    `SELECT count(*)::int AS rows,
            md5(coalesce(string_agg(md5(t::text), '' ORDER BY md5(t::text)), '')) AS checksum
     FROM ${schema}.${table} t`,
  );
  return rows[0]!;
}
