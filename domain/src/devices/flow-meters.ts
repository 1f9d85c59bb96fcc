import {
  type EventData,
  FLOW_METER_ADDRESS_PATTERN,
  type FlowMeterFields,
  type MessageKey,
  RTU_ADDRESS_PATTERN,
} from '@hydrolog/schemas';
import { type Decider, DomainError, type EventOf } from '../decider.ts';

export type FlowMeterEvent = EventOf<'FlowMeterRegistered' | 'FlowMeterChanged' | 'FlowMeterDeleted'>;
export type FlowMeterState =
  | { exists: false }
  | (EventData<'FlowMeterRegistered'> & { exists: true; changedAt: string | null });
export type FlowMeterCommand =
  | ({ type: 'RegisterFlowMeter' } & EventData<'FlowMeterRegistered'>)
  | ({ type: 'ChangeFlowMeter'; changedAt: string } & FlowMeterFields)
  | { type: 'DeleteFlowMeter' };

/** The address rules of spec sections 5 and 9: an RTU address code of exactly 10 digits, a meter address of 11 to 13. */
function addressRefusal(fields: { rtuAddress: string; meterAddress?: string }): MessageKey | null {
  if (!RTU_ADDRESS_PATTERN.test(fields.rtuAddress)) return 'validation.flowMeter.rtuAddress';
  if (fields.meterAddress !== undefined && !FLOW_METER_ADDRESS_PATTERN.test(fields.meterAddress))
    return 'validation.flowMeter.meterAddress';
  return null;
}

/**
 * A district or bulk flow meter: the device record of a meter of the registry, in a stream of the meter's
 * id, so one meter is one flow meter at most. Deleting it leaves the meter and its readings; the same meter
 * address can be made a flow meter again.
 */
export const flowMeterDecider: Decider<FlowMeterCommand, FlowMeterEvent, FlowMeterState> = {
  category: 'flowMeter',
  initialState: () => ({ exists: false }),
  evolve(state, event) {
    switch (event.type) {
      case 'FlowMeterRegistered':
        return { ...event.data, exists: true, changedAt: null };
      case 'FlowMeterChanged':
        return state.exists ? { ...state, ...event.data } : state;
      case 'FlowMeterDeleted':
        return { exists: false };
    }
  },
  decide(command, state) {
    if (command.type === 'RegisterFlowMeter') {
      if (state.exists) return new DomainError('error.flowMeter.exists');
      const refusal = addressRefusal(command);
      if (refusal) return new DomainError(refusal);
      const { type: _, ...data } = command;
      return [{ type: 'FlowMeterRegistered', data }];
    }
    if (!state.exists) return new DomainError('error.flowMeter.notFound');
    const { flowMeterId } = state;
    if (command.type === 'DeleteFlowMeter') return [{ type: 'FlowMeterDeleted', data: { flowMeterId } }];
    const refusal = addressRefusal(command);
    if (refusal) return new DomainError(refusal);
    const { type: _, ...data } = command;
    return [{ type: 'FlowMeterChanged', data: { flowMeterId, ...data } }];
  },
};
