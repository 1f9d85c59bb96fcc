// Child process of the atomic-change SIGKILL test: the service on a database prepared by the test, which logs in
// (as the demo administrator unless told otherwise), makes one change over HTTP and halts (printing where) at
// the point it is told: `before` the append that writes the change's first stream, `inside` its transaction,
// or `after` it returned.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../src/app.ts';
import { openServices } from '../src/services.ts';
import { ACCOUNTS, injectAs, login } from './support.ts';

export type KillPoint = 'before' | 'inside' | 'after';
/** The change to make: who makes it, the request, and the stream its append writes (the point's landmark). */
export interface KillScenario {
  point: KillPoint;
  as?: keyof typeof ACCOUNTS;
  stream: string;
  method: 'POST' | 'PUT';
  url: string;
  payload: object;
}

const [dataDir, url, scenarioJson] = process.argv.slice(2);
const scenario = JSON.parse(scenarioJson!) as KillScenario;
const services = await openServices(
  { databaseUrl: url || undefined, dataDir: dataDir!, eventStoreUrl: undefined },
  { follow: false },
);
const app = await buildApp(services, {
  logLevel: 'silent',
  uploadsDir: mkdtempSync(join(tmpdir(), 'hydrolog-uploads-')),
});
const [username, password] = ACCOUNTS[scenario.as ?? 'demoAdmin'];
const caller = injectAs(app, await login(app, username, password));

let armed = false;
/** Says where the process stands and waits there for the SIGKILL. */
const halt = (point: KillPoint) => {
  console.log(JSON.stringify({ at: point }));
  return new Promise<never>(() => {});
};
const { store } = services;
const appendMany = store.appendMany.bind(store);
store.appendMany = async (requests) => {
  const target = armed && requests.some((r) => r.stream === scenario.stream);
  if (target && scenario.point === 'before') await halt('before');
  const results = await appendMany(requests);
  if (target && scenario.point === 'after') await halt('after');
  return results;
};
// Append hooks run inside the append's transaction (the inline projections').
store.onAppend(async (events) => {
  if (armed && scenario.point === 'inside' && events.some((e) => e.stream === scenario.stream))
    await halt('inside');
});

armed = true;
const res = await caller({ method: scenario.method, url: scenario.url, payload: scenario.payload });
// Not halted: the change never reached its append (the test fails on this line).
console.log(JSON.stringify({ done: res.statusCode, body: res.json() }));
await app.close();
await services.close();
