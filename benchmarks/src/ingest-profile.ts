// Where an upload's time goes, stage by stage (a tool, not a benchmark of the suite):
//   npx tsx benchmarks/src/ingest-profile.ts [--engine pglite|postgres] [--readings n] [--meters n] [--batch n]
// PostgreSQL needs TEST_DATABASE_URL. Stages run one after the other with the projection idle, so each
// is measured alone: JSON.parse, zod, event validation, the upload over HTTP (its SQL statements), the
// same work through ReadingIngest.receive without HTTP, and the readings projection's catch-up (its SQL).

import { parseArgs } from 'node:util';
import type { Services } from '@hydrolog/api';
import { type Database, type NewEvent, type Sql, SqlEventStore, validateEvent } from '@hydrolog/eventstore';
import { openTemporaryPostgres, testEngines } from '@hydrolog/eventstore/testing';
import { decodeReadingBatch, ReadingIngest } from '@hydrolog/ingest';
import { allProjections, ProjectionRunner } from '@hydrolog/projections';
import { readingBatchSchema, uuidv7 } from '@hydrolog/schemas';
import { upload } from './gateway-load.ts';
import { listen, registerFleet } from './service.ts';

const HOUR_MS = 3_600_000;
const BATCH = 1000;

/** The slowest daily rollup statement and its parameters, for --explain. */
let lastDaily: { text: string; params: unknown[] | undefined; ms: number } | undefined;

interface Stat {
  calls: number;
  ms: number;
}

/** The database with every statement timed, by its first words. */
function timed(db: Database, stats: Map<string, Stat>): Database {
  const wrap = (sql: Sql): Sql => ({
    async query(text, params) {
      const started = performance.now();
      try {
        return await sql.query(text, params);
      } finally {
        const ms = performance.now() - started;
        if (text.includes('INSERT INTO meter_daily') && ms > (lastDaily?.ms ?? -1))
          lastDaily = { text, params, ms };
        const key = text.replace(/\s+/g, ' ').trim().slice(0, 90);
        const stat = stats.get(key) ?? { calls: 0, ms: 0 };
        stat.calls++;
        stat.ms += performance.now() - started;
        stats.set(key, stat);
      }
    },
  });
  const outer = wrap(db);
  return {
    engine: db.engine,
    query: outer.query,
    transaction: (fn) => db.transaction((sql) => fn(wrap(sql))),
    exec: (script) => db.exec(script),
    listen: (channel, onNotify) => db.listen(channel, onNotify),
    copyRows: (table, columns, rows) => db.copyRows(table, columns, rows),
    close: () => db.close(),
  };
}

function report(title: string, totalMs: number, readings: number, stats: Map<string, Stat>): void {
  const sqlMs = [...stats.values()].reduce((sum, s) => sum + s.ms, 0);
  console.log(
    `\n${title}: ${totalMs.toFixed(0)} ms for ${readings} readings = ${((totalMs / readings) * 1000).toFixed(1)} µs/reading ` +
      `(${Math.round((readings / totalMs) * 1000)} readings/s); SQL ${sqlMs.toFixed(0)} ms`,
  );
  for (const [key, s] of [...stats].sort((a, b) => b[1].ms - a[1].ms).slice(0, 14)) {
    console.log(
      `  ${s.ms.toFixed(0).padStart(7)} ms ${String(s.calls).padStart(6)}x ${(s.ms / s.calls).toFixed(2).padStart(8)} ms/call  ${key}`,
    );
  }
  stats.clear();
}

