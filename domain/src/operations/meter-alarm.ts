import { ALARM_STATUS, type AlarmStatus, type EventData } from '@hydrolog/schemas';
import { type Decider, DomainError, type EventOf } from '../decider.ts';

export type MeterAlarmEvent = EventOf<
  | 'MeterAlarmRaised'
  | 'SystemAlarmRaised'
  | 'MeterAlarmCleared'
  | 'MeterAlarmProcessed'
  | 'MeterAlarmIgnored'
  | 'MeterAlarmTakenIntoWork'
>;
export type MeterAlarmState =
  | { raised: false }
  | { raised: true; alarmId: string; status: AlarmStatus; cleared: boolean };
export type MeterAlarmCommand =
  | ({ type: 'RaiseMeterAlarm' } & EventData<'MeterAlarmRaised'>)
  /** The service raises an alarm about itself (a gateway, the readings intake, a job). */
  | ({ type: 'RaiseSystemAlarm' } & EventData<'SystemAlarmRaised'>)
  /** The meter reports normally again. */
  | { type: 'ClearMeterAlarm'; clearedAt: string }
  | { type: 'ProcessMeterAlarm'; remark: string; processedAt: string }
  | { type: 'IgnoreMeterAlarm'; ignoredAt: string }
  /** A work order is made from the alarm. */
  | { type: 'TakeMeterAlarmIntoWork'; workOrderId: string; takenAt: string }
  /** The work order made from the alarm is completed: processed with its remark, unless closed meanwhile. */
  | { type: 'ProcessMeterAlarmByWorkOrder'; remark: string; processedAt: string };

/**
 * The stream of an alarm: its subject, kind and the tenant's local day (at most one alarm each). The subject
 * of a meter alarm is its meter; a system alarm has no meter and names its subject (a gateway, a job).
 */
export const meterAlarmStreamId = (alarm: {
  meterId?: string | null;
  subjectId?: string | null;
  kind: string;
  day: string;
}) => {
  const subject = alarm.meterId ?? alarm.subjectId;
  if (!subject) throw new Error('An alarm names its meter or its subject');
  return `${subject}.${alarm.kind}.${alarm.day}`;
};

const isOpen = (status: AlarmStatus) =>
  status === ALARM_STATUS.unprocessed || status === ALARM_STATUS.processing;

/**
 * A meter alarm, one stream per meter, kind and local day (`meterAlarm-<meterId>.<kind>.<day>`): raised once
 * by the detection (raising it again changes nothing, so a rerun raises nothing new). A system alarm is the
 * same with its subject in place of the meter (`meterAlarm-<subjectId>.<kind>.<day>`). While open it may clear
 * by itself (the meter reports normally again), which it says but stays open until a user processes it with a
 * remark or ignores it; a processed or ignored alarm is closed for good.
 */
export const meterAlarmDecider: Decider<MeterAlarmCommand, MeterAlarmEvent, MeterAlarmState> = {
  category: 'meterAlarm',
  initialState: () => ({ raised: false }),
  evolve(state, event) {
    if (event.type === 'MeterAlarmRaised' || event.type === 'SystemAlarmRaised')
      return { raised: true, alarmId: event.data.alarmId, status: ALARM_STATUS.unprocessed, cleared: false };
    if (!state.raised) return state;
    switch (event.type) {
      case 'MeterAlarmCleared':
        return { ...state, cleared: true };
      case 'MeterAlarmProcessed':
        return { ...state, status: ALARM_STATUS.processed };
      case 'MeterAlarmIgnored':
        return { ...state, status: ALARM_STATUS.ignored };
      case 'MeterAlarmTakenIntoWork':
        return { ...state, status: ALARM_STATUS.processing };
    }
  },
  decide(command, state) {
    if (command.type === 'RaiseMeterAlarm') {
      if (state.raised) return [];
      const { type: _, ...data } = command;
      return [{ type: 'MeterAlarmRaised', data }];
    }
    if (command.type === 'RaiseSystemAlarm') {
      if (state.raised) return [];
      const { type: _, ...data } = command;
      return [{ type: 'SystemAlarmRaised', data }];
    }
    if (!state.raised) return new DomainError('error.meterAlarm.notFound');
    if (command.type === 'ClearMeterAlarm') {
      if (state.cleared || !isOpen(state.status)) return [];
      return [{ type: 'MeterAlarmCleared', data: { alarmId: state.alarmId, clearedAt: command.clearedAt } }];
    }
    // Staff may have processed or ignored the alarm while its work order was open: nothing is left to do.
    if (command.type === 'ProcessMeterAlarmByWorkOrder' && !isOpen(state.status)) return [];
    if (!isOpen(state.status)) return new DomainError('error.meterAlarm.closed');
    if (command.type === 'TakeMeterAlarmIntoWork')
      return [
        {
          type: 'MeterAlarmTakenIntoWork',
          data: { alarmId: state.alarmId, workOrderId: command.workOrderId, takenAt: command.takenAt },
        },
      ];
    if (command.type === 'ProcessMeterAlarm' || command.type === 'ProcessMeterAlarmByWorkOrder')
      return [
        {
          type: 'MeterAlarmProcessed',
          data: { alarmId: state.alarmId, remark: command.remark, processedAt: command.processedAt },
        },
      ];
    return [{ type: 'MeterAlarmIgnored', data: { alarmId: state.alarmId, ignoredAt: command.ignoredAt } }];
  },
};
