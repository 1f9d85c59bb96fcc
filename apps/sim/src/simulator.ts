/**
 * The simulator: the fleet's gateways (one concentrator per district) uploading readings computed by the model,
 * at full speed for history (backfill) or as time passes (tick / live mode), and answering downlink commands.
 */
import { randomUUID } from 'node:crypto';
import type { DownlinkCommand, GatewayReading, IngestAnswer, ReadingBatch } from '@hydrolog/schemas';
import { type FaultOptions, Outbox, type OutboxStats } from './faults.ts';
import type { Fleet, FleetMeter } from './fleet.ts';
import {
  type BatchFormat,
  GatewayClient,
  type GatewayClientOptions,
  GatewayError,
  type RequestOptions,
  type SendOptions,
} from './gateway-client.ts';
import { type Burst, FleetModel, type MeterFault } from './model.ts';
import { MqttGatewayClient } from './mqtt-client.ts';
import { Rng } from './random.ts';
import { DAY_MS, formatWithOffset, HOUR_MS, linkedSignal, MINUTE_MS, sleep } from './time.ts';

export interface GatewayCredentials {
  gatewayId?: string;
  key: string;
}

/** What the simulator needs from a gateway connection; GatewayClient is the real one, tests may fake it. */
export interface GatewayTransport {
  sendReadings(batch: ReadingBatch, options?: SendOptions): Promise<IngestAnswer>;
  pollCommands(waitSeconds: number, options?: RequestOptions): Promise<DownlinkCommand[]>;
  ack(
    commandId: string,
    status: 'success' | 'fail',
    detail?: string,
    options?: RequestOptions,
  ): Promise<void>;
  /** Ends its connection (MQTT); nothing to end over HTTP. */
  close?(): Promise<void>;
}

/** Concentrators speaking MQTT to the service's broker (the embedded one, or its MQTT_URL). */
export interface SimulatorMqtt {
  url: string;
  /** An external broker: MQTT 5, the key in each message (see MqttGatewayClient). */
  external?: boolean;
  /** The districts whose concentrators use MQTT (default: all); the others use HTTP. */
  districts?: readonly number[];
}

export interface CommandBehaviour {
  /** Share of commands never acknowledged (the server should time them out). Default 0. */
  noAnswer?: number;
  /** Share of commands acknowledged with 'fail' (the meter did not respond). Default 0. */
  fail?: number;
  /** Long-poll wait of the background command loop in live mode, seconds (default 10, at most 30). */
  waitSeconds?: number;
  /** Seed of these decisions (default: the fleet's seed). */
  seed?: number;
}

export interface SimulatorOptions {
  /** Service base URL, for the default transport (a GatewayClient per gateway). */
  baseUrl?: string;
  fetch?: typeof fetch;
  /** Retry tuning etc. for the default GatewayClient. */
  client?: Partial<Omit<GatewayClientOptions, 'baseUrl' | 'key' | 'fetch'>>;
  /** Concentrators over MQTT instead of HTTP (all, or some districts'). */
  mqtt?: SimulatorMqtt;
  /** Replaces the default transport (tests, in-process use). */
  transport?: (district: number, credentials: GatewayCredentials) => GatewayTransport;
  /** The clock (default: the real one). */
  now?: () => Date;
  /** A model to use (default: a new FleetModel of the fleet). */
  model?: FleetModel;
  bursts?: Burst[];
  /** Readings per batch at most (default 5000). */
  batchSize?: number;
  /** Batches in flight at once, over all gateways (default 2). */
  concurrency?: number;
  format?: BatchFormat;
  /**
   * Live mode only: readings come `speed` times as often (hourly meters every 60/speed minutes, daily meters every
   * 24/speed hours), with real timestamps. Backfill always uses the real cadence. Default 1, at most 1800.
   */
  speed?: number;
  faults?: FaultOptions;
  commands?: CommandBehaviour;
  /** Readings up to this time (per meter, or for all) count as sent. */
  since?: Date | ReadonlyMap<string, Date>;
  log?: (line: string) => void;
  /** Wait before re-sending a batch whose retries ran out (default 2 s, doubling up to 60 s). */
  resendDelayMs?: number;
}

export interface SendStats {
  batches: number;
  /** Readings sent (including fault duplicates; not counting resends of the same batch). */
  readings: number;
  accepted: number;
  duplicates: number;
  rejected: number;
  /** Batches the server refused for good (4xx); their readings are lost. */
  failedBatches: number;
}

