import type { DomainEvent, EventData, EventType, MessageKey } from '@hydrolog/schemas';

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

export type RecordState<Saved extends EventType> = { exists: false } | (EventData<Saved> & { exists: true });
export type RecordCommand<Saved extends EventType> =
  | ({ type: 'Save' } & EventData<Saved>)
  | { type: 'Delete' };

/**
 * A record an operator saves as a whole and may delete (a carrier, a region, a dictionary type): a saved
 * event carries every field. Rules across records (unique codes, sub-regions) need the read model and stay
 * with the route. Shared by the contexts that keep such records.
 */
export function recordDecider<Saved extends EventType, Deleted extends EventType>(spec: {
  category: string;
  saved: Saved;
  deleted: Deleted;
  id: keyof EventData<Saved> & keyof EventData<Deleted> & string;
  notFound: MessageKey;
}): Decider<RecordCommand<Saved>, EventOf<Saved | Deleted>, RecordState<Saved>> {
  return {
    category: spec.category,
    initialState: () => ({ exists: false }),
    evolve: (_, event) =>
      event.type === spec.saved
        ? ({ ...(event.data as EventData<Saved>), exists: true } as RecordState<Saved>)
        : { exists: false },
    decide(command, state) {
      if (command.type === 'Save') {
        const { type: _, ...data } = command;
        return [{ type: spec.saved, data } as unknown as EventOf<Saved | Deleted>];
      }
      if (!state.exists) return new DomainError(spec.notFound);
      const id = (state as Record<string, unknown>)[spec.id];
      return [{ type: spec.deleted, data: { [spec.id]: id } } as unknown as EventOf<Saved | Deleted>];
    },
  };
}
