import {
  type EventData,
  type MessageKey,
  PRESSURE_DEVICE_NUMBER_PATTERN,
  PRESSURE_RTU_ADDRESS_PATTERN,
  type PressureMeterFields,
} from '@hydrolog/schemas';
import { type Decider, DomainError, type EventOf } from '../decider.ts';

export type PressureMeterEvent = EventOf<
  'PressureMeterRegistered' | 'PressureMeterChanged' | 'PressureMeterDeleted'
>;
export type PressureMeterState =
  | { exists: false }
  | (EventData<'PressureMeterRegistered'> & { exists: true; changedAt: string | null });
export type PressureMeterCommand =
  | ({ type: 'RegisterPressureMeter' } & EventData<'PressureMeterRegistered'>)
  | ({ type: 'ChangePressureMeter'; changedAt: string } & PressureMeterFields)
  | { type: 'DeletePressureMeter' };

/**
 * The rules of spec sections 5 and 9: a numeric device number of at most 20 digits, an RTU address of 10 to 20
 * digits, and a lower limit below the upper one (otherwise no pressure could be normal).
 */
function fieldsRefusal(fields: PressureMeterFields & { deviceNumber?: string }): MessageKey | null {
  if (fields.deviceNumber !== undefined && !PRESSURE_DEVICE_NUMBER_PATTERN.test(fields.deviceNumber))
    return 'validation.pressureMeter.deviceNumber';
  if (!PRESSURE_RTU_ADDRESS_PATTERN.test(fields.rtuAddress)) return 'validation.pressureMeter.rtuAddress';
  if (!(fields.lowerLimit < fields.upperLimit)) return 'validation.pressureMeter.limits';
  return null;
}

/**
 * A pressure meter: the device record of a meter of the registry, in a stream of the meter's id, so one device
 * number is one pressure meter at most. Deleting it leaves the meter and its readings.
 */
export const pressureMeterDecider: Decider<PressureMeterCommand, PressureMeterEvent, PressureMeterState> = {
  category: 'pressureMeter',
  initialState: () => ({ exists: false }),
  evolve(state, event) {
    switch (event.type) {
      case 'PressureMeterRegistered':
        return { ...event.data, exists: true, changedAt: null };
      case 'PressureMeterChanged':
        return state.exists ? { ...state, ...event.data } : state;
      case 'PressureMeterDeleted':
        return { exists: false };
    }
  },
  decide(command, state) {
    if (command.type === 'RegisterPressureMeter') {
      if (state.exists) return new DomainError('error.pressureMeter.exists');
      const refusal = fieldsRefusal(command);
      if (refusal) return new DomainError(refusal);
      const { type: _, ...data } = command;
      return [{ type: 'PressureMeterRegistered', data }];
    }
    if (!state.exists) return new DomainError('error.pressureMeter.notFound');
    const { pressureMeterId } = state;
    if (command.type === 'DeletePressureMeter')
      return [{ type: 'PressureMeterDeleted', data: { pressureMeterId } }];
    const refusal = fieldsRefusal(command);
    if (refusal) return new DomainError(refusal);
    const { type: _, ...data } = command;
    return [{ type: 'PressureMeterChanged', data: { pressureMeterId, ...data } }];
  },
};