export interface BackfillProgress extends SendStats {
  from: Date;
  to: Date;
  /** Readings up to here have been queued. */
  through: Date;
  /** 0-1. */
  fraction: number;
}

export interface CommandStats {
  received: number;
  succeeded: number;
  failed: number;
  unanswered: number;
  errors: number;
}

/** Cursors and valve histories, to resume after a restart without double-sending or losing closed valves. */
export interface SimulatorState {
  cursors: Record<string, string>;
  valves: Record<string, { at: string; state: 'open' | 'closed' }[]>;
}

interface Gateway {
  district: number;
  credentials: GatewayCredentials;
  transport: GatewayTransport;
  outbox: Outbox;
  meters: FleetMeter[];
  skewMs: number;
}

const emptyStats = (): SendStats => ({
  batches: 0,
  readings: 0,
  accepted: 0,
  duplicates: 0,
  rejected: 0,
  failedBatches: 0,
});

function addStats(into: SendStats, from: SendStats): void {
  into.batches += from.batches;
  into.readings += from.readings;
  into.accepted += from.accepted;
  into.duplicates += from.duplicates;
  into.rejected += from.rejected;
  into.failedBatches += from.failedBatches;
}

const round = (x: number, digits: number) => Math.round(x * 10 ** digits) / 10 ** digits;

/** Backfill queues readings in windows of this length. */
const BACKFILL_WINDOW_MS = 6 * HOUR_MS;

export class Simulator {
  readonly fleet: Fleet;
  readonly model: FleetModel;
  /** Totals since construction. */
  readonly totals: SendStats = emptyStats();
  readonly commandTotals: CommandStats = { received: 0, succeeded: 0, failed: 0, unanswered: 0, errors: 0 };
  /** Keys installed by keyUpdate commands, per meter. */
  readonly meterKeys = new Map<string, string>();

  private readonly gateways: Gateway[];
  private readonly now: () => Date;
  private readonly batchSize: number;
  private readonly concurrency: number;
  private readonly format: BatchFormat;
  private readonly speed: number;
  private readonly log: (line: string) => void;
  private readonly resendDelayMs: number;
  private readonly commandRng: Rng;
  private readonly commands: CommandBehaviour;
  /** Per meter: true time (ms) of the last reading queued. */
  private readonly cursors = new Map<string, number>();
  private readonly inflight = new Set<Promise<void>>();
  /** Live mode with speed != 1: the fast reading grid starts here. */
  private gridSwitchAt = Number.POSITIVE_INFINITY;
  private controller = new AbortController();
  private loops: Promise<void>[] = [];
  private running = false;

  constructor(
    fleet: Fleet,
    gateways: ReadonlyMap<number, GatewayCredentials>,
    options: SimulatorOptions = {},
  ) {
    this.fleet = fleet;
    const faults = options.faults ?? {};
    this.model = options.model ?? new FleetModel(fleet, { bursts: options.bursts ?? [] });
    if (options.model) for (const burst of options.bursts ?? []) this.model.addBurst(burst);
    for (const reset of faults.counterResets ?? []) this.model.addCounterReset(reset.meterNo, reset.at);
    this.now = options.now ?? (() => new Date());
    this.batchSize = Math.max(1, options.batchSize ?? 5000);
    this.concurrency = Math.max(1, options.concurrency ?? 2);
    this.format = options.format ?? 'json';
    this.speed = options.speed ?? 1;
    if (!(this.speed > 0 && this.speed <= 1800)) throw new Error('speed must be in (0, 1800]');
    this.log = options.log ?? (() => {});
    this.resendDelayMs = options.resendDelayMs ?? 2000;
    this.commands = options.commands ?? {};
    this.commandRng = new Rng((this.commands.seed ?? fleet.seed ^ 0x5bd1e995) >>> 0);
    const makeTransport =
      options.transport ??
      ((district: number, credentials: GatewayCredentials): GatewayTransport => {
        const mqtt = options.mqtt;
        if (mqtt && (mqtt.districts?.includes(district) ?? true)) {
          if (!credentials.gatewayId) throw new Error(`MQTT needs the gateway id of district ${district}`);
          return new MqttGatewayClient({
            url: mqtt.url,
            gatewayId: credentials.gatewayId,
            key: credentials.key,
            external: mqtt.external ?? false,
            onRetry: (info) =>
              this.log(
                `gateway ${district}: ${info.what} failed (${info.status ? `status ${info.status}` : 'no reply'}) over MQTT, retrying in ${(info.delayMs / 1000).toFixed(1)} s`,
              ),
          });
        }
        if (!options.baseUrl) throw new Error('Simulator needs baseUrl (or a transport)');
        return new GatewayClient({
          onRetry: (info) =>
            this.log(
              `gateway ${district}: ${info.what} failed (${info.status ? `HTTP ${info.status}` : describeError(info.error)}), retrying in ${(info.delayMs / 1000).toFixed(1)} s`,
            ),
          ...options.client,
          baseUrl: options.baseUrl,
          key: credentials.key,
          fetch: options.fetch,
        });
      });
    this.gateways = [];
    for (const [district, credentials] of gateways) {
      if (!fleet.districts[district])
        throw new Error(`a key was given for district ${district}, which does not exist`);
      const skew = faults.clockSkew?.find((s) => s.district === district)?.minutes ?? 0;
      this.gateways.push({
        district,
        credentials,
        transport: makeTransport(district, credentials),
        outbox: new Outbox(faults, district, this.batchSize, fleet.seed),
        meters: fleet.meters.filter((m) => m.district === district),
        skewMs: skew * MINUTE_MS,
      });
    }
    this.gateways.sort((a, b) => a.district - b.district);
    if (options.since) this.resume(options.since);
  }

