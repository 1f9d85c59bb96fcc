import type { EventData } from '@hydrolog/schemas';
import type { Decider, EventOf } from '../decider.ts';

export type PressureAlarmEvent = EventOf<'PressureAlarmRaised'>;
export type PressureAlarmState = { raised: boolean };
export type PressureAlarmCommand = { type: 'RaisePressureAlarm' } & EventData<'PressureAlarmRaised'>;

/**
 * A pressure alarm, in a stream named by meter, kind and local day: raising it again (a later check, two
 * service instances) records nothing, so each crossing of a day is one alarm.
 */
export const pressureAlarmDecider: Decider<PressureAlarmCommand, PressureAlarmEvent, PressureAlarmState> = {
  category: 'pressureAlarm',
  initialState: () => ({ raised: false }),
  evolve: () => ({ raised: true }),
  decide(command, state) {
    if (state.raised) return [];
    const { type: _, ...data } = command;
    return [{ type: 'PressureAlarmRaised', data }];
  },
};

/** The alarm stream's id: meter, kind and day. */
export const pressureAlarmStreamId = (
  alarm: Pick<EventData<'PressureAlarmRaised'>, 'pressureMeterId' | 'kind' | 'day'>,
) => `${alarm.pressureMeterId}.${alarm.kind}.${alarm.day}`;
