import type { DomainEvent, MessageKey } from '@hydrolog/schemas';

/** A business rule said no. The key is translated for the person who asked. */
export class DomainError extends Error {
  constructor(
    readonly key: MessageKey,
    readonly params: Record<string, string | number> = {},
  ) {
    super(key);
    this.name = 'DomainError';
  }
}

/**
 * An aggregate as three pure functions (DESIGN principle 2).
 * decide returns the events a command produces (none when it changes nothing) or the rule it breaks.
 */
export interface Decider<Command, Event extends DomainEvent, State> {
  /** The stream category: streams are named `<category>-<id>`. */
  category: string;
  initialState(): State;
  evolve(state: State, event: Event): State;
  decide(command: Command, state: State): Event[] | DomainError;
}

/** The events of the catalogue with these types. */
export type EventOf<T extends DomainEvent['type']> = Extract<DomainEvent, { type: T }>;

export function fold<Event extends DomainEvent, State>(
  decider: Pick<Decider<unknown, Event, State>, 'initialState' | 'evolve'>,
  events: readonly Event[],
): State {
  return events.reduce((state, event) => decider.evolve(state, event), decider.initialState());
}

export function streamName(decider: { category: string }, id: string): string {
  return `${decider.category}-${id}`;
}