  /** Readings up to `since` (for all meters, or per meter) count as sent. */
  resume(since: Date | ReadonlyMap<string, Date>): void {
    if (since instanceof Date) {
      for (const m of this.fleet.meters) this.cursors.set(m.meterNo, since.getTime());
    } else {
      for (const [meterNo, at] of since) this.cursors.set(meterNo, at.getTime());
    }
  }

  /**
   * Per meter, the time up to which its readings have all been delivered (or dropped on purpose by the gaps
   * fault): what a restart passes as `since`.
   */
  sentThrough(): Map<string, Date> {
    const owed = new Map<string, number>();
    for (const gateway of this.gateways) {
      for (const [meterNo, ms] of gateway.outbox.owed())
        owed.set(meterNo, Math.min(ms, owed.get(meterNo) ?? ms));
    }
    return new Map(
      [...this.cursors].map(([meterNo, ms]) => {
        const first = owed.get(meterNo);
        return [meterNo, new Date(first === undefined ? ms : Math.min(ms, first - 1))];
      }),
    );
  }

  /** Fault statistics per district. */
  faultStats(): Map<number, OutboxStats> {
    return new Map(this.gateways.map((g) => [g.district, { ...g.outbox.stats }]));
  }

  snapshot(): SimulatorState {
    const valves: SimulatorState['valves'] = {};
    for (const m of this.fleet.meters) {
      const history = this.model.valveHistory(m.meterNo);
      if (history.length > 0)
        valves[m.meterNo] = history.map((v) => ({ at: v.at.toISOString(), state: v.state }));
    }
    const cursors: Record<string, string> = {};
    for (const [meterNo, at] of this.sentThrough()) cursors[meterNo] = at.toISOString();
    return { cursors, valves };
  }

  restore(state: SimulatorState): void {
    for (const [meterNo, at] of Object.entries(state.cursors)) {
      if (this.fleet.meters.some((m) => m.meterNo === meterNo)) this.cursors.set(meterNo, Date.parse(at));
    }
    for (const [meterNo, history] of Object.entries(state.valves)) {
      for (const change of history) this.model.setValve(meterNo, change.state, new Date(change.at));
    }
  }

  /** A fault of one meter from `fault.start` on (a leak, a tamper, a dying battery, silence). */
  injectMeterFault(fault: MeterFault): void {
    this.model.addMeterFault(fault);
  }

  /** A main break from now on (or from `burst.start`): the district's inlet flow rises by `sizeM3h`. */
  injectBurst(burst: Burst): void {
    this.model.addBurst(burst);
  }

