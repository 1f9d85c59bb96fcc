import { createHash } from 'node:crypto';
import { cascadeAlarmDecider, streamName } from '@hydrolog/domain';
import { WrongExpectedVersionError } from '@hydrolog/eventstore';
import { type EventData, uuidv7 } from '@hydrolog/schemas';
import type { Services } from '../services.ts';

/** A UUID derived from a name (UUIDv7 layout, hash bits): the same alarm always gets the same id. */
export function derivedId(name: string): string {
  const h = createHash('sha256').update(name).digest('hex');
  const variant = (8 | (Number.parseInt(h[16]!, 16) & 3)).toString(16);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-7${h.slice(13, 16)}-${variant}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

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