const { values } = parseArgs({
  options: {
    engine: { type: 'string', default: 'postgres' },
    readings: { type: 'string', default: '20000' },
    meters: { type: 'string', default: '1000' },
    explain: { type: 'boolean', default: false },
    // events a projection batch holds at most (the runner's own limit when not given)
    batch: { type: 'string' },
  },
});
const readings = Number(values.readings);
const meters = Number(values.meters);
const url = process.env.TEST_DATABASE_URL;
if (values.engine === 'postgres' && !url) throw new Error('TEST_DATABASE_URL is needed for PostgreSQL');
const raw = values.engine === 'postgres' ? await openTemporaryPostgres(url!) : await testEngines()[0]!.open();
const stats = new Map<string, Stat>();
const db = timed(raw, stats);
const store = await SqlEventStore.open(db);
const batchSize = values.batch === undefined ? undefined : Number(values.batch);
const batches = batchSize === undefined ? "the runner's batches" : `batches of ${batchSize} events`;
const runner = new ProjectionRunner(db, store, allProjections, { batchSize });
await runner.start(); // no follow: the projection runs only when asked
const services: Services = {
  db,
  store,
  runner,
  async close() {
    await runner.stop();
    await db.close();
  },
};
const hours = Math.ceil(readings / meters);
const service = await listen(services, { horizonDays: hours / 24 + 400, maxBacklog: 1_000_000_000 });
try {
  const meterNos = Array.from({ length: meters }, (_, i) => String(200_000 + i));
  const fleet = await registerFleet(services, { name: 'Profile', timeZone: 'Europe/Madrid', meterNos });
  const firstHour = Math.floor(Date.now() / HOUR_MS) * HOUR_MS - hours * HOUR_MS;
  const bodies: string[] = [];
  for (let i = 0; i < readings; i += BATCH) {
    const batch = [];
    for (let k = i; k < Math.min(readings, i + BATCH); k++) {
      const h = Math.floor(k / meters);
      batch.push({
        meterNo: meterNos[k % meters]!,
        ts: new Date(firstHour + h * HOUR_MS).toISOString(),
        total: Math.round(h * 5 + (k % meters)) / 1000,
      });
    }
    bodies.push(JSON.stringify({ batchId: uuidv7(), readings: batch }));
  }
  console.log(
    `${values.engine}: ${readings} readings, ${meters} meters, ${bodies.length} uploads of ${BATCH} ` +
      `(${Math.min(meters, BATCH) > 0 ? Math.ceil(BATCH / Math.min(meters, BATCH)) : 0} readings per meter per upload)`,
  );

  // 1. Decoding, without HTTP.
  let t = performance.now();
  const parsed = bodies.map((b) => JSON.parse(b));
  const parseMs = performance.now() - t;
  t = performance.now();
  for (const p of parsed) readingBatchSchema.parse(p);
  const zodMs = performance.now() - t;
  t = performance.now();
  for (const b of bodies) decodeReadingBatch('json', Buffer.from(b), undefined);
  const decodeMs = performance.now() - t;
  // The readings event an upload becomes, validated as the store validates it before appending.
  const events: NewEvent[] = parsed.map((p: { readings: { meterNo: string; ts: string }[] }) => {
    const byMeter = new Map<string, { ts: string; total: number }[]>();
    for (const r of p.readings) {
      const meterId = fleet.meterIds.get(r.meterNo)!;
      byMeter.set(meterId, [...(byMeter.get(meterId) ?? []), { ts: new Date(r.ts).toISOString(), total: 1 }]);
    }
    return {
      id: uuidv7(),
      type: 'ReadingsReported',
      data: {
        batchId: uuidv7(),
        gatewayId: fleet.gatewayId,
        meters: [...byMeter].map(([meterId, readings]) => ({ meterId, readings })),
      },
      metadata: { tenantId: fleet.tenantId, correlationId: uuidv7() },
    };
  });
  t = performance.now();
  for (const e of events) validateEvent(e);
  const validateMs = performance.now() - t;
  const per = (ms: number) => `${ms.toFixed(0)} ms (${((ms / readings) * 1000).toFixed(2)} µs/reading)`;
  console.log(
    `\ndecode alone: JSON.parse ${per(parseMs)}, zod readingBatchSchema ${per(zodMs)}, decodeReadingBatch ${per(decodeMs)}; ` +
      `validateEvent of ${events.length} ReadingsReported events (one per upload) ${per(validateMs)}`,
  );

  // 2. Half of the uploads over HTTP, one at a time.
  const half = Math.floor(bodies.length / 2);
  stats.clear();
  t = performance.now();
  for (const body of bodies.slice(0, half)) await upload(service.url, fleet.gatewayKey, body);
  report('HTTP uploads, one at a time, projection idle', performance.now() - t, half * BATCH, stats);

  // 3. The other half through ReadingIngest.receive: the same work without HTTP and decoding.
  const ingest = new ReadingIngest(db, store, { horizonDays: hours / 24 + 400 });
  const gateway = { gatewayId: fleet.gatewayId, tenantId: fleet.tenantId };
  t = performance.now();
  for (const p of parsed.slice(half)) await ingest.receive(gateway, readingBatchSchema.parse(p));
  report('ReadingIngest.receive, no HTTP', performance.now() - t, (bodies.length - half) * BATCH, stats);

  // 4. The readings projection catching up on all of it.
  t = performance.now();
  await runner.catchUp('readings');
  report(`readings projection catch-up (${batches})`, performance.now() - t, readings, stats);

  // 5. The plan of the last daily rollup statement (rolled back).
  if (values.explain && lastDaily) {
    const { text, params } = lastDaily;
    await raw
      .transaction(async (sql) => {
        const { rows } = await sql.query<Record<string, string>>(
          `EXPLAIN (ANALYZE, BUFFERS) ${text}`,
          params,
        );
        console.log(`\n${rows.map((r) => Object.values(r)[0]).join('\n')}`);
        throw new Error('rollback');
      })
      .catch(() => {});
  }
} finally {
  await service.close();
}
process.exit(0);