  /**
   * Sends the history (from, to] at full speed: hourly meters' readings of every hour, daily meters' uploads that
   * were due by `to` (24 hourly values each). Readings already sent (see `since`) are skipped.
   */
  async backfill(
    from: Date,
    to: Date,
    onProgress?: (progress: BackfillProgress) => void,
    options: { signal?: AbortSignal } = {},
  ): Promise<SendStats> {
    const stats = emptyStats();
    const fromMs = from.getTime();
    const toMs = to.getTime();
    for (const m of this.fleet.meters) {
      const cursor = this.cursors.get(m.meterNo);
      if (cursor === undefined || cursor < fromMs) this.cursors.set(m.meterNo, fromMs);
    }
    const { signal, dispose } = this.signal(options.signal);
    try {
      const report = (through: number) =>
        onProgress?.({
          ...stats,
          from,
          to,
          through: new Date(through),
          fraction: toMs > fromMs ? (through - fromMs) / (toMs - fromMs) : 1,
        });
      for (let windowStart = fromMs; windowStart < toMs; ) {
        const windowEnd = Math.min(toMs, windowStart + BACKFILL_WINDOW_MS);
        for (const gateway of this.gateways) {
          gateway.outbox.add(this.collect(gateway, windowEnd));
          for (const batch of gateway.outbox.take(false)) await this.submit(gateway, batch, stats, signal);
        }
        report(windowEnd);
        windowStart = windowEnd;
      }
      for (const gateway of this.gateways) {
        for (const batch of gateway.outbox.flush()) await this.submit(gateway, batch, stats, signal);
      }
      await this.drain();
      report(toMs);
      addStats(this.totals, stats);
      return stats;
    } finally {
      dispose();
    }
  }

  /** Sends whatever became due since the last tick (or `since`; the first tick without either covers a day). */
  async tick(now: Date = this.now(), options: { signal?: AbortSignal } = {}): Promise<SendStats> {
    const stats = emptyStats();
    const { signal, dispose } = this.signal(options.signal);
    try {
      const nowMs = now.getTime();
      for (const gateway of this.gateways) {
        gateway.outbox.add(this.collect(gateway, nowMs));
        for (const batch of gateway.outbox.take(true)) await this.submit(gateway, batch, stats, signal);
      }
      await this.drain();
      addStats(this.totals, stats);
      return stats;
    } finally {
      dispose();
    }
  }

  /** Sends everything the faults still hold back (carried readings, late batches). */
  async flush(options: { signal?: AbortSignal } = {}): Promise<SendStats> {
    const stats = emptyStats();
    const { signal, dispose } = this.signal(options.signal);
    try {
      for (const gateway of this.gateways) {
        for (const batch of gateway.outbox.flush()) await this.submit(gateway, batch, stats, signal);
      }
      await this.drain();
      addStats(this.totals, stats);
      return stats;
    } finally {
      dispose();
    }
  }

  /**
   * One round of command polling for every gateway (long poll of `waitSeconds`, default 1): valve commands are
   * applied to the model at the current time and acknowledged; errors are logged and counted, never thrown.
   */
  async pollAndAnswerCommands(
    waitSeconds = 1,
    options: { signal?: AbortSignal } = {},
  ): Promise<CommandStats> {
    const stats: CommandStats = { received: 0, succeeded: 0, failed: 0, unanswered: 0, errors: 0 };
    const { signal, dispose } = this.signal(options.signal);
    try {
      await Promise.all(
        this.gateways.map(async (gateway) => {
          try {
            await this.pollGateway(gateway, waitSeconds, stats, signal);
          } catch (error) {
            if (signal.aborted) return;
            stats.errors++;
            this.log(`gateway ${gateway.district}: command poll failed: ${describeError(error)}`);
          }
        }),
      );
      addCommandStats(this.commandTotals, stats);
      return stats;
    } finally {
      dispose();
    }
  }

