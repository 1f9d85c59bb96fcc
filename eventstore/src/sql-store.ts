import { BaseEventStore } from './base-store.ts';
import type { Database, Sql } from './db/types.ts';
import { migrateEventStore } from './migrations.ts';
import { pollingSubscription } from './subscription.ts';
import {
  type AppendRequest,
  type AppendResult,
  type Checkpoint,
  type EventStore,
  type ExpectedVersion,
  type ReadAllOptions,
  type RecordedEvent,
  START,
  type SubscribeOptions,
  WrongExpectedVersionError,
} from './types.ts';
import { validateEvent } from './validate.ts';

export const EVENTS_CHANNEL = 'hydrolog_events';

interface EventRow {
  position: string;
  transaction_id: string;
  event_id: string;
  stream_id: string;
  stream_version: string;
  type: string;
  schema_version: number;
  data: unknown;
  metadata: RecordedEvent['metadata'];
  recorded_at: Date;
}

// Output columns are cast to text (bigint-safe); ORDER BY therefore names the table's columns as e.*.
const EVENT_COLUMNS = `position::text, transaction_id::text, event_id::text, stream_id, stream_version::text,
  type, schema_version, data, metadata, recorded_at`;

function toRecorded(row: EventRow): RecordedEvent {
  return {
    id: row.event_id,
    stream: row.stream_id,
    streamVersion: BigInt(row.stream_version),
    type: row.type,
    schemaVersion: row.schema_version,
    data: row.data,
    metadata: row.metadata,
    recordedAt: row.recorded_at,
    checkpoint: { txId: BigInt(row.transaction_id), position: BigInt(row.position) },
  };
}

function checkExpected(stream: string, expected: ExpectedVersion, actual: bigint): void {
  const ok =
    expected === 'any' ||
    (expected === 'no_stream' && actual === -1n) ||
    (expected === 'exists' && actual >= 0n) ||
    expected === actual;
  if (!ok) throw new WrongExpectedVersionError(stream, expected, actual);
}

/** The event store on PostgreSQL or PGlite: one implementation for both engines. */
export class SqlEventStore extends BaseEventStore implements EventStore {
  readonly kind = 'sql' as const;

  private constructor(readonly db: Database) {
    super();
  }

  /** Opens the store on a database, applying the event store's migrations first. */
  static async open(db: Database): Promise<SqlEventStore> {
    await migrateEventStore(db);
    return new SqlEventStore(db);
  }

