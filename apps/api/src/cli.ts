import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { aggregates, fold } from '@hydrolog/domain';
import { csvLines, DatabaseTooNewError, DataDirectoryInUseError } from '@hydrolog/eventstore';
import {
  ARCHIVE_SCHEMA,
  detachPartitionsBefore,
  dropArchivedPartition,
  exportArchivedPartition,
  type RebuildProgress,
  readingsProjection,
} from '@hydrolog/projections';
import type { DomainEvent } from '@hydrolog/schemas';
import { loadConfig } from './config.ts';
import { openServices, type Services } from './services.ts';

const USAGE = `Hydrolog operator CLI (audit replay, archive)

  npm run hydrolog -- replay [--projection NAME] [--verify]
      Rebuild read models from the log (all, or one), with progress and a summary.
      --verify rebuilds into a shadow schema instead and compares table checksums with the live
      tables; live data is not touched. Exit code 1 when any checksum differs.

  npm run hydrolog -- history <stream> [--as-of TIMESTAMP]
      The stream's events, and its state folded as of the time (ISO 8601), e.g. tenant-<id>.

  npm run hydrolog -- detach-readings --before DATE [--export DIR [--drop]]
      Detach the month partitions of the readings and hourly volumes that end on or before the date into
      the schema ${ARCHIVE_SCHEMA} (out of every query); the log is not touched and replay brings them back.
      --export writes each as DIR/<partition>.csv; --drop then drops it. PostgreSQL and PGlite only
      (TimescaleDB's hypertables have their own chunk retention).

Uses the same configuration as the service (DATABASE_URL, HYDROLOG_DATA_DIR, EVENTSTORE_URL).`;

/** A progress bar on stderr, redrawn in place; the summary goes to stdout. */
function progressBar(label: string) {
  let last = 0;
  return (p: RebuildProgress) => {
    const now = Date.now();
    if (now - last < 100 && p.applied < p.total) return;
    last = now;
    const width = 30;
    const ratio = p.total > 0 ? Math.min(1, p.applied / p.total) : 1;
    const filled = Math.round(ratio * width);
    process.stderr.write(
      `\r${label} ${p.name.padEnd(16)} [${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${(ratio * 100).toFixed(0).padStart(3)}% ${p.applied}/${p.total} events`,
    );
  };
}

async function replay(
  services: Services,
  options: { projection?: string | undefined; verify: boolean },
): Promise<number> {
  const names = options.projection
    ? [services.runner.projection(options.projection).name]
    : services.runner.projections.map((p) => p.name);
  let failures = 0;
  const started = performance.now();
  let totalEvents = 0;
  for (const name of names) {
    const t0 = performance.now();
    if (options.verify) {
      const summary = await services.runner.verify(name, progressBar('verify '));
      const seconds = (performance.now() - t0) / 1000;
      process.stderr.write('\n');
      totalEvents += summary.events;
      console.log(
        `${name}: ${summary.events} events, ${rate(summary.events, seconds)} events/s, ${summary.equal ? 'EQUAL' : 'DIFFERENT'}`,
      );
      for (const t of summary.tables) {
        console.log(
          `  ${t.table.padEnd(24)} rows ${String(t.rows).padStart(8)}  live ${t.live}  replay ${t.shadow}  ${t.live === t.shadow ? 'equal' : 'DIFFERENT'}`,
        );
      }
      if (!summary.equal) failures++;
    } else {
      const summary = await services.runner.rebuild(name, progressBar('replay '));
      process.stderr.write('\n');
      totalEvents += summary.events;
      console.log(`${name}: ${summary.events} events, ${rate(summary.events, summary.seconds)} events/s`);
      for (const t of await services.runner.checksums(name)) {
        console.log(`  ${t.table.padEnd(24)} rows ${String(t.rows).padStart(8)}  checksum ${t.checksum}`);
      }
    }
  }
  const seconds = (performance.now() - started) / 1000;
  console.log(
    `\n${names.length} projection(s), ${totalEvents} events in ${seconds.toFixed(2)} s (${rate(totalEvents, seconds)} events/s)`,
  );
  if (options.verify)
    console.log(failures === 0 ? 'All checksums equal.' : `${failures} projection(s) differ from the log.`);
  return failures === 0 ? 0 : 1;
}

