import type { AlarmType } from '@hydrolog/schemas';
import type { Decider, EventOf } from '../decider.ts';

export type AlarmNoticesEvent = EventOf<'AlarmNoticeViewed' | 'AlarmNoticesCleaned'>;
/** The notices a user has viewed (the bell dims them). */
export type AlarmNoticesState = { viewed: ReadonlySet<string> };
export type AlarmNoticesCommand =
  | { type: 'ViewNotice'; userId: string; alarmId: string; viewedAt: string }
  | { type: 'CleanNotices'; userId: string; alarmTypes: readonly AlarmType[]; cleanedAt: string };

/**
 * What one user has read and cleared of the bell (`alarmNotices-<userId>`): viewing a notice twice records
 * it once; clearing takes every notice of the types raised up to then off that user's bell, nobody else's.
 */
export const alarmNoticesDecider: Decider<AlarmNoticesCommand, AlarmNoticesEvent, AlarmNoticesState> = {
  category: 'alarmNotices',
  initialState: () => ({ viewed: new Set() }),
  evolve(state, event) {
    if (event.type === 'AlarmNoticeViewed') return { viewed: new Set([...state.viewed, event.data.alarmId]) };
    return state;
  },
  decide(command, state) {
    if (command.type === 'ViewNotice') {
      if (state.viewed.has(command.alarmId)) return [];
      const { type: _, ...data } = command;
      return [{ type: 'AlarmNoticeViewed', data }];
    }
    const alarmTypes = [...new Set(command.alarmTypes)].sort();
    return [
      {
        type: 'AlarmNoticesCleaned',
        data: { userId: command.userId, alarmTypes, cleanedAt: command.cleanedAt },
      },
    ];
  },
};