  /** Live mode: a tick every `intervalMs` and a command long-poll loop per gateway, until `stop()`. */
  start(options: { intervalMs?: number } = {}): void {
    if (this.running) return;
    this.running = true;
    if (this.controller.signal.aborted) this.controller = new AbortController();
    const signal = this.controller.signal;
    if (this.speed !== 1 && this.gridSwitchAt === Number.POSITIVE_INFINITY)
      this.gridSwitchAt = this.now().getTime();
    const intervalMs = Math.max(250, options.intervalMs ?? Math.min(60_000, Math.round(60_000 / this.speed)));
    const wait = this.commands.waitSeconds ?? 10;
    this.loops = [
      (async () => {
        while (!signal.aborted) {
          try {
            const stats = await this.tick(this.now(), { signal });
            if (stats.batches > 0) {
              this.log(
                `live: ${stats.readings} readings in ${stats.batches} batches (accepted ${stats.accepted}, duplicates ${stats.duplicates}, rejected ${stats.rejected})`,
              );
            }
          } catch (error) {
            if (signal.aborted) break;
            this.log(`live: tick failed: ${describeError(error)}`);
          }
          await sleep(intervalMs, signal).catch(() => {});
        }
      })(),
      ...this.gateways.map(async (gateway) => {
        let backoff = 1000;
        while (!signal.aborted) {
          const stats: CommandStats = { received: 0, succeeded: 0, failed: 0, unanswered: 0, errors: 0 };
          const started = Date.now();
          try {
            await this.pollGateway(gateway, wait, stats, signal);
            backoff = 1000;
            // A server that answers at once (no long poll) is asked at most once a second.
            const elapsed = Date.now() - started;
            if (stats.received === 0 && elapsed < 1000) await sleep(1000 - elapsed, signal).catch(() => {});
          } catch (error) {
            if (signal.aborted) break;
            stats.errors++;
            this.log(`gateway ${gateway.district}: command poll failed: ${describeError(error)}`);
            await sleep(backoff, signal).catch(() => {});
            backoff = Math.min(30_000, backoff * 2);
          }
          addCommandStats(this.commandTotals, stats);
        }
      }),
    ];
  }

  /** Ends live mode and any send in progress (its readings are sent again by a later run, see `since`). */
  async stop(): Promise<void> {
    this.running = false;
    this.controller.abort(new Error('simulator stopped'));
    await Promise.allSettled([...this.loops, ...this.inflight]);
    this.loops = [];
    await Promise.allSettled(this.gateways.map((gateway) => gateway.transport.close?.()));
  }

  get isRunning(): boolean {
    return this.running;
  }

  // ---- readings ----

  /** The gateway's readings due by `until` and not queued yet, in upload order; advances the cursors. */
  private collect(gateway: Gateway, until: number): { reading: GatewayReading; trueMs: number }[] {
    const rows: { reading: GatewayReading; trueMs: number; order: number; meter: number }[] = [];
    gateway.meters.forEach((meter, index) => {
      const cursor = this.cursors.get(meter.meterNo) ?? until - DAY_MS;
      const limit = this.dueLimit(meter, until);
      if (limit <= cursor) return;
      const times = this.slotTimes(meter, cursor, limit);
      if (times.length === 0) return;
      for (const t of times) {
        if (this.model.silentAt(meter.meterNo, t)) continue;
        rows.push({
          reading: this.reading(gateway, meter, t),
          trueMs: t,
          order: this.uploadTime(meter, t),
          meter: index,
        });
      }
      this.cursors.set(meter.meterNo, times[times.length - 1]!);
    });
    rows.sort((a, b) => a.order - b.order || a.meter - b.meter || a.trueMs - b.trueMs);
    return rows;
  }

  /** The latest reading time of the meter that has been uploaded by `now`. */
  private dueLimit(meter: FleetMeter, now: number): number {
    if (meter.pattern === 'hourly') return now;
    const offsetMs = meter.uploadOffsetMinutes * MINUTE_MS;
    let limit = this.localMidnight(now - offsetMs);
    const sw = this.gridSwitchAt;
    if (now > sw) {
      const period = (24 * HOUR_MS) / this.speed;
      const t = now - offsetMs / this.speed;
      if (t >= sw + period) limit = Math.max(limit, sw + Math.floor((t - sw) / period) * period);
    }
    return limit;
  }

  /** When the reading taken at `t` is uploaded (to order readings as they would arrive). */
  private uploadTime(meter: FleetMeter, t: number): number {
    if (meter.pattern === 'hourly') return t;
    if (t > this.gridSwitchAt) {
      const period = (24 * HOUR_MS) / this.speed;
      const sw = this.gridSwitchAt;
      return (
        sw + Math.ceil((t - sw) / period) * period + (meter.uploadOffsetMinutes * MINUTE_MS) / this.speed
      );
    }
    return this.localMidnight(t - 1) + DAY_MS + meter.uploadOffsetMinutes * MINUTE_MS;
  }

