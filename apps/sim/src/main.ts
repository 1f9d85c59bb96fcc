/**
 * CLI: tsx apps/sim/src/main.ts --url http://127.0.0.1:3000 --keys keys.json [--backfill-days 60] [--live]
 *      [--faults duplicates,late,...] — see --help.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { gatewayKeyMap } from './demo.ts';
import { FAULT_NAMES, type FaultOptions, parseFaultSpec } from './faults.ts';
import { demoFleet } from './fleet.ts';
import { parseMeterFault } from './model.ts';
import { describeError, Simulator, type SimulatorState } from './simulator.ts';
import { DAY_MS } from './time.ts';

/** The service's embedded MQTT broker's default port (MQTT_PORT). */
const DEFAULT_MQTT_PORT = 1884;

const USAGE = `Hydrolog meter fleet and gateway simulator

  tsx apps/sim/src/main.ts --url <base url> --keys <keys.json> [options]
  tsx apps/sim/src/main.ts --print-fleet          the demo fleet as JSON (meters, districts, gateways)

  --url <url>              service base URL, e.g. http://127.0.0.1:3000
  --keys <file>            { "gateways": [ { "district": 0, "gatewayId": "...", "key": "..." } ] }
  --backfill-days <n>      send the last n days first (default 60; 0: none)
  --since <iso>            send history after this time instead of --backfill-days
  --live                   then keep reporting in real time and answer downlink commands (Ctrl-C stops)
  --speed <n>              live mode: report n times as often (default 1)
  --interval-ms <n>        live mode: tick interval (default 60000 / speed)
  --faults <list>          comma list of ${FAULT_NAMES.join(', ')}; each may take a value:
                           duplicates=0.02 outOfOrder=0.05 late=0.05 gaps=0.01 (shares),
                           counterReset=<meterNo>@<iso> (default: one meter per district in the backfill),
                           clockSkew=<district>:<minutes> (default 0:-15)
  --no-answer <p>          share of downlink commands left unanswered (default 0)
  --fail <p>               share of downlink commands answered 'fail' (default 0)
  --burst <d>:<m3/h>[@iso] a main break in district d from the given time (default: now)
  --meter-fault <kind>:<meterNo>[:<m3/h>][@iso]
                           a fault of one meter from the given time (default: now): leak (a household
                           leak of m3/h, default 0.03), tamper, battery (dying) or silent (stops reporting)
  --format json|ndjson     upload format (default json)
  --transport http|mqtt    how the concentrators talk to the service (default http)
  --mqtt-url <url>         with --transport mqtt: the broker (default: the service's embedded one,
                           mqtt://<host of --url>:1884)
  --mqtt-external          the broker is the service's MQTT_URL: MQTT 5, the key in each message
  --concurrency <n>        batches in flight (default 2)
  --batch-size <n>         readings per batch (default 5000)
  --state <file>           remember sent readings and valve states across runs
`;

function fail(message: string): never {
  console.error(`sim: ${message}`);
  process.exit(2);
}

function number(value: string | undefined, name: string, fallback: number): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isFinite(n) || n < 0) fail(`--${name} needs a non-negative number`);
  return n;
}

