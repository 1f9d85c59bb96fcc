// `npm run bench -- [name...] [--quick] [--engine pglite|postgres] [--readings <n>] [--meters <n>]
// [--points <n>] [--transport http|mqtt] [--format json|arrow] [--preload <n>]`: runs
// benchmarks; each prints one JSON line per engine. A benchmark that finds a regression sets a non-zero exit
// code after its line.
import { parseArgs } from 'node:util';
import type { Engine } from '@hydrolog/eventstore';
import { alarmsBench } from './alarms.ts';
import { billingBench } from './billing.ts';
import { daiadBench } from './daiad.ts';
import { detectionBench } from './detection.ts';
import { eventstoreBench } from './eventstore.ts';
import { historyImportBench } from './history-import.ts';
import { ingestBench } from './ingest.ts';
import { leakageBench } from './leakage.ts';
import { webBench } from './web.ts';

export interface BenchOptions {
  quick: boolean;
  /** only this engine (default: PGlite, and PostgreSQL when TEST_DATABASE_URL is set) */
  engine?: Engine | undefined;
  /** ingest, leakage, history-import: readings to send or load (overrides the mode's default) */
  readings?: number | undefined;
  /** ingest, history-import: meters the readings are spread over; alarms: meters evaluated; billing: accounts */
  meters?: number | undefined;
  /** leakage: metering points (default 1,000; more meters are added when they need them) */
  points?: number | undefined;
  /** ingest: how the gateway uploads (default http) */
  transport?: 'http' | 'mqtt' | undefined;
  /** ingest: what the gateway's uploads hold (default json) */
  format?: 'json' | 'arrow' | undefined;
  /** ingest: readings loaded by COPY into the readings table before the timed part (default none) */
  preload?: number | undefined;
}

const benches: Record<string, (options: BenchOptions) => Promise<void>> = {
  eventstore: eventstoreBench,
  ingest: ingestBench,
  daiad: daiadBench,
  leakage: leakageBench,
  'history-import': historyImportBench,
  detection: detectionBench,
  alarms: alarmsBench,
  billing: billingBench,
  web: webBench,
};

const { values, positionals } = parseArgs({
  args: process.argv.slice(2),
  allowPositionals: true,
  options: {
    quick: { type: 'boolean', default: false },
    engine: { type: 'string' },
    readings: { type: 'string' },
    meters: { type: 'string' },
    points: { type: 'string' },
    transport: { type: 'string' },
    format: { type: 'string' },
    preload: { type: 'string' },
  },
});

function count(name: string, value: string | undefined, least = 1): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value.replace(/_/g, ''));
  if (!Number.isInteger(n) || n < least) {
    console.error(`--${name} must be a whole number of at least ${least}, got ${value}`);
    process.exit(2);
  }
  return n;
}

if (values.engine !== undefined && values.engine !== 'pglite' && values.engine !== 'postgres') {
  console.error(`--engine must be pglite or postgres, got ${values.engine}`);
  process.exit(2);
}
if (values.transport !== undefined && values.transport !== 'http' && values.transport !== 'mqtt') {
  console.error(`--transport must be http or mqtt, got ${values.transport}`);
  process.exit(2);
}
if (values.format !== undefined && values.format !== 'json' && values.format !== 'arrow') {
  console.error(`--format must be json or arrow, got ${values.format}`);
  process.exit(2);
}
const options: BenchOptions = {
  quick: values.quick,
  engine: values.engine,
  readings: count('readings', values.readings),
  meters: count('meters', values.meters),
  points: count('points', values.points),
  transport: values.transport,
  format: values.format,
  preload: count('preload', values.preload, 0),
};
const names = positionals.length > 0 ? positionals : Object.keys(benches);
const unknown = names.filter((n) => !benches[n]);
if (unknown.length > 0) {
  console.error(`Unknown benchmark ${unknown.join(', ')}; known: ${Object.keys(benches).join(', ')}`);
  process.exit(2);
}
for (const name of names) await benches[name]!(options);
// Keep-alive sockets or timers of a closed service must not keep the process (and CI) waiting.
process.exit(process.exitCode ?? 0);