  private localMidnight(t: number): number {
    const offset = this.model.offsets.offsetMinutes(t) * MINUTE_MS;
    return Math.floor((t + offset) / DAY_MS) * DAY_MS - offset;
  }

  /** Reading times of the meter in (lo, hi]: on the hour (+ the meter's offset), or on the fast live grid. */
  private slotTimes(meter: FleetMeter, lo: number, hi: number): number[] {
    const out: number[] = [];
    const hourly = meter.pattern === 'hourly';
    const sw = this.gridSwitchAt;
    const hiReal = Math.min(hi, sw);
    if (lo < hiReal) gridTimes(0, HOUR_MS, hourly ? meter.readOffsetSeconds * 1000 : 0, lo, hiReal, out);
    if (hi > sw) {
      const offset = hourly ? (meter.readOffsetSeconds * 1000) / this.speed : 0;
      gridTimes(sw, HOUR_MS / this.speed, offset, Math.max(lo, sw), hi, out);
    }
    return out;
  }

  private reading(gateway: Gateway, meter: FleetMeter, t: number): GatewayReading {
    const model = this.model;
    const stamped = t + gateway.skewMs;
    const reading: GatewayReading = {
      meterNo: meter.meterNo,
      ts: formatWithOffset(stamped, model.offsets.offsetMinutes(stamped)),
      total: round(model.counterAt(meter, t), 3),
    };
    if (meter.role === 'inlet') {
      reading.flow = round(model.inletFlow(meter.district, t), 3);
      reading.pressure = round(model.pressureAt(meter.district, t), 3);
      reading.pressure2 = round(model.outletPressureAt(meter.district, t), 3);
    }
    const battery = round(model.batteryAt(meter, t), 2);
    reading.battery = battery;
    reading.signal = model.signalAt(meter, t);
    if (meter.valveCapable) reading.valve = model.valveAt(meter.meterNo, t);
    if (meter.role === 'inlet') reading.temperature = round(model.waterTemperatureAt(t), 1);
    // The codes of the meter_alarm_type dictionary: 1 low battery, 2 magnetic tamper.
    const alarms = [];
    if (battery < 3.2) alarms.push('1');
    if (model.tamperedAt(meter.meterNo, t)) alarms.push('2');
    if (alarms.length > 0) reading.alarms = alarms;
    return reading;
  }

  // ---- sending ----

  /**
   * The signal of one backfill / tick / poll: the simulator's own (stop()) and the caller's. The returned dispose
   * detaches it again.
   */
  private signal(extra?: AbortSignal): { signal: AbortSignal; dispose: () => void } {
    if (this.controller.signal.aborted && !this.running) this.controller = new AbortController();
    if (!extra) return { signal: this.controller.signal, dispose: () => {} };
    return linkedSignal([extra, this.controller.signal]);
  }

  /** Starts sending a batch once fewer than `concurrency` are in flight. */
  private async submit(
    gateway: Gateway,
    batch: ReadingBatch,
    stats: SendStats,
    signal: AbortSignal,
  ): Promise<void> {
    while (this.inflight.size >= this.concurrency) await Promise.race(this.inflight);
    signal.throwIfAborted();
    const job = this.deliver(gateway, batch, stats, signal)
      .then((settled) => {
        if (settled) gateway.outbox.settle(batch.batchId);
      })
      .finally(() => this.inflight.delete(job));
    this.inflight.add(job);
  }

  private async drain(): Promise<void> {
    while (this.inflight.size > 0) await Promise.allSettled([...this.inflight]);
  }

