import { type Decider, DomainError, fold, streamName } from '@hydrolog/domain';
import { type EventStore, type ExpectedVersion, WrongExpectedVersionError } from '@hydrolog/eventstore';
import { type DomainEvent, type EventMetadata, type MessageKey, uuidv7 } from '@hydrolog/schemas';

export interface CommandContext {
  metadata: EventMetadata;
  /** The stream version the caller last saw (a form's `version`): a different one is refused as stale. */
  expectedVersion?: bigint | undefined;
  /** The message when a read model's unique index refuses the events (a name or number already taken). */
  taken?: MessageKey;
}

const MAX_ATTEMPTS = 3;

/**
 * Loads the aggregate, decides each command on the state the previous ones produced and appends all their
 * events at once with the version it read. A concurrent writer makes the append fail and the whole thing
 * is decided again on fresh state, unless the caller pinned the version it saw.
 */
export async function execute<Command, Event extends DomainEvent, State>(
  store: EventStore,
  decider: Decider<Command, Event, State>,
  id: string,
  commands: readonly Command[],
  context: CommandContext,
): Promise<{ version: bigint; events: Event[] }> {
  const stream = streamName(decider, id);
  for (let attempt = 1; ; attempt++) {
    const recorded = await store.readStream(stream);
    const current = recorded.at(-1)?.streamVersion ?? -1n;
    if (context.expectedVersion !== undefined && context.expectedVersion !== current) {
      throw new WrongExpectedVersionError(stream, context.expectedVersion, current);
    }
    let state = fold(decider, recorded as unknown as Event[]);
    const events: Event[] = [];
    for (const command of commands) {
      const decided = decider.decide(command, state);
      if (decided instanceof DomainError) throw decided;
      events.push(...decided);
      state = decided.reduce(decider.evolve, state);
    }
    if (events.length === 0) return { version: current, events };
    const expectedVersion: ExpectedVersion = current === -1n ? 'no_stream' : current;
    try {
      const result = await store.append(
        stream,
        events.map((e) => ({ id: uuidv7(), type: e.type, data: e.data, metadata: context.metadata })),
        { expectedVersion },
      );
      return { version: result.nextExpectedVersion, events };
    } catch (error) {
      if (context.taken && isUniqueViolation(error)) throw new DomainError(context.taken);
      const retry = error instanceof WrongExpectedVersionError && context.expectedVersion === undefined;
      if (!retry || attempt >= MAX_ATTEMPTS) throw error;
    }
  }
}

/** Appends facts no rule can refuse (login attempts, queued messages) without reading their stream. */
export async function record(
  store: EventStore,
  stream: string,
  event: DomainEvent,
  metadata: EventMetadata,
): Promise<void> {
  await store.append(stream, [{ id: uuidv7(), type: event.type, data: event.data, metadata }], {
    expectedVersion: 'any',
  });
}

/** PostgreSQL's unique_violation, raised by an inline projection's unique index inside the append. */
export function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505';
}
