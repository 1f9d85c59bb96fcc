import { currentEventData, type EventMetadata } from '@hydrolog/schemas';
import {
  type AllStreamResolvedEvent,
  ANY,
  type AppendStreamState,
  END,
  eventTypeFilter,
  excludeSystemEvents,
  FORWARDS,
  jsonEvent,
  START as KURRENT_START,
  KurrentDBClient,
  WrongExpectedVersionError as KurrentWrongExpectedVersion,
  NO_STREAM,
  type Position,
  STREAM_EXISTS,
  StreamNotFoundError,
} from '@kurrent/kurrentdb-client';
import { BaseEventStore } from './base-store.ts';
import { pollingSubscription } from './subscription.ts';
import {
  type AppendRequest,
  type AppendResult,
  type Checkpoint,
  compareCheckpoints,
  type EventStore,
  type ExpectedVersion,
  type ReadAllOptions,
  type RecordedEvent,
  START,
  type SubscribeOptions,
  WrongExpectedVersionError,
} from './types.ts';
import { validateEvent } from './validate.ts';

/** Our expected version as the client's stream state. */
export function toStreamState(expected: ExpectedVersion): AppendStreamState {
  if (expected === 'no_stream') return NO_STREAM;
  if (expected === 'exists') return STREAM_EXISTS;
  if (expected === 'any') return ANY;
  return expected;
}

/** $all positions (commit, prepare) are our checkpoints' ordered pair. */
export const toCheckpoint = (position: Position): Checkpoint => ({
  txId: position.commit,
  position: position.prepare,
});
export const toPosition = (checkpoint: Checkpoint): Position => ({
  commit: checkpoint.txId,
  prepare: checkpoint.position,
});

/** What KurrentDB keeps in an event's metadata: ours plus the schema version. */
interface StoredMetadata extends EventMetadata {
  schemaVersion: number;
}

type KurrentRecorded = NonNullable<AllStreamResolvedEvent['event']>;

/** A KurrentDB event as our RecordedEvent; system events and events without position are left out. */
export function toRecordedEvent(event: KurrentRecorded | undefined): RecordedEvent | null {
  if (!event?.isJson || event.type.startsWith('$') || !event.position) return null;
  const { schemaVersion, ...metadata } = event.metadata as unknown as StoredMetadata;
  return {
    id: event.id,
    stream: event.streamId,
    streamVersion: event.revision,
    type: event.type,
    ...currentEventData(event.type, schemaVersion, event.data),
    metadata,
    recordedAt: event.created,
    checkpoint: toCheckpoint(event.position),
  };
}

/** The client's concurrency error as ours (actual -1n when the stream does not exist). */
export function fromKurrentError(error: unknown, stream: string, expected: ExpectedVersion): unknown {
  if (!(error instanceof KurrentWrongExpectedVersion)) return error;
  const actual = typeof error.actualState === 'bigint' ? error.actualState : -1n;
  return new WrongExpectedVersionError(stream, expected, actual);
}

/**
 * The log in KurrentDB (DESIGN principle 8). Read models stay in SQL; inline projections are brought up to
 * date right after each append (the hook gets no transaction).
 */
export class KurrentEventStore extends BaseEventStore implements EventStore {
  readonly kind = 'kurrentdb' as const;

  private constructor(private readonly client: KurrentDBClient) {
    super();
  }

  static async connect(connectionString: string): Promise<KurrentEventStore> {
    return new KurrentEventStore(KurrentDBClient.connectionString(connectionString));
  }

  /**
   * KurrentDB appends to one stream atomically, not to several: each stream is appended with its expected
   * version (a concurrent writer still fails its stream), but a failure part-way leaves the streams before
   * it written. Only the SQL store makes a batch across streams all-or-nothing.
   * A retried append (same event ids, same expected version) is stored once by KurrentDB itself.
   */
  async appendMany(requests: readonly AppendRequest[]): Promise<AppendResult[]> {
    const prepared = requests.map((r) => ({
      ...r,
      data: r.events.map((e) => {
        const { schemaVersion, data } = validateEvent(e);
        return jsonEvent({
          id: e.id,
          type: e.type,
          data: data as Record<string, unknown>,
          metadata: { ...e.metadata, schemaVersion },
        });
      }),
    }));
    const results: AppendResult[] = [];
    const appended: RecordedEvent[] = [];
    for (const r of prepared) {
      const before = await this.lastVersion(r.stream);
      try {
        const result = await this.client.appendToStream(r.stream, r.data, {
          streamState: toStreamState(r.expectedVersion),
        });
        const fresh =
          result.nextExpectedRevision > before ? await this.readStream(r.stream, { from: before + 1n }) : [];
        appended.push(...fresh);
        results.push({ stream: r.stream, nextExpectedVersion: result.nextExpectedRevision, events: fresh });
      } catch (error) {
        throw fromKurrentError(error, r.stream, r.expectedVersion);
      }
    }
    for (const hook of this.hooks) await hook(appended, null);
    return results;
  }

  private async lastVersion(stream: string): Promise<bigint> {
    try {
      for await (const resolved of this.client.readStream(stream, {
        direction: 'backwards',
        fromRevision: END,
        maxCount: 1,
      })) {
        if (resolved.event) return resolved.event.revision;
      }
      return -1n;
    } catch (error) {
      if (error instanceof StreamNotFoundError) return -1n;
      throw error;
    }
  }

  async readStream(stream: string, options: { from?: bigint } = {}): Promise<RecordedEvent[]> {
    const events: RecordedEvent[] = [];
    try {
      for await (const resolved of this.client.readStream(stream, {
        direction: FORWARDS,
        fromRevision: options.from ?? KURRENT_START,
      })) {
        const event = toRecordedEvent(resolved.event as KurrentRecorded | undefined);
        if (event) events.push(event);
      }
    } catch (error) {
      if (!(error instanceof StreamNotFoundError)) throw error;
    }
    return events;
  }

  async readAll(options: ReadAllOptions = {}): Promise<RecordedEvent[]> {
    const after = options.after ?? START;
    const limit = options.limit ?? 1000;
    const filter = options.types ? eventTypeFilter({ prefixes: [...options.types] }) : excludeSystemEvents();
    const events: RecordedEvent[] = [];
    let bytes = 0;
    for await (const resolved of this.client.readAll({
      direction: FORWARDS,
      fromPosition: compareCheckpoints(after, START) === 0 ? KURRENT_START : toPosition(after),
      filter,
      maxCount: limit + 1,
    })) {
      const event = toRecordedEvent(resolved.event as KurrentRecorded | undefined);
      // fromPosition is inclusive; prefixes match more than exact types.
      if (!event || compareCheckpoints(event.checkpoint, after) <= 0) continue;
      if (options.types && !options.types.includes(event.type)) continue;
      if (options.maxBytes !== undefined) {
        bytes += Buffer.byteLength(JSON.stringify(event.data));
        if (bytes > options.maxBytes && events.length > 0) break;
      }
      events.push(event);
      if (events.length === limit) break;
    }
    return events;
  }

  async head(): Promise<Checkpoint> {
    for await (const resolved of this.client.readAll({
      direction: 'backwards',
      fromPosition: END,
      filter: excludeSystemEvents(),
      maxCount: 1,
    })) {
      const event = toRecordedEvent(resolved.event as KurrentRecorded | undefined);
      if (event) return event.checkpoint;
    }
    return START;
  }

  subscribe(options: SubscribeOptions) {
    return pollingSubscription(this, options);
  }

  async close(): Promise<void> {
    await this.client.dispose();
  }
}
