import { type Decider, DomainError, type EventOf } from '../decider.ts';

export type ReadingPlanEvent = EventOf<'ReadingPlanCreated' | 'ReadingPlanDeleted'>;

export type ReadingPlanState = { status: 'none' } | { status: 'active' } | { status: 'deleted' };

interface Actor {
  actorId: string;
  at: string;
}

export type ReadingPlanCommand =
  | ({
      type: 'CreateReadingPlan';
      planId: string;
      name: string;
      readerId: string;
      startDate: string;
      endDate: string;
      groupId: string | null;
      meterIds: string[];
      /**
       * Loaded by the use case: whether the reader is a staff user of the tenant and the group one of its
       * groups (true when none is asked for), and the meter numbers asked for that are not the tenant's.
       */
      readerKnown: boolean;
      groupKnown: boolean;
      unknownMeterNos: string[];
    } & Actor)
  | ({ type: 'DeleteReadingPlan'; planId: string } & Actor);

/**
 * A walk-by reading plan: a staff user reads a group's meters, or listed meters, from its start day to its
 * end day (the start before the end). Deleting it leaves the readings entered on it.
 */
export const readingPlanDecider: Decider<ReadingPlanCommand, ReadingPlanEvent, ReadingPlanState> = {
  category: 'readingPlan',
  initialState: () => ({ status: 'none' }),
  evolve(_state, event) {
    return event.type === 'ReadingPlanCreated' ? { status: 'active' } : { status: 'deleted' };
  },
  decide(command, state) {
    if (command.type === 'CreateReadingPlan') {
      if (state.status !== 'none') return new DomainError('error.readingPlan.exists');
      if (command.startDate >= command.endDate) return new DomainError('validation.readingPlan.dates');
      if (!command.readerKnown) return new DomainError('error.readingPlan.reader');
      if (!command.groupKnown) return new DomainError('error.readingPlan.group');
      if (command.unknownMeterNos.length > 0)
        return new DomainError('error.readingPlan.meters', { meterNos: command.unknownMeterNos.join(', ') });
      if (command.groupId === null && command.meterIds.length === 0)
        return new DomainError('error.readingPlan.empty');
      const { planId, name, readerId, startDate, endDate, groupId, meterIds, actorId, at } = command;
      return [
        {
          type: 'ReadingPlanCreated',
          data: { planId, name, readerId, startDate, endDate, groupId, meterIds, by: actorId, at },
        },
      ];
    }
    if (state.status !== 'active') return new DomainError('error.readingPlan.notFound');
    return [
      { type: 'ReadingPlanDeleted', data: { planId: command.planId, by: command.actorId, at: command.at } },
    ];
  },
};