function rate(events: number, seconds: number): string {
  return seconds > 0 ? Math.round(events / seconds).toString() : String(events);
}

async function history(services: Services, stream: string, asOf: string | undefined): Promise<number> {
  const until = asOf === undefined ? undefined : new Date(asOf);
  if (until && Number.isNaN(until.getTime())) {
    console.error(`--as-of must be an ISO 8601 timestamp, got ${asOf}`);
    return 2;
  }
  const events = (await services.store.readStream(stream)).filter((e) => !until || e.recordedAt <= until);
  if (events.length === 0) {
    console.log(`${stream}: no events${until ? ` as of ${until.toISOString()}` : ''}`);
    return 0;
  }
  for (const e of events) {
    const who = e.metadata.userId ? ` by ${e.metadata.userId}` : '';
    console.log(
      `#${e.streamVersion} ${e.recordedAt.toISOString()} ${e.type}${who} (correlation ${e.metadata.correlationId})`,
    );
    console.log(`    ${JSON.stringify(e.data)}`);
  }
  const category = stream.slice(0, stream.indexOf('-'));
  const decider = aggregates[category];
  if (decider) {
    const state = fold(decider, events as unknown as DomainEvent[]);
    console.log(`\nState${until ? ` as of ${until.toISOString()}` : ''}:\n${JSON.stringify(state, null, 2)}`);
  } else {
    console.log(`\n(no aggregate is registered for streams of category "${category}")`);
  }
  return 0;
}

async function detachReadings(
  services: Services,
  options: { before: string | undefined; export: string | undefined; drop: boolean },
): Promise<number> {
  const before = new Date(options.before ?? '');
  if (Number.isNaN(before.getTime())) {
    console.error(`--before must be an ISO 8601 date, got ${options.before}`);
    return 2;
  }
  if (options.drop && !options.export) {
    console.error('--drop needs --export DIR: a partition is dropped only once written out');
    return 2;
  }
  const detached = await detachPartitionsBefore(services.db, readingsProjection, before);
  if (detached.length === 0)
    console.log(`No partition of the readings or their hours ends on or before ${before.toISOString()}.`);
  for (const { table, rows } of detached) {
    console.log(`detached ${table} (${rows} rows)`);
    if (!options.export) continue;
    await mkdir(options.export, { recursive: true });
    const file = join(options.export, `${table.slice(table.indexOf('.') + 1)}.csv`);
    const out = createWriteStream(file);
    const exported = await exportArchivedPartition(services.db, table, async (page) => {
      if (!out.write(csvLines(page))) await once(out, 'drain');
    });
    out.end();
    await once(out, 'finish');
    console.log(`  exported ${exported} rows to ${file}`);
    if (options.drop) {
      await dropArchivedPartition(services.db, table);
      console.log(`  dropped ${table}`);
    }
  }
  return 0;
}

async function main(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      projection: { type: 'string' },
      verify: { type: 'boolean', default: false },
      'as-of': { type: 'string' },
      before: { type: 'string' },
      export: { type: 'string' },
      drop: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  const [command, ...rest] = positionals;
  if (
    values.help ||
    !command ||
    !['replay', 'history', 'detach-readings'].includes(command) ||
    (command === 'history' && rest.length !== 1)
  ) {
    console.log(USAGE);
    return values.help ? 0 : 2;
  }
  const services = await openServices(loadConfig(), { follow: false });
  try {
    if (command === 'replay')
      return await replay(services, { projection: values.projection, verify: values.verify });
    if (command === 'detach-readings')
      return await detachReadings(services, {
        before: values.before,
        export: values.export,
        drop: values.drop,
      });
    return await history(services, rest[0]!, values['as-of']);
  } finally {
    await services.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error) => {
    const known = error instanceof DataDirectoryInUseError || error instanceof DatabaseTooNewError;
    console.error(`hydrolog: ${known ? error.message : (error?.stack ?? error)}`);
    process.exit(2);
  },
);
