import { closeSync, existsSync, openSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { openPglite, pgliteDatabase } from './db/pglite.ts';
import { openPostgres } from './db/postgres.ts';
import type { Database, Engine } from './db/types.ts';

/**
 * A database state many tests start from (migrated, seeded): built once per test run and engine, then
 * copied for each test, which costs a fraction of building it again.
 */
export interface DatabaseTemplate {
  /** One name for one content: lower-case letters, digits and dashes. */
  name: string;
  /** Brings an empty database to the state; it leaves the database open (the template closes it). */
  build(db: Database): Promise<void>;
}

/** A database engine the test suites run on: PGlite always, PostgreSQL when TEST_DATABASE_URL is set. */
export interface TestEngine {
  engine: Engine;
  /** Opens an empty database of its own; closing it removes it. */
  open(): Promise<Database>;
  /** Opens a database of its own holding a copy of the template's state; closing it removes it. */
  openCopy(template: DatabaseTemplate): Promise<Database>;
}

export function testEngines(): TestEngine[] {
  const engines: TestEngine[] = [
    {
      engine: 'pglite',
      open: async () => openPglite(undefined, { loadDataDir: await emptyPglite() }),
      openCopy: async (template) => openPglite(undefined, { loadDataDir: await pgliteTemplate(template) }),
    },
  ];
  const url = process.env.TEST_DATABASE_URL;
  if (url)
    engines.push({
      engine: 'postgres',
      open: () => openTemporaryPostgres(url),
      openCopy: async (template) => openTemporaryPostgres(url, await postgresTemplate(url, template)),
    });
  return engines;
}

let empty: Promise<Blob> | undefined;

/** A dump of a new PGlite database, made once per process: loading it is much faster than initdb. */
function emptyPglite(): Promise<Blob> {
  empty ??= (async () => {
    const db = await PGlite.create();
    const dump = await db.dumpDataDir('none');
    await db.close();
    return dump;
  })();
  return empty;
}

/**
 * The variable naming the directory where the processes of one test run share their templates, set by the
 * run's global setup (testing-run.ts); its name also names the run's PostgreSQL template databases.
 */
export const TEMPLATES_DIR_VARIABLE = 'HYDROLOG_TEST_TEMPLATES';

/** The prefix of the template databases of the run that shares `dir`. */
export function templateDatabasePrefix(dir: string): string {
  const run = basename(dir)
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');
  return `${run}_`;
}

function templatesDir(): string {
  const dir = process.env[TEMPLATES_DIR_VARIABLE];
  if (!dir)
    throw new Error(`Database templates need ${TEMPLATES_DIR_VARIABLE}: run the tests with vitest.config.ts`);
  return dir;
}

const built = new Map<string, Promise<Buffer>>();

/**
 * What `make` produces, made by one process of the run: the first to ask makes it and keeps it in `file`,
 * the others wait for that file.
 */
function onceForTheRun(file: string, make: () => Promise<Uint8Array>): Promise<Buffer> {
  let result = built.get(file);
  if (!result) {
    result = (async () => {
      if (existsSync(file)) return readFileSync(file);
      try {
        closeSync(openSync(`${file}.lock`, 'wx'));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
        return waitForFile(file);
      }
      try {
        const content = Buffer.from(await make());
        writeFileSync(`${file}.part`, content);
        renameSync(`${file}.part`, file);
        return content;
      } catch (error) {
        writeFileSync(`${file}.failed`, String((error as Error).stack ?? error));
        throw error;
      }
    })();
    built.set(file, result);
  }
  return result;
}

async function waitForFile(file: string): Promise<Buffer> {
  for (;;) {
    if (existsSync(file)) return readFileSync(file);
    if (existsSync(`${file}.failed`))
      throw new Error(`Another process failed to build ${file}:\n${readFileSync(`${file}.failed`, 'utf8')}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

function checkName(template: DatabaseTemplate): string {
  if (!/^[a-z0-9-]+$/.test(template.name)) throw new Error(`Bad template name ${template.name}`);
  return template.name;
}

/** The template's PGlite dump. */
async function pgliteTemplate(template: DatabaseTemplate): Promise<Blob> {
  const dump = await onceForTheRun(join(templatesDir(), `${checkName(template)}.pglite.tar`), async () => {
    const instance = await PGlite.create({ loadDataDir: await emptyPglite() });
    try {
      await template.build(pgliteDatabase(instance));
      return new Uint8Array(await (await instance.dumpDataDir('none')).arrayBuffer());
    } finally {
      await instance.close();
    }
  });
  return new Blob([dump]);
}

/** The name of the template's database on the server of `url`. */
async function postgresTemplate(url: string, template: DatabaseTemplate): Promise<string> {
  const dir = templatesDir();
  const name = `${templateDatabasePrefix(dir)}${checkName(template).replace(/-/g, '_')}`;
  await onceForTheRun(join(dir, `${template.name}.postgres`), async () => {
    await adminQuery(url, `CREATE DATABASE ${name}`);
    const db = await openPostgres(databaseUrl(url, name));
    try {
      await template.build(db);
    } finally {
      // Copying a database needs it without connections.
      await db.close();
    }
    return Buffer.from(name);
  });
  return name;
}

/** Drops the template databases of the run that shared `dir`. */
export async function dropTemplateDatabases(url: string, dir: string): Promise<void> {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    const { rows } = await admin.query<{ datname: string }>(
      'SELECT datname FROM pg_database WHERE starts_with(datname, $1)',
      [templateDatabasePrefix(dir)],
    );
    for (const { datname } of rows) await admin.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
  } finally {
    await admin.end();
  }
}

function databaseUrl(url: string, database: string): string {
  const target = new URL(url);
  target.pathname = `/${database}`;
  return target.toString();
}

async function adminQuery(url: string, statement: string): Promise<void> {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}

/**
 * Creates a fresh database (a copy of `template` when given) on the server of `url` and drops it on close,
 * so test files never share state.
 */
export async function openTemporaryPostgres(url: string, template?: string): Promise<Database> {
  const name = `hydrolog_test_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  await adminQuery(url, `CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
  const db = await openPostgres(databaseUrl(url, name));
  return {
    ...db,
    async close() {
      await db.close();
      await adminQuery(url, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}
