import type { EventMetadata } from '@hydrolog/schemas';

/**
 * Where a consumer stands in the log: (transaction id, position) in the SQL store,
 * (commit, prepare) position in KurrentDB. Compared as an ordered pair.
 */
export interface Checkpoint {
  txId: bigint;
  position: bigint;
}

export const START: Checkpoint = { txId: 0n, position: 0n };

export function compareCheckpoints(a: Checkpoint, b: Checkpoint): number {
  if (a.txId !== b.txId) return a.txId < b.txId ? -1 : 1;
  if (a.position !== b.position) return a.position < b.position ? -1 : 1;
  return 0;
}

/** An event to append. */
export interface NewEvent {
  /** UUIDv7; appending the same id again stores it once. */
  id: string;
  type: string;
  data: unknown;
  metadata: EventMetadata;
}

/** An event as stored. */
export interface RecordedEvent {
  id: string;
  stream: string;
  /** 0 for the first event of a stream. */
  streamVersion: bigint;
  type: string;
  schemaVersion: number;
  data: unknown;
  metadata: EventMetadata;
  recordedAt: Date;
  checkpoint: Checkpoint;
}

/**
 * The version the stream must be at: 'no_stream' (it has no event), 'exists' (it has some),
 * 'any', or the version of its last event.
 */
export type ExpectedVersion = 'no_stream' | 'exists' | 'any' | bigint;

export interface AppendRequest {
  stream: string;
  events: readonly NewEvent[];
  expectedVersion: ExpectedVersion;
}

export interface AppendResult {
  stream: string;
  /** Version of the stream's last event after the append; -1n for a stream without events. */
  nextExpectedVersion: bigint;
  /** The events stored by this call (events whose id was already stored are left out). */
  events: RecordedEvent[];
}

export class WrongExpectedVersionError extends Error {
  constructor(
    readonly stream: string,
    readonly expected: ExpectedVersion,
    readonly actual: bigint,
  ) {
    super(`Stream ${stream} is at version ${actual}, expected ${String(expected)}`);
    this.name = 'WrongExpectedVersionError';
  }
}

export class InvalidEventError extends Error {
  constructor(
    readonly eventType: string,
    readonly issues: string,
  ) {
    super(`Event ${eventType} refused: ${issues}`);
    this.name = 'InvalidEventError';
  }
}

export interface ReadAllOptions {
  after?: Checkpoint;
  limit?: number;
  /** Only these event types. */
  types?: readonly string[];
  /**
   * The most bytes of data (as the log stores it) the events read may hold together: the read stops before
   * the event that would take them over, but always holds the first. Bounds a reader's memory where one
   * event may carry a whole upload.
   */
  maxBytes?: number;
  /**
   * true (default): only events of transactions older than the oldest one still in flight, so that a
   * consumer advancing its checkpoint never skips an event committed later with a smaller position.
   * false: every committed event; only for readers that hold the locks that keep writers out.
   */
  stable?: boolean;
}

export interface SubscribeOptions {
  after?: Checkpoint;
  types?: readonly string[];
  batchSize?: number;
  /** Called with each batch in log order; the next batch waits for it. */
  onEvents(events: RecordedEvent[]): Promise<void>;
  onError?(error: unknown): void;
}

export interface Subscription {
  /** Resolves once the subscription has caught up with the log for the first time. */
  caughtUp: Promise<void>;
  stop(): Promise<void>;
}

/**
 * Called with each append's stored events: inside the append's transaction (sql set) in the SQL store,
 * after the append (sql null) where the log is not in the read-model database.
 */
export type AppendHook = (events: RecordedEvent[], sql: import('./db/types.ts').Sql | null) => Promise<void>;

export interface EventStore {
  readonly kind: 'sql' | 'kurrentdb';
  append(
    stream: string,
    events: readonly NewEvent[],
    options: { expectedVersion: ExpectedVersion },
  ): Promise<AppendResult>;
  /** Appends to several streams atomically, in one statement per step whatever the number of events. */
  appendMany(requests: readonly AppendRequest[]): Promise<AppendResult[]>;
  readStream(stream: string, options?: { from?: bigint }): Promise<RecordedEvent[]>;
  readAll(options?: ReadAllOptions): Promise<RecordedEvent[]>;
  /** The checkpoint of the last stable event (START for an empty log). */
  head(): Promise<Checkpoint>;
  subscribe(options: SubscribeOptions): Subscription;
  /** Registers the hook the projection runner uses for inline projections. */
  onAppend(hook: AppendHook): void;
  close(): Promise<void>;
}
