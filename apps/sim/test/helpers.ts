import type { DownlinkCommand, GatewayReading, IngestAnswer, ReadingBatch } from '@hydrolog/schemas';
import type { Fleet } from '../src/fleet.ts';
import type { GatewayCredentials, GatewayTransport } from '../src/simulator.ts';
import { HOUR_MS } from '../src/time.ts';

export interface SentBatch {
  district: number;
  batch: ReadingBatch;
}

/** An in-memory gateway side: records batches in arrival order, hands out queued commands, records acks. */
export class MemoryTransport {
  readonly batches: SentBatch[] = [];
  readonly acks: { district: number; commandId: string; status: 'success' | 'fail'; detail?: string }[] = [];
  readonly polls: number[] = [];
  private readonly commands = new Map<number, DownlinkCommand[]>();

  queue(district: number, command: DownlinkCommand): void {
    this.commands.set(district, [...(this.commands.get(district) ?? []), command]);
  }

  factory = (district: number, _credentials: GatewayCredentials): GatewayTransport => ({
    sendReadings: async (batch: ReadingBatch): Promise<IngestAnswer> => {
      this.batches.push({ district, batch: structuredClone(batch) });
      return {
        accepted: batch.readings.length,
        duplicates: 0,
        rejected: [],
        position: String(this.batches.length),
      };
    },
    pollCommands: async (): Promise<DownlinkCommand[]> => {
      this.polls.push(district);
      const commands = this.commands.get(district) ?? [];
      this.commands.set(district, []);
      return commands;
    },
    ack: async (commandId, status, detail) => {
      this.acks.push(
        detail === undefined ? { district, commandId, status } : { district, commandId, status, detail },
      );
    },
  });

  /** Every reading sent, in arrival order. */
  readings(): (GatewayReading & { district: number; batchIndex: number })[] {
    return this.batches.flatMap((b, batchIndex) =>
      b.batch.readings.map((r) => ({ ...r, district: b.district, batchIndex })),
    );
  }
}

export const keysFor = (fleet: Fleet) =>
  new Map(fleet.districts.map((d) => [d.index, { gatewayId: `gw-${d.index}`, key: `key-${d.index}` }]));

export const readingKey = (r: { meterNo: string; ts: string }) => `${r.meterNo}@${Date.parse(r.ts)}`;

/**
 * What a backfill over (from, to] must send when `from` is a local midnight and `to` is a few hours after the last
 * local midnight (after every daily upload, which happen within 4 hours of midnight): hourly meters every hour at
 * their read offset, daily meters every full hour up to the last midnight.
 */
export function expectedKeys(fleet: Fleet, from: number, to: number, lastMidnight: number): Set<string> {
  const keys = new Set<string>();
  for (const m of fleet.meters) {
    if (m.pattern === 'hourly') {
      for (let h = Math.floor(from / HOUR_MS); h * HOUR_MS <= to; h++) {
        const t = h * HOUR_MS + m.readOffsetSeconds * 1000;
        if (t > from && t <= to) keys.add(`${m.meterNo}@${t}`);
      }
    } else {
      for (let t = from + HOUR_MS; t <= lastMidnight; t += HOUR_MS) keys.add(`${m.meterNo}@${t}`);
    }
  }
  return keys;
}
