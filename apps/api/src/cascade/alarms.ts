import { cascadeAlarmDecider, streamName } from '@hydrolog/domain';
import { WrongExpectedVersionError } from '@hydrolog/eventstore';
import { type EventData, uuidv7 } from '@hydrolog/schemas';
import type { Services } from '../services.ts';

/** The stream of an alarm: its point, kind and day (a leak's day is its estimated start night). */
export const alarmStreamId = (alarm: { pointId: string; kind: string; day: string }) =>
  `${alarm.pointId}.${alarm.kind}.${alarm.day}`;

/** Appends a raised alarm unless its stream exists; whether it was raised now. */
export async function raiseAlarm(
  services: Services,
  tenantId: string,
  alarm: EventData<'CascadeAlarmRaised'>,
): Promise<boolean> {
  const stream = streamName(cascadeAlarmDecider, alarmStreamId(alarm));
  // Raised before: the stream exists. Two evaluations at once: the derived event id makes the store
  // keep one, and the expected version refuses the other.
  if ((await services.store.readStream(stream)).length > 0) return false;
  try {
    await services.store.append(
      stream,
      [
        {
          id: alarm.alarmId,
          type: 'CascadeAlarmRaised',
          data: alarm,
          metadata: { tenantId, correlationId: uuidv7() },
        },
      ],
      { expectedVersion: 'no_stream' },
    );
    return true;
  } catch (error) {
    if (!(error instanceof WrongExpectedVersionError)) throw error;
    return false;
  }
}

/** Days the job looks back: late readings (daily uploads, a gateway back online) may complete a past day. */
export const LOOKBACK_DAYS = 7;
