import { type Decider, DomainError, fold, streamName } from '@hydrolog/domain';
import { type EventStore, type ExpectedVersion, WrongExpectedVersionError } from '@hydrolog/eventstore';
import { type DomainEvent, type EventMetadata, uuidv7 } from '@hydrolog/schemas';

export interface CommandContext {
  metadata: EventMetadata;
  /** The stream version the caller last saw (a form's `version`): a different one is refused as stale. */
  expectedVersion?: bigint | undefined;
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
): Promise<{ version: bigint; events: number }> {
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
    if (events.length === 0) return { version: current, events: 0 };
    const expectedVersion: ExpectedVersion = current === -1n ? 'no_stream' : current;
    try {
      const result = await store.append(
        stream,
        events.map((e) => ({ id: uuidv7(), type: e.type, data: e.data, metadata: context.metadata })),
        { expectedVersion },
      );
      return { version: result.nextExpectedVersion, events: result.events.length };
    } catch (error) {
      const retry = error instanceof WrongExpectedVersionError && context.expectedVersion === undefined;
      if (!retry || attempt >= MAX_ATTEMPTS) throw error;
    }
  }
}