  /**
   * Sends one batch until the server takes it or refuses it for good (true); transient failures never end this,
   * only an abort does (false: the batch is still owed).
   */
  private async deliver(
    gateway: Gateway,
    batch: ReadingBatch,
    stats: SendStats,
    signal: AbortSignal,
  ): Promise<boolean> {
    let delay = this.resendDelayMs;
    for (;;) {
      if (signal.aborted) return false;
      try {
        const answer = await gateway.transport.sendReadings(batch, { format: this.format, signal });
        stats.batches++;
        stats.readings += batch.readings.length;
        stats.accepted += answer.accepted;
        stats.duplicates += answer.duplicates;
        stats.rejected += answer.rejected.length;
        if (answer.rejected.length > 0) {
          const reasons = new Map<string, number>();
          for (const r of answer.rejected) reasons.set(r.reason, (reasons.get(r.reason) ?? 0) + 1);
          const first = answer.rejected[0]!;
          this.log(
            `gateway ${gateway.district}: batch ${batch.batchId}: ${answer.rejected.length} readings rejected (${[...reasons].map(([k, n]) => `${k} ${n}`).join(', ')}; first: meter ${first.meterNo})`,
          );
        }
        return true;
      } catch (error) {
        if (signal.aborted) return false;
        if (error instanceof GatewayError && !error.retryable) {
          if (error.status === 413 && batch.readings.length > 1) {
            const half = Math.ceil(batch.readings.length / 2);
            this.log(`gateway ${gateway.district}: batch too large (413), splitting it in two`);
            const first = { batchId: randomUUID(), readings: batch.readings.slice(0, half) };
            const second = { batchId: randomUUID(), readings: batch.readings.slice(half) };
            return (
              (await this.deliver(gateway, first, stats, signal)) &&
              (await this.deliver(gateway, second, stats, signal))
            );
          }
          stats.failedBatches++;
          this.log(`gateway ${gateway.district}: batch ${batch.batchId} refused, dropped: ${error.message}`);
          return true;
        }
        this.log(
          `gateway ${gateway.district}: batch ${batch.batchId} not delivered yet (${describeError(error)}); sending it again in ${(delay / 1000).toFixed(0)} s`,
        );
        await sleep(delay, signal).catch(() => {});
        delay = Math.min(60_000, delay * 2);
      }
    }
  }

  // ---- commands ----

  private async pollGateway(gateway: Gateway, waitSeconds: number, stats: CommandStats, signal: AbortSignal) {
    const commands = await gateway.transport.pollCommands(waitSeconds, { signal });
    for (const command of commands) await this.answer(gateway, command, stats, signal);
  }

  private async answer(gateway: Gateway, command: DownlinkCommand, stats: CommandStats, signal: AbortSignal) {
    stats.received++;
    // Two draws per command whatever happens, so one decision does not shift the next command's.
    const silent = this.commandRng.float() < (this.commands.noAnswer ?? 0);
    const failing = this.commandRng.float() < (this.commands.fail ?? 0);
    const label = `gateway ${gateway.district}: ${command.kind} ${command.commandId} for meter ${command.meterNo}`;
    if (silent) {
      stats.unanswered++;
      this.log(`${label}: no answer (simulated)`);
      return;
    }
    let status: 'success' | 'fail' = 'success';
    let detail: string | undefined;
    const meter = gateway.meters.find((m) => m.meterNo === command.meterNo);
    if (!meter) {
      status = 'fail';
      detail = 'meter not connected to this gateway';
    } else if (failing) {
      status = 'fail';
      detail = 'meter did not respond (simulated)';
    } else if (command.kind === 'keyUpdate') {
      if (command.key !== undefined) this.meterKeys.set(meter.meterNo, command.key);
    } else if (!meter.valveCapable) {
      status = 'fail';
      detail = 'meter has no valve';
    } else {
      const state = command.kind === 'valveClose' ? 'closed' : 'open';
      this.model.setValve(meter.meterNo, state, this.now());
    }
    try {
      await gateway.transport.ack(command.commandId, status, detail, { signal });
      if (status === 'success') stats.succeeded++;
      else stats.failed++;
      this.log(`${label}: ${status}${detail ? ` (${detail})` : ''}`);
    } catch (error) {
      if (signal.aborted) return;
      stats.errors++;
      this.log(`${label}: ack failed: ${describeError(error)}`);
    }
  }
}

/** Times anchor + k * step + offset (rounded to whole seconds) in (lo, hi]. */
function gridTimes(
  anchor: number,
  step: number,
  offset: number,
  lo: number,
  hi: number,
  out: number[],
): void {
  let k = Math.floor((lo - anchor - offset) / step);
  for (;;) {
    const t = Math.round((anchor + k * step + offset) / 1000) * 1000;
    k++;
    if (t <= lo) continue;
    if (t > hi) break;
    out.push(t);
  }
}

function addCommandStats(into: CommandStats, from: CommandStats): void {
  into.received += from.received;
  into.succeeded += from.succeeded;
  into.failed += from.failed;
  into.unanswered += from.unanswered;
  into.errors += from.errors;
}

export function describeError(error: unknown): string {
  if (error instanceof Error) return error.message;
  return String(error);
}
