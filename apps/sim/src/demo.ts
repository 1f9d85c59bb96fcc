/** Running the demo fleet against a Hydrolog service: keys, then backfill and live mode that never give up. */
import { DEFAULT_INGEST_HORIZON_DAYS } from '@hydrolog/schemas';
import type { FaultOptions } from './faults.ts';
import { demoFleet, type Fleet } from './fleet.ts';
import type { BatchFormat } from './gateway-client.ts';
import type { MeterFault } from './model.ts';
import {
  type CommandBehaviour,
  describeError,
  type GatewayCredentials,
  Simulator,
  type SimulatorMqtt,
  type SimulatorOptions,
} from './simulator.ts';
import { DAY_MS, HOUR_MS } from './time.ts';

/**
 * The faults the demo shows as open alarms: on the first hourly households of the first district without
 * a leak of their own, a household leak for the last day and a half, a meter tampered with since yesterday,
 * a battery dying for three days and a meter silent for the last eight hours.
 */
export function demoMeterFaults(fleet: Fleet, now: Date): MeterFault[] {
  const [leak, tamper, battery, silent] = fleet.meters.filter(
    (m) =>
      m.role === 'household' && m.district === 0 && m.pattern === 'hourly' && m.leakM3h === 0 && !m.vacant,
  );
  const ago = (hours: number) => new Date(now.getTime() - hours * HOUR_MS);
  const faults: MeterFault[] = [];
  if (leak) faults.push({ kind: 'leak', meterNo: leak.meterNo, start: ago(36), sizeM3h: 0.03 });
  if (tamper) faults.push({ kind: 'tamper', meterNo: tamper.meterNo, start: ago(20) });
  if (battery) faults.push({ kind: 'battery', meterNo: battery.meterNo, start: ago(72) });
  if (silent) faults.push({ kind: 'silent', meterNo: silent.meterNo, start: ago(8) });
  return faults;
}

export interface GatewayKeyEntry {
  district: number;
  gatewayId?: string;
  key: string;
}

/** Gateway keys per district: a list, the keys file's `{ gateways: [...] }`, or a map. */
export type GatewayKeys =
  | readonly GatewayKeyEntry[]
  | { gateways: readonly GatewayKeyEntry[] }
  | ReadonlyMap<number, GatewayCredentials>;

/** Validates and normalises gateway keys (e.g. the parsed keys file). */
export function gatewayKeyMap(keys: GatewayKeys | unknown): Map<number, GatewayCredentials> {
  if (keys instanceof Map) return new Map(keys as ReadonlyMap<number, GatewayCredentials>);
  const list = Array.isArray(keys) ? keys : (keys as { gateways?: unknown } | null)?.gateways;
  if (!Array.isArray(list)) throw new Error('gateway keys: expected { "gateways": [{ "district", "key" }] }');
  const map = new Map<number, GatewayCredentials>();
  list.forEach((entry: unknown, i) => {
    const e = entry as Partial<GatewayKeyEntry> | null;
    if (!e || !Number.isInteger(e.district) || (e.district as number) < 0) {
      throw new Error(`gateway keys: entry ${i} needs a district (0, 1, ...)`);
    }
    if (typeof e.key !== 'string' || e.key === '') throw new Error(`gateway keys: entry ${i} needs a key`);
    if (e.gatewayId !== undefined && typeof e.gatewayId !== 'string') {
      throw new Error(`gateway keys: entry ${i}: gatewayId must be a string`);
    }
    if (map.has(e.district as number))
      throw new Error(`gateway keys: district ${e.district} is listed twice`);
    map.set(
      e.district as number,
      e.gatewayId === undefined ? { key: e.key } : { gatewayId: e.gatewayId, key: e.key },
    );
  });
  return map;
}

