/**
 * Faults on demand, and the per-gateway outbox that packs readings into batches and applies them. Reading-level
 * faults (gaps, duplicates, out of order) are decided by a hash of (meter, timestamp, fault seed), so the same
 * readings are affected whatever the batching; batch-level ones (held back, shuffles) by a seeded PRNG per gateway.
 */
import { randomUUID } from 'node:crypto';
import type { GatewayReading, ReadingBatch } from '@hydrolog/schemas';
import type { Fleet } from './fleet.ts';
import type { CounterReset } from './model.ts';
import { fnv1a, hash01, Rng } from './random.ts';

export interface ClockSkew {
  district: number;
  /** The gateway's clock is this many minutes ahead (negative: behind); readings carry the skewed time. */
  minutes: number;
}

export interface FaultOptions {
  /** Seed of the fault decisions (default: the fleet's seed). */
  seed?: number;
  /** Share of readings (0-1) sent again in a later batch. */
  duplicates?: number;
  /** Share of readings moved to the gateway's next batch; when set, every batch is also shuffled. */
  outOfOrder?: number;
  /** Share of batches held back and sent after `lateBatches` later batches of the same gateway. */
  late?: number;
  /** Default 3. */
  lateBatches?: number;
  /** Share of readings never sent. */
  gaps?: number;
  /** Counters that restart at 0 (the model's counter of that meter then continues from 0). */
  counterResets?: CounterReset[];
  clockSkew?: ClockSkew[];
}

/** The names `--faults` accepts. */
export const FAULT_NAMES = ['duplicates', 'outOfOrder', 'late', 'gaps', 'counterReset', 'clockSkew'] as const;
export type FaultName = (typeof FAULT_NAMES)[number];

export interface OutboxStats {
  /** Readings dropped by the gaps fault. */
  dropped: number;
  /** Extra copies sent by the duplicates fault. */
  duplicated: number;
  /** Readings moved to a later batch by the out-of-order fault. */
  deferred: number;
  /** Batches held back by the late fault. */
  held: number;
}

const SALT_GAP = 0x6a09e667;
const SALT_DUP = 0x3c6ef372;
const SALT_OOO = 0xa54ff53a;

interface Item {
  reading: GatewayReading;
  /** Hash key of the meter number. */
  key: number;
  /** True timestamp (ms), before any clock skew. */
  trueMs: number;
  /** The same in whole seconds (the fault hash input). */
  seconds: number;
  /** Already moved once by the out-of-order fault (it is not moved again). */
  moved?: boolean;
}

/** Packs one gateway's readings into batches of at most `batchSize`, applying the faults on the way. */
export class Outbox {
  readonly stats: OutboxStats = { dropped: 0, duplicated: 0, deferred: 0, held: 0 };
  private buffer: Item[] = [];
  /** Readings for the next batch: deferred (out of order) and duplicates. */
  private carry: Item[] = [];
  private held: { batch: ReadingBatch; remaining: number }[] = [];
  /** Batches formed and not yet settled (delivered or refused for good), by batch id. */
  private readonly pending = new Map<string, Item[]>();
  private readonly rng: Rng;
  private readonly seed: number;

  constructor(
    private readonly faults: FaultOptions,
    district: number,
    private readonly batchSize: number,
    seed: number,
  ) {
    this.seed = (faults.seed ?? seed) >>> 0;
    this.rng = new Rng((this.seed ^ Math.imul(district + 1, 0x9e3779b1)) >>> 0);
  }

  /** Queues readings; `trueMs` is each reading's real time (its `ts` may carry a clock skew). */
  add(readings: readonly { reading: GatewayReading; trueMs: number }[]): void {
    const gaps = this.faults.gaps ?? 0;
    for (const { reading, trueMs } of readings) {
      const item: Item = { reading, key: fnv1a(reading.meterNo), trueMs, seconds: Math.floor(trueMs / 1000) };
      if (gaps > 0 && this.chance(item, SALT_GAP, gaps)) {
        this.stats.dropped++;
        continue;
      }
      this.buffer.push(item);
    }
  }

  /** Readings waiting to be packed (not counting carried or held ones). */
  get buffered(): number {
    return this.buffer.length;
  }

  /** The batch was delivered (or refused for good): its readings are no longer owed. */
  settle(batchId: string): void {
    this.pending.delete(batchId);
  }

  /** Per meter, the true time of its earliest reading not delivered yet (buffered, carried, held or in flight). */
  owed(): Map<string, number> {
    const owed = new Map<string, number>();
    const note = (item: Item) => {
      const current = owed.get(item.reading.meterNo);
      if (current === undefined || item.trueMs < current) owed.set(item.reading.meterNo, item.trueMs);
    };
    for (const item of this.buffer) note(item);
    for (const item of this.carry) note(item);
    for (const items of this.pending.values()) for (const item of items) note(item);
    return owed;
  }

  /**
   * Batches ready to send: full ones only, or with `all` also a last partial one. Readings carried to the next
   * batch and held batches stay for later calls (or `flush`).
   */
  take(all: boolean): ReadingBatch[] {
    const out: ReadingBatch[] = [];
    while (this.buffer.length > 0 && (all || this.buffer.length + this.carry.length >= this.batchSize)) {
      const room = Math.max(1, this.batchSize - this.carry.length);
      const items = this.carry.concat(this.buffer.slice(0, room));
      this.carry = [];
      this.buffer = this.buffer.slice(room);
      this.form(items, out, true);
    }
    return out;
  }

