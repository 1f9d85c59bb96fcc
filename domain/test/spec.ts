/**
 * Decider specs, read as the rule they check: given the events of a stream, when a command comes, then it
 * records these events, or it is refused. The state is folded from the events, as a command handler loads
 * it. Kept with the tests, not in @hydrolog/domain/testing: the benchmarks load that one without vitest.
 */
import type { DomainEvent, MessageKey } from '@hydrolog/schemas';
import { expect } from 'vitest';
import { type Decider, DomainError, fold } from '../src/decider.ts';

/** A refusal by its message key, or by its key and parameters when they tell something (a count, a name). */
export type Refusal = MessageKey | { key: MessageKey; params: Record<string, string | number> };

/** An event with at least these fields: its type, and some of its data. */
export type EventLike<Event extends DomainEvent> = Event extends DomainEvent
  ? { type: Event['type']; data?: Partial<Event['data']> }
  : never;

export interface Outcome<Event extends DomainEvent> {
  /** It records exactly these events (`[]`: it changes nothing); returns them, as history for the next. */
  then(expected: readonly Event[]): Event[];
  /** It records as many events as given, each with at least the fields given. */
  thenMatches(expected: readonly EventLike<Event>[]): Event[];
  /** It is refused for this rule. */
  thenFails(expected: Refusal): DomainError;
}

export function given<Command, Event extends DomainEvent, State>(
  decider: Decider<Command, Event, State>,
  events: readonly Event[],
) {
  return {
    when(command: Command): Outcome<Event> {
      const result = decider.decide(command, fold(decider, events));
      return {
        // biome-ignore lint/suspicious/noThenProperty: given/when/then is how a spec reads; an awaited outcome throws below
        then(expected) {
          // Awaiting an outcome lands here with the promise's callbacks.
          if (typeof expected === 'function')
            throw new TypeError('a decider outcome is checked, not awaited');
          expect(result).toEqual(expected);
          return result as Event[];
        },
        thenMatches(expected) {
          expect(result).toBeInstanceOf(Array);
          expect(result).toMatchObject(expected);
          return result as Event[];
        },
        thenFails(expected) {
          expect(result).toBeInstanceOf(DomainError);
          const { key, params } = result as DomainError;
          if (typeof expected === 'string') expect(key).toBe(expected);
          else expect({ key, params }).toEqual(expected);
          return result as DomainError;
        },
      };
    },
  };
}