function date(value: string, what: string): Date {
  const d = new Date(value);
  if (Number.isNaN(d.getTime())) fail(`${what}: not a date: ${value}`);
  return d;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      url: { type: 'string' },
      keys: { type: 'string' },
      'backfill-days': { type: 'string' },
      since: { type: 'string' },
      live: { type: 'boolean', default: false },
      speed: { type: 'string' },
      'interval-ms': { type: 'string' },
      faults: { type: 'string' },
      'no-answer': { type: 'string' },
      fail: { type: 'string' },
      burst: { type: 'string', multiple: true },
      'meter-fault': { type: 'string', multiple: true },
      format: { type: 'string' },
      transport: { type: 'string' },
      'mqtt-url': { type: 'string' },
      'mqtt-external': { type: 'boolean', default: false },
      concurrency: { type: 'string' },
      'batch-size': { type: 'string' },
      state: { type: 'string' },
      'print-fleet': { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (values.help) {
    console.log(USAGE);
    return;
  }
  const fleet = demoFleet();
  if (values['print-fleet']) {
    console.log(JSON.stringify(fleet, null, 2));
    return;
  }
  if (!values.url || !values.keys) fail(`--url and --keys are required\n\n${USAGE}`);
  let keys: ReturnType<typeof gatewayKeyMap>;
  try {
    keys = gatewayKeyMap(JSON.parse(readFileSync(values.keys, 'utf8')));
  } catch (error) {
    fail(`cannot read ${values.keys}: ${describeError(error)}`);
  }
  const format = values.format ?? 'json';
  if (format !== 'json' && format !== 'ndjson') fail('--format json|ndjson');
  const transport = values.transport ?? 'http';
  if (transport !== 'http' && transport !== 'mqtt') fail('--transport http|mqtt');
  const mqtt =
    transport === 'mqtt'
      ? {
          url: values['mqtt-url'] ?? `mqtt://${new URL(values.url).hostname}:${DEFAULT_MQTT_PORT}`,
          external: values['mqtt-external'],
        }
      : undefined;

  const now = new Date();
  const days = number(values['backfill-days'], 'backfill-days', 60);
  const from = values.since ? date(values.since, '--since') : new Date(now.getTime() - days * DAY_MS);
  let faults: FaultOptions = {};
  try {
    if (values.faults) faults = parseFaultSpec(values.faults, fleet, { from, to: now });
  } catch (error) {
    fail(describeError(error));
  }
  const log = (line: string) => console.log(`${new Date().toISOString()} ${line}`);
  const simulator = new Simulator(fleet, keys, {
    baseUrl: values.url,
    faults,
    commands: { noAnswer: number(values['no-answer'], 'no-answer', 0), fail: number(values.fail, 'fail', 0) },
    speed: number(values.speed, 'speed', 1) || 1,
    format,
    ...(mqtt ? { mqtt } : {}),
    concurrency: number(values.concurrency, 'concurrency', 2) || 1,
    batchSize: number(values['batch-size'], 'batch-size', 5000) || 1,
    log,
  });
  for (const burst of values.burst ?? []) {
    const match = /^(\d+):([\d.]+)(?:@(.+))?$/.exec(burst);
    if (!match) fail('--burst <district>:<m3/h>[@<iso>]');
    simulator.injectBurst({
      district: Number(match[1]),
      sizeM3h: Number(match[2]),
      start: match[3] ? date(match[3], '--burst') : now,
    });
  }
  for (const spec of values['meter-fault'] ?? []) {
    const fault = parseMeterFault(spec, now);
    if (!fault) fail('--meter-fault <leak|tamper|battery|silent>:<meterNo>[:<m3/h>][@<iso>]');
    if (!fleet.meters.some((m) => m.meterNo === fault.meterNo))
      fail(`--meter-fault: no meter ${fault.meterNo}`);
    simulator.injectMeterFault(fault);
  }
  if (values.state && existsSync(values.state)) {
    simulator.restore(JSON.parse(readFileSync(values.state, 'utf8')) as SimulatorState);
    log(`resumed from ${values.state}`);
  }
  const saveState = () => {
    if (values.state) writeFileSync(values.state, `${JSON.stringify(simulator.snapshot())}\n`);
  };
  for (const reset of faults.counterResets ?? [])
    log(`fault: counter of ${reset.meterNo} resets at ${reset.at.toISOString()}`);
  for (const skew of faults.clockSkew ?? [])
    log(`fault: gateway ${skew.district} clock off by ${skew.minutes} min`);

  const controller = new AbortController();
  let interrupted = false;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      interrupted = true;
      log('stopping...');
      controller.abort();
    });
  }

  if (from < now) {
    log(
      `backfill: ${fleet.meters.length} meters, ${keys.size} gateways, ${from.toISOString()} .. ${now.toISOString()}`,
    );
    const started = performance.now();
    let next = 0.05;
    try {
      const stats = await simulator.backfill(
        from,
        now,
        (p) => {
          if (p.fraction >= next && p.fraction < 1) {
            log(
              `backfill ${Math.round(p.fraction * 100)}% (through ${p.through.toISOString()}): ${p.readings} readings, ${p.batches} batches, accepted ${p.accepted}, duplicates ${p.duplicates}, rejected ${p.rejected}`,
            );
            next = Math.floor(p.fraction * 20) / 20 + 0.05;
          }
        },
        { signal: controller.signal },
      );
      log(
        `backfill done in ${((performance.now() - started) / 1000).toFixed(1)} s: ${stats.readings} readings in ${stats.batches} batches, accepted ${stats.accepted}, duplicates ${stats.duplicates}, rejected ${stats.rejected}, refused batches ${stats.failedBatches}`,
      );
    } catch (error) {
      if (!interrupted) throw error;
    }
    saveState();
  }
  if (values.live && !interrupted) {
    simulator.start({
      intervalMs: values['interval-ms'] ? number(values['interval-ms'], 'interval-ms', 60_000) : undefined,
    });
    log(`live: ${keys.size} gateways reporting; Ctrl-C stops`);
    const timer = setInterval(saveState, 60_000);
    await new Promise<void>((resolve) =>
      controller.signal.addEventListener('abort', () => resolve(), { once: true }),
    );
    clearInterval(timer);
    await simulator.stop();
    saveState();
    const c = simulator.commandTotals;
    log(
      `stopped: ${simulator.totals.readings} readings sent in total; commands received ${c.received}, success ${c.succeeded}, fail ${c.failed}, unanswered ${c.unanswered}`,
    );
  } else if (!values.live && from >= now) {
    fail('nothing to do: give --backfill-days, --since or --live');
  }
}

main().catch((error: unknown) => {
  console.error(`sim: ${describeError(error)}`);
  process.exit(1);
});