export interface RunDemoFleetOptions {
  baseUrl: string;
  keys: GatewayKeys;
  /** History to send when `since` is not given (default 60 days). */
  backfillDays?: number;
  /** The last reading the service already has: for all meters, or per meter number. */
  since?: Date | ReadonlyMap<string, Date>;
  /** Stops the simulator; runDemoFleet resolves once it has stopped. */
  signal?: AbortSignal;
  log?: (line: string) => void;
  fleet?: Fleet;
  faults?: FaultOptions;
  commands?: CommandBehaviour;
  /** Live mode cadence multiplier (default 1: real time). */
  speed?: number;
  /** Live mode tick interval (default 60 s / speed). */
  intervalMs?: number;
  format?: BatchFormat;
  /** Concentrators over MQTT (all, or some districts'). */
  mqtt?: SimulatorMqtt;
  concurrency?: number;
  now?: () => Date;
  fetch?: typeof fetch;
  /** Called with the simulator before the backfill starts (to inject bursts, read stats, ...). */
  onSimulator?: (simulator: Simulator) => void;
  /** Called once the history is sent, before going live (the demo bills the months it covers). */
  onBackfilled?: () => Promise<void>;
  /** Passed on to the Simulator (tests). */
  simulator?: Partial<SimulatorOptions>;
}

/**
 * The demo fleet for `npm start`: sends the history since the last reading the service knows of (`since`, or
 * `backfillDays` days), then goes live until `signal` aborts. Transient server errors are logged and retried, never
 * thrown; the promise resolves when the simulator has stopped (so start it without awaiting).
 */
export async function runDemoFleet(options: RunDemoFleetOptions): Promise<void> {
  const log = options.log ?? ((line: string) => console.log(`[sim] ${line}`));
  const now = options.now ?? (() => new Date());
  const fleet = options.fleet ?? demoFleet();
  const keys = gatewayKeyMap(options.keys);
  const simulator = new Simulator(fleet, keys, {
    baseUrl: options.baseUrl,
    fetch: options.fetch,
    now,
    faults: options.faults,
    commands: options.commands,
    speed: options.speed,
    format: options.format,
    ...(options.mqtt ? { mqtt: options.mqtt } : {}),
    concurrency: options.concurrency,
    log,
    ...options.simulator,
  });
  options.onSimulator?.(simulator);
  const signal = options.signal;
  if (signal?.aborted) return;

  const nowMs = now().getTime();
  const oldest = nowMs - (DEFAULT_INGEST_HORIZON_DAYS - 1) * DAY_MS;
  const fallback = nowMs - (options.backfillDays ?? 60) * DAY_MS;
  const since = new Map<string, Date>();
  for (const meter of fleet.meters) {
    if (keys.has(meter.district)) {
      const known = options.since instanceof Date ? options.since : options.since?.get(meter.meterNo);
      since.set(meter.meterNo, new Date(Math.max(oldest, known?.getTime() ?? fallback)));
    }
  }
  simulator.resume(since);
  const from = Math.min(nowMs, ...[...since.values()].map((d) => d.getTime()));

  const stopped = new Promise<void>((resolve) => {
    if (!signal) return;
    signal.addEventListener('abort', () => resolve(), { once: true });
  });

  if (from < nowMs) {
    log(
      `backfill of ${fleet.meters.length} meters in ${keys.size} gateways from ${new Date(from).toISOString()} to ${new Date(nowMs).toISOString()}`,
    );
    let nextReport = 0.1;
    const started = Date.now();
    try {
      const stats = await simulator.backfill(
        new Date(from),
        new Date(nowMs),
        (p) => {
          if (p.fraction >= nextReport && p.fraction < 1) {
            log(
              `backfill ${Math.floor(p.fraction * 100)}%: ${p.readings} readings in ${p.batches} batches sent`,
            );
            nextReport = Math.floor(p.fraction * 10) / 10 + 0.1;
          }
        },
        { signal },
      );
      log(
        `backfill done in ${((Date.now() - started) / 1000).toFixed(1)} s: ${stats.readings} readings in ${stats.batches} batches (accepted ${stats.accepted}, duplicates ${stats.duplicates}, rejected ${stats.rejected}, refused batches ${stats.failedBatches})`,
      );
    } catch (error) {
      if (signal?.aborted) return;
      log(`backfill stopped by an unexpected error, going live anyway: ${describeError(error)}`);
    }
  }
  if (signal?.aborted) return;
  await options
    .onBackfilled?.()
    .catch((error: unknown) => log(`after the backfill: ${describeError(error)}`));

  simulator.start({ intervalMs: options.intervalMs });
  log(
    `live: ${keys.size} gateways reporting${(options.speed ?? 1) !== 1 ? ` at ${options.speed}x cadence` : ''}`,
  );
  await stopped;
  await simulator.stop();
  log('stopped');
}
