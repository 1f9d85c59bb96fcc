import { type Decider, DomainError, fold, streamName } from '@hydrolog/domain';
import {
  type AppendRequest,
  type AppendResult,
  type EventStore,
  type ExpectedVersion,
  isUniqueViolation,
  WrongExpectedVersionError,
} from '@hydrolog/eventstore';
import { type DomainEvent, type EventMetadata, type MessageKey, uuidv7 } from '@hydrolog/schemas';

export interface CommandContext {
  metadata: EventMetadata;
  /** The stream version the caller last saw (a form's `version`): a different one is refused as stale. */
  expectedVersion?: bigint | undefined;
  /** The message when a read model's unique index refuses the events (a name or number already taken). */
  taken?: MessageKey;
}

const MAX_ATTEMPTS = 3;

/** What deciding commands on one stream gives: its events and the version they were decided on. */
interface Decision<Event extends DomainEvent> {
  stream: string;
  current: bigint;
  events: Event[];
}

/** Loads the aggregate and decides each command on the state the previous ones produced. */
async function decideOn<Command, Event extends DomainEvent, State>(
  store: EventStore,
  decider: Decider<Command, Event, State>,
  id: string,
  commands: readonly Command[],
  expectedVersion: bigint | undefined,
): Promise<Decision<Event>> {
  const stream = streamName(decider, id);
  const recorded = await store.readStream(stream);
  const current = recorded.at(-1)?.streamVersion ?? -1n;
  if (expectedVersion !== undefined && expectedVersion !== current) {
    throw new WrongExpectedVersionError(stream, expectedVersion, current);
  }
  let state = fold(decider, recorded as unknown as Event[]);
  const events: Event[] = [];
  for (const command of commands) {
    const decided = decider.decide(command, state);
    if (decided instanceof DomainError) throw decided;
    events.push(...decided);
    state = decided.reduce(decider.evolve, state);
  }
  return { stream, current, events };
}

/**
 * Appends the decisions' events at once, each stream at the version it was decided on. A concurrent writer
 * makes the append fail and the caller decides again on fresh state (`retry`), unless it pinned a version.
 */
async function appendDecisions(
  store: EventStore,
  decisions: readonly Decision<DomainEvent>[],
  context: CommandContext,
  attempt: number,
): Promise<AppendResult[] | 'retry'> {
  try {
    return await store.appendMany(
      decisions
        .filter((d) => d.events.length > 0)
        .map((d) => ({
          stream: d.stream,
          expectedVersion: (d.current === -1n ? 'no_stream' : d.current) as ExpectedVersion,
          events: d.events.map((e) => ({
            id: uuidv7(),
            type: e.type,
            data: e.data,
            metadata: context.metadata,
          })),
        })),
    );
  } catch (error) {
    if (context.taken && isUniqueViolation(error)) throw new DomainError(context.taken);
    const retry = error instanceof WrongExpectedVersionError && context.expectedVersion === undefined;
    if (!retry || attempt >= MAX_ATTEMPTS) throw error;
    return 'retry';
  }
}

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
  for (let attempt = 1; ; attempt++) {
    const decision = await decideOn(store, decider, id, commands, context.expectedVersion);
    if (decision.events.length === 0) return { version: decision.current, events: decision.events };
    const appended = await appendDecisions(store, [decision], context, attempt);
    if (appended !== 'retry') return { version: appended[0]!.nextExpectedVersion, events: decision.events };
  }
}

/** A step's command built from the events the earlier steps decided (null: nothing to do). */
export type DerivedCommand = (earlier: readonly DomainEvent[][]) => unknown;

/** One command on one aggregate, of a change that spans several (each its own stream). */
export interface StreamCommand {
  // biome-ignore lint/suspicious/noExplicitAny: each step names its own decider; the list mixes them.
  decider: Decider<any, DomainEvent, any>;
  id: string;
  /**
   * The command; or, for a step that follows from what earlier steps decide (a recharge paying a debt), a
   * function of the events each earlier step decided in the same attempt, answering its command or null
   * when there is nothing to do.
   */
  command: unknown | DerivedCommand;
  /** The version of this aggregate the caller saw (a form's `version`): a different one is refused as stale. */
  expectedVersion?: bigint | undefined;
  /**
   * The index of an earlier step this one is a consequence of (the notice of a command's failure): it is
   * appended only when that step records something, as decided in the same attempt.
   */
  consequenceOf?: number;
}

/**
 * Decides one command on each of several aggregates and appends all their events in one transaction: all
 * of them land or none (a meter move with its accounts). Refusals name the first aggregate refused. A
 * concurrent writer makes the whole thing decided again; a step that pinned its version is then stale.
 * Answers each step's events.
 */
export async function executeAll(
  store: EventStore,
  steps: readonly StreamCommand[],
  context: CommandContext,
): Promise<DomainEvent[][]> {
  for (let attempt = 1; ; attempt++) {
    const decisions: Decision<DomainEvent>[] = [];
    for (const step of steps) {
      const cause = step.consequenceOf === undefined ? undefined : decisions[step.consequenceOf];
      const command =
        typeof step.command === 'function'
          ? (step.command as DerivedCommand)(decisions.map((d) => d.events))
          : step.command;
      decisions.push(
        cause?.events.length === 0 || command === null
          ? { stream: streamName(step.decider, step.id), current: -1n, events: [] }
          : await decideOn(store, step.decider, step.id, [command], step.expectedVersion),
      );
    }
    const events = decisions.map((d) => d.events);
    if (events.every((e) => e.length === 0)) return events;
    if ((await appendDecisions(store, decisions, context, attempt)) !== 'retry') return events;
  }
}

/** What a step that starts its aggregate (a new id) records, decided on the initial state: or its refusal. */
export function decideNew(step: StreamCommand): DomainEvent[] | DomainError {
  return step.decider.decide(step.command, step.decider.initialState());
}

/**
 * The append of a step that starts its aggregate (a new id), decided on the initial state without reading
 * the stream: for batches too large to read stream by stream (an import opening thousands of accounts).
 */
export function appendOfNew(step: StreamCommand, metadata: EventMetadata): AppendRequest {
  const decided = decideNew(step);
  if (decided instanceof DomainError) throw decided;
  return {
    stream: streamName(step.decider, step.id),
    expectedVersion: 'no_stream',
    events: decided.map((e: DomainEvent) => ({ id: uuidv7(), type: e.type, data: e.data, metadata })),
  };
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

// PostgreSQL's unique_violation, raised by an inline projection's unique index inside the append.
export { isUniqueViolation };