  async appendMany(requests: readonly AppendRequest[]): Promise<AppendResult[]> {
    // Validation happens before the transaction: a malformed event writes nothing.
    const validated = requests.map((r) => r.events.map((e) => ({ event: e, ...validateEvent(e) })));
    const streams = [...new Set(requests.map((r) => r.stream))].sort();
    if (streams.length !== requests.length) throw new Error('appendMany takes each stream once');

    return this.db.transaction(async (sql) => {
      // Lock every stream row in a fixed order (no deadlock between two batches), creating missing ones.
      await sql.query(
        `INSERT INTO es.streams (stream_id, version) SELECT unnest($1::text[]), -1 ON CONFLICT (stream_id) DO NOTHING`,
        [streams],
      );
      const locked = await sql.query<{ stream_id: string; version: string }>(
        `SELECT stream_id, version::text FROM es.streams s WHERE stream_id = ANY($1::text[])
         ORDER BY s.stream_id FOR UPDATE`,
        [streams],
      );
      const versions = new Map(locked.rows.map((r) => [r.stream_id, BigInt(r.version)]));

      // Retries are safe: ids already stored are left out (read after the locks, so a concurrent retry is seen).
      const ids = validated.flat().map((v) => v.event.id);
      const stored = await sql.query<{ event_id: string }>(
        'SELECT event_id::text FROM es.events WHERE event_id = ANY($1::uuid[])',
        [ids],
      );
      const alreadyStored = new Set(stored.rows.map((r) => r.event_id));

      const rows: {
        id: string;
        stream: string;
        version: bigint;
        type: string;
        schemaVersion: number;
        data: unknown;
        metadata: RecordedEvent['metadata'];
      }[] = [];
      const results: AppendResult[] = requests.map((request, i) => {
        const fresh = validated[i]!.filter((v) => !alreadyStored.has(v.event.id));
        const current = versions.get(request.stream)!;
        // A full retry of an earlier append succeeds without a version check; anything new is checked.
        if (fresh.length > 0) checkExpected(request.stream, request.expectedVersion, current);
        fresh.forEach((v, k) => {
          rows.push({
            id: v.event.id,
            stream: request.stream,
            version: current + BigInt(k + 1),
            type: v.event.type,
            schemaVersion: v.schemaVersion,
            data: v.data,
            metadata: v.event.metadata,
          });
        });
        return { stream: request.stream, nextExpectedVersion: current + BigInt(fresh.length), events: [] };
      });
      if (rows.length === 0) return results;

      // One JSON parameter (no per-column arrays of escaped JSON), and only what the log adds comes back.
      const inserted = await sql.query<{
        event_id: string;
        position: string;
        transaction_id: string;
        recorded_at: Date;
      }>(
        `INSERT INTO es.events (event_id, stream_id, stream_version, type, schema_version, data, metadata)
         SELECT e.id, e.stream, e.version, e.type, e.schema_version, e.data, e.metadata
         FROM json_to_recordset($1::json) AS e(id uuid, stream text, version bigint, type text, schema_version int,
           data json, metadata jsonb)
         RETURNING event_id::text, position::text, transaction_id::text, recorded_at`,
        [
          JSON.stringify(
            rows.map((r) => ({
              id: r.id,
              stream: r.stream,
              version: r.version.toString(),
              type: r.type,
              schema_version: r.schemaVersion,
              data: r.data,
              metadata: r.metadata,
            })),
          ),
        ],
      );
      const changed = results.filter((r) => r.nextExpectedVersion !== versions.get(r.stream));
      await sql.query(
        `UPDATE es.streams s SET version = v.version FROM unnest($1::text[], $2::bigint[]) AS v(stream_id, version)
         WHERE s.stream_id = v.stream_id`,
        [changed.map((r) => r.stream), changed.map((r) => r.nextExpectedVersion.toString())],
      );
      await sql.query('SELECT pg_notify($1, $2)', [EVENTS_CHANNEL, '']);

      const logged = new Map(inserted.rows.map((row) => [row.event_id, row]));
      const recorded = rows
        .map((r): RecordedEvent => {
          const row = logged.get(r.id.toLowerCase())!;
          return {
            id: row.event_id,
            stream: r.stream,
            streamVersion: r.version,
            type: r.type,
            schemaVersion: r.schemaVersion,
            data: r.data,
            metadata: r.metadata,
            recordedAt: row.recorded_at,
            checkpoint: { txId: BigInt(row.transaction_id), position: BigInt(row.position) },
          };
        })
        .sort((a, b) => Number(a.checkpoint.position - b.checkpoint.position));
      for (const result of results) result.events = recorded.filter((e) => e.stream === result.stream);
      for (const hook of this.hooks) await hook(recorded, sql);
      return results;
    });
  }

  async readStream(stream: string, options: { from?: bigint } = {}): Promise<RecordedEvent[]> {
    const { rows } = await this.db.query<EventRow>(
      `SELECT ${EVENT_COLUMNS} FROM es.events e WHERE stream_id = $1 AND stream_version >= $2
       ORDER BY e.stream_version`,
      [stream, (options.from ?? 0n).toString()],
    );
    return rows.map(toRecorded);
  }

  readAll(options: ReadAllOptions = {}): Promise<RecordedEvent[]> {
    return readAllFrom(this.db, options);
  }

  async head(): Promise<Checkpoint> {
    const { rows } = await this.db.query<{ transaction_id: string; position: string }>(
      `SELECT transaction_id::text, position::text FROM es.events e
       WHERE transaction_id < pg_snapshot_xmin(pg_current_snapshot())
       ORDER BY e.transaction_id DESC, e.position DESC LIMIT 1`,
    );
    const row = rows[0];
    return row ? { txId: BigInt(row.transaction_id), position: BigInt(row.position) } : START;
  }

  subscribe(options: SubscribeOptions) {
    return pollingSubscription(this, options, (onNotify) => this.db.listen(EVENTS_CHANNEL, onNotify));
  }

  close(): Promise<void> {
    return this.db.close();
  }
}

/**
 * Reads the log in (transaction id, position) order (DESIGN principle 4). Takes any Sql so that a
 * reader holding locks in a transaction reads inside it.
 */
export async function readAllFrom(sql: Sql, options: ReadAllOptions = {}): Promise<RecordedEvent[]> {
  const after = options.after ?? START;
  const params: unknown[] = [after.txId.toString(), after.position.toString(), options.limit ?? 1000];
  const filters = ['(transaction_id, position) > ($1::text::xid8, $2::bigint)'];
  if (options.stable !== false) filters.push('transaction_id < pg_snapshot_xmin(pg_current_snapshot())');
  if (options.types) {
    params.push(options.types);
    filters.push(`type = ANY($${params.length}::text[])`);
  }
  const { rows } = await sql.query<EventRow>(
    `SELECT ${EVENT_COLUMNS} FROM es.events e WHERE ${filters.join(' AND ')}
     ORDER BY e.transaction_id, e.position LIMIT $3`,
    params,
  );
  return rows.map(toRecorded);
}
