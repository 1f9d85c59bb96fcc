// Child process of the SIGKILL test: rebuilds (or resumes) the tenants projection, printing progress as JSON lines.
import { openDatabase, SqlEventStore } from '@hydrolog/eventstore';
import { ProjectionRunner, tenantsProjection } from '../src/index.ts';

const [mode, dataDir, url] = process.argv.slice(2);
const db = await openDatabase({ url: url || undefined, dataDir });
const store = await SqlEventStore.open(db);
const runner = new ProjectionRunner(db, store, [tenantsProjection], { batchSize: 25 });
await runner.start(); // resumes an interrupted rebuild of an inline projection
if (mode === 'rebuild') {
  await runner.rebuild('tenants', (p) => console.log(JSON.stringify({ applied: p.applied, total: p.total })));
}
const state = await runner.state('tenants');
console.log(JSON.stringify({ done: true, status: state.status }));
await db.close();
