import {
  type Database,
  type EventStore,
  type NewEvent,
  type RecordedEvent,
  WrongExpectedVersionError,
} from '@hydrolog/eventstore';
import { findMeters } from '@hydrolog/projections';
import {
  type EventData,
  type EventMetadata,
  INGEST_FUTURE_TOLERANCE_MINUTES,
  type IngestAnswer,
  type ReadingBatch,
  type StoredReading,
  uuidv7,
} from '@hydrolog/schemas';

/** The gateway an upload comes from (its key was checked). */
export interface GatewayCaller {
  gatewayId: string;
  tenantId: string;
}

export interface IngestOptions {
  /** Readings older than this many days are refused by row. */
  horizonDays: number;
}

/** A batch's stream: its id is the gateway's batch id, so a resend finds the batch already there. */
export function batchStream(gateway: GatewayCaller, batchId: string): string {
  return `readingBatch-${gateway.gatewayId}.${batchId}`;
}

/**
 * Turns an upload into reading events (DESIGN principle 3): one ReadingBatchReceived with the answer, then
 * one ReadingsReported per meter, appended to the batch's own stream in one append. The stream must not
 * exist yet, so the same batch id sent twice, even at the same moment, is stored once and answered alike.
 */
export class ReadingIngest {
  constructor(
    private readonly db: Database,
    private readonly store: EventStore,
    private readonly options: IngestOptions,
  ) {}

  async receive(gateway: GatewayCaller, upload: ReadingBatch, now = new Date()): Promise<IngestAnswer> {
    // A UUID is the same batch in any letter case.
    const batch = { ...upload, batchId: upload.batchId.toLowerCase() };
    const stream = batchStream(gateway, batch.batchId);
    const previous = await this.answerOf(stream);
    if (previous) return previous;

    const meterIds = await findMeters(this.db, gateway.tenantId, [
      ...new Set(batch.readings.map((r) => r.meterNo)),
    ]);
    const latest = now.getTime() + INGEST_FUTURE_TOLERANCE_MINUTES * 60_000;
    const oldest = now.getTime() - this.options.horizonDays * 86_400_000;
    const rejected: IngestAnswer['rejected'] = [];
    const byMeter = new Map<string, Map<number, StoredReading>>();
    let duplicates = 0;
    batch.readings.forEach((reading, index) => {
      const { meterNo, ts, ...channels } = reading;
      const meterId = meterIds.get(meterNo);
      const t = Date.parse(ts);
      const reason = !meterId ? 'unknownMeter' : t > latest ? 'tsInFuture' : t < oldest ? 'tsTooOld' : null;
      if (reason || !meterId) {
        rejected.push({ index, meterNo, reason: reason ?? 'unknownMeter' });
        return;
      }
      let readings = byMeter.get(meterId);
      if (!readings) {
        readings = new Map();
        byMeter.set(meterId, readings);
      }
      if (readings.has(t)) duplicates++;
      else readings.set(t, { ts: new Date(t).toISOString(), ...channels });
    });
    duplicates += await this.dropStored(byMeter);

    let accepted = 0;
    const reported: EventData<'ReadingsReported'>[] = [];
    for (const [meterId, readings] of byMeter) {
      if (readings.size === 0) continue;
      accepted += readings.size;
      reported.push({
        batchId: batch.batchId,
        gatewayId: gateway.gatewayId,
        meterId,
        readings: [...readings.values()],
      });
    }
    const metadata: EventMetadata = { tenantId: gateway.tenantId, correlationId: batch.batchId };
    const events: NewEvent[] = [
      {
        id: uuidv7(),
        type: 'ReadingBatchReceived',
        data: {
          batchId: batch.batchId,
          gatewayId: gateway.gatewayId,
          receivedAt: now.toISOString(),
          accepted,
          duplicates,
          rejected,
        } satisfies EventData<'ReadingBatchReceived'>,
        metadata,
      },
      ...reported.map((data) => ({ id: uuidv7(), type: 'ReadingsReported', data, metadata })),
    ];
    try {
      const result = await this.store.append(stream, events, { expectedVersion: 'no_stream' });
      return { accepted, duplicates, rejected, position: positionOf(result.events) };
    } catch (error) {
      // The same batch arrived at the same moment through another request: its answer is the answer.
      if (error instanceof WrongExpectedVersionError) {
        const stored = await this.answerOf(stream);
        if (stored) return stored;
      }
      throw error;
    }
  }

  /** The answer a batch already stored got, or null for a new batch. */
  async answerOf(stream: string): Promise<IngestAnswer | null> {
    const events = await this.store.readStream(stream);
    const first = events[0];
    if (!first) return null;
    const { accepted, duplicates, rejected } = first.data as EventData<'ReadingBatchReceived'>;
    return { accepted, duplicates, rejected, position: positionOf(events) };
  }

  /** Takes out readings already stored for the same meter and time; returns how many. */
  private async dropStored(byMeter: Map<string, Map<number, StoredReading>>): Promise<number> {
    const meters: string[] = [];
    const times: string[] = [];
    for (const [meterId, readings] of byMeter) {
      for (const reading of readings.values()) {
        meters.push(meterId);
        times.push(reading.ts);
      }
    }
    if (meters.length === 0) return 0;
    const { rows } = await this.db.query<{ meter_id: string; ts: Date }>(
      `SELECT r.meter_id::text, r.ts FROM unnest($1::uuid[], $2::timestamptz[]) AS k(meter_id, ts)
       JOIN readings r ON r.meter_id = k.meter_id AND r.ts = k.ts`,
      [meters, times],
    );
    for (const row of rows) byMeter.get(row.meter_id)?.delete(row.ts.getTime());
    return rows.length;
  }
}

function positionOf(events: readonly RecordedEvent[]): string {
  return (events.at(-1)?.checkpoint.position ?? 0n).toString();
}
