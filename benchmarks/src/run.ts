// `npm run bench -- [name...] [--quick]`: runs benchmarks; each prints one JSON line per engine.
import { parseArgs } from 'node:util';
import { eventstoreBench } from './eventstore.ts';

export interface BenchOptions {
  quick: boolean;
}

const benches: Record<string, (options: BenchOptions) => Promise<void>> = {
  eventstore: eventstoreBench,
};

const { values, positionals } = parseArgs({
  args: process.argv.slice(2),
  allowPositionals: true,
  options: { quick: { type: 'boolean', default: false } },
});
const names = positionals.length > 0 ? positionals : Object.keys(benches);
const unknown = names.filter((n) => !benches[n]);
if (unknown.length > 0) {
  console.error(`Unknown benchmark ${unknown.join(', ')}; known: ${Object.keys(benches).join(', ')}`);
  process.exit(2);
}
for (const name of names) await benches[name]!({ quick: values.quick });
