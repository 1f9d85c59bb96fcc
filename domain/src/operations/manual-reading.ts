import { INGEST_FUTURE_TOLERANCE_MINUTES } from '@hydrolog/schemas';
import { type Decider, DomainError, type EventOf } from '../decider.ts';

export type ManualReadingEvent = EventOf<'ManualReadingEntered'>;

/** A meter's manual readings: one stream per meter, so two entered at once for it are decided in turn. */
export interface ManualReadingState {
  entered: number;
}

/** A stored reading next to the one entered (the meter's, from any source), as the use case found it. */
export interface CounterAt {
  ts: string;
  total: number;
}

export interface EnterManualReading {
  type: 'EnterManualReading';
  readingId: string;
  meterId: string;
  /** When the meter was read (ISO instant) and the counter read, m3. */
  ts: string;
  total: number;
  reset: boolean;
  photoUrl: string | null;
  planId: string | null;
  remark: string;
  actorId: string;
  /** The instant of the command. */
  at: string;
  /**
   * Loaded by the use case: whether the meter is one of the tenant's, whether it has a reading at `ts`
   * already, and its stored readings just before and just after `ts`.
   */
  meterKnown: boolean;
  duplicate: boolean;
  previous: CounterAt | null;
  next: CounterAt | null;
}

export type ManualReadingCommand = EnterManualReading;

/**
 * A reading entered by hand passes the checks of a gateway's (its meter is the tenant's, it is not in the
 * future beyond the clocks' tolerance, one reading per meter and time) and, since a person types it, the
 * counter's: not below the meter's reading before it unless the counter started again (a reset, after
 * which the volume across it is not known), and never above a later reading.
 */
export const manualReadingDecider: Decider<ManualReadingCommand, ManualReadingEvent, ManualReadingState> = {
  category: 'manualReading',
  initialState: () => ({ entered: 0 }),
  evolve: (state) => ({ entered: state.entered + 1 }),
  decide(command) {
    if (!command.meterKnown) return new DomainError('error.manualReading.meterUnknown');
    const t = Date.parse(command.ts);
    if (t > Date.parse(command.at) + INGEST_FUTURE_TOLERANCE_MINUTES * 60_000)
      return new DomainError('error.manualReading.future');
    if (command.duplicate) return new DomainError('error.manualReading.duplicate');
    const { previous, next } = command;
    if (previous && !command.reset && command.total < previous.total)
      return new DomainError('error.manualReading.belowLast', { last: previous.total, time: previous.ts });
    if (next && command.total > next.total)
      return new DomainError('error.manualReading.aboveNext', { next: next.total, time: next.ts });
    return [
      {
        type: 'ManualReadingEntered',
        data: {
          readingId: command.readingId,
          meterId: command.meterId,
          source: 'manual',
          readings: [
            {
              ts: new Date(t).toISOString(),
              total: command.total,
              // The volume from the reading before is not known: the counter started again in between.
              ...(command.reset && previous ? { counterBreak: 'before' as const } : {}),
            },
          ],
          reset: command.reset,
          photoUrl: command.photoUrl,
          planId: command.planId,
          remark: command.remark,
          by: command.actorId,
          at: command.at,
        },
      },
    ];
  },
};