  /** Everything still owed: the buffer, carried readings and held batches, with no new faults applied. */
  flush(): ReadingBatch[] {
    const out = this.take(true);
    while (this.carry.length > 0) {
      const items = this.carry.slice(0, this.batchSize);
      this.carry = this.carry.slice(this.batchSize);
      this.form(items, out, false);
    }
    for (const h of this.held) out.push(h.batch);
    this.held = [];
    return out;
  }

  private chance(item: Item, salt: number, p: number): boolean {
    return hash01(item.key, item.seconds, (this.seed ^ salt) >>> 0) < p;
  }

  private form(items: Item[], out: ReadingBatch[], faults: boolean): void {
    const send: Item[] = [];
    const next: Item[] = [];
    const dup = faults ? (this.faults.duplicates ?? 0) : 0;
    const ooo = faults ? (this.faults.outOfOrder ?? 0) : 0;
    for (const item of items) {
      if (ooo > 0 && !item.moved && this.chance(item, SALT_OOO, ooo)) {
        next.push({ ...item, moved: true });
        this.stats.deferred++;
        continue;
      }
      send.push(item);
      if (dup > 0 && !item.moved && this.chance(item, SALT_DUP, dup)) {
        next.push({ ...item, moved: true });
        this.stats.duplicated++;
      }
    }
    this.carry.push(...next);
    if (send.length === 0) return;
    if ((this.faults.outOfOrder ?? 0) > 0) this.rng.shuffle(send);
    const batch: ReadingBatch = { batchId: randomUUID(), readings: send.map((i) => i.reading) };
    this.pending.set(batch.batchId, send);
    // Held batches wait for `lateBatches` later batches.
    const released: ReadingBatch[] = [];
    for (const h of this.held) h.remaining--;
    this.held = this.held.filter((h) => {
      if (h.remaining > 0) return true;
      released.push(h.batch);
      return false;
    });
    const late = faults ? (this.faults.late ?? 0) : 0;
    if (late > 0 && this.rng.float() < late) {
      this.held.push({ batch, remaining: Math.max(1, this.faults.lateBatches ?? 3) });
      this.stats.held++;
    } else {
      out.push(batch);
    }
    out.push(...released);
  }
}

/**
 * Parses a fault list such as `duplicates,late=0.1,clockSkew=1:-20,counterReset=1000000007@2026-10-01T00:00:00Z`.
 * Without a value: duplicates 0.02, outOfOrder 0.05, late 0.05, gaps 0.01, clockSkew 0:-15, and counterReset one
 * household per district at a (seeded) time inside `window`.
 */
export function parseFaultSpec(spec: string, fleet: Fleet, window: { from: Date; to: Date }): FaultOptions {
  const faults: FaultOptions = {};
  const rng = new Rng((fleet.seed ^ 0x1b873593) >>> 0);
  const parts = spec
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  for (const part of parts) {
    const [name, value] = part.split('=', 2) as [string, string | undefined];
    const share = (fallback: number) => {
      const p = value === undefined ? fallback : Number(value);
      if (!(p >= 0 && p <= 1)) throw new Error(`fault ${name}: a share between 0 and 1, not ${value}`);
      return p;
    };
    switch (name) {
      case 'duplicates':
        faults.duplicates = share(0.02);
        break;
      case 'outOfOrder':
        faults.outOfOrder = share(0.05);
        break;
      case 'late':
        faults.late = share(0.05);
        break;
      case 'gaps':
        faults.gaps = share(0.01);
        break;
      case 'counterReset': {
        faults.counterResets ??= [];
        if (value) {
          const [meterNo, at] = value.split('@', 2);
          const ms = at ? Date.parse(at) : Number.NaN;
          if (!meterNo || Number.isNaN(ms) || !fleet.meters.some((m) => m.meterNo === meterNo)) {
            throw new Error('fault counterReset=<meterNo>@<iso time> needs a meter of the fleet and a time');
          }
          faults.counterResets.push({ meterNo, at: new Date(ms) });
        } else {
          const span = window.to.getTime() - window.from.getTime();
          for (const district of fleet.districts) {
            const meterNo = district.householdMeterNos[rng.int(0, district.householdMeterNos.length - 1)];
            if (meterNo === undefined) continue;
            const at = Math.round((window.from.getTime() + span * rng.range(0.2, 0.8)) / 60_000) * 60_000;
            faults.counterResets.push({ meterNo, at: new Date(at) });
          }
        }
        break;
      }
      case 'clockSkew': {
        const [district, minutes] = (value ?? '0:-15').split(':').map(Number);
        if (!Number.isInteger(district) || !Number.isFinite(minutes) || !fleet.districts[district ?? -1]) {
          throw new Error('fault clockSkew=<district>:<minutes> needs a district of the fleet');
        }
        faults.clockSkew = [...(faults.clockSkew ?? []), { district: district!, minutes: minutes! }];
        break;
      }
      default:
        throw new Error(`unknown fault ${name}; known: ${FAULT_NAMES.join(', ')}`);
    }
  }
  return faults;
}
