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

/** The facts a record's rules need, loaded by the use case from the read models; none without such rules. */
type Facts<Loaded> = [Loaded] extends [undefined] ? { facts?: undefined } : { facts: Loaded };

export type RecordCommand<Saved extends EventType, SaveFacts = undefined, DeleteFacts = undefined> =
  | ({ type: 'Save' } & EventData<Saved> & Facts<SaveFacts>)
  | ({ type: 'Delete' } & Facts<DeleteFacts>);

/**
 * A record an operator saves as a whole and may delete (a carrier, a region, a dictionary type): a saved
 * event carries every field. `refuse` holds the record's own rules (a known country, no loop in a tree,
 * nothing deleted while in use), with the facts about other records that the use case loads into the
 * command. Shared by the contexts that keep such records.
 */
export function recordDecider<
  Saved extends EventType,
  Deleted extends EventType,
  SaveFacts = undefined,
  DeleteFacts = undefined,
>(spec: {
  category: string;
  saved: Saved;
  deleted: Deleted;
  id: keyof EventData<Saved> & keyof EventData<Deleted> & string;
  notFound: MessageKey;
  refuse?(
    command: RecordCommand<Saved, SaveFacts, DeleteFacts>,
    state: RecordState<Saved>,
  ): MessageKey | DomainError | null;
}): Decider<RecordCommand<Saved, SaveFacts, DeleteFacts>, EventOf<Saved | Deleted>, RecordState<Saved>> {
  return {
    category: spec.category,
    initialState: () => ({ exists: false }),
    evolve: (_, event) =>
      event.type === spec.saved
        ? ({ ...(event.data as EventData<Saved>), exists: true } as RecordState<Saved>)
        : { exists: false },
    decide(command, state) {
      if (command.type === 'Delete' && !state.exists) return new DomainError(spec.notFound);
      const refusal = spec.refuse?.(command, state);
      if (refusal) return refusal instanceof DomainError ? refusal : new DomainError(refusal);
      if (command.type === 'Save') {
        const { type: _, facts: __, ...data } = command;
        return [{ type: spec.saved, data } as unknown as EventOf<Saved | Deleted>];
      }
      const id = (state as Record<string, unknown>)[spec.id];
      return [{ type: spec.deleted, data: { [spec.id]: id } } as unknown as EventOf<Saved | Deleted>];
    },
  };
}
