import { resolve } from 'node:path';

/** Every setting of the service, from the environment (the README's table lists them). */
export interface Config {
  port: number;
  host: string;
  /** PostgreSQL or TimescaleDB; without it the embedded PGlite keeps data in dataDir. */
  databaseUrl: string | undefined;
  dataDir: string;
  /** KurrentDB connection string: the log goes there, read models stay in the database. */
  eventStoreUrl: string | undefined;
  webDir: string;
  logLevel: string;
  seedDemo: boolean;
  /** The captcha parameter the demo seed writes at first start. */
  seedCaptcha: boolean;
}

const repoRoot = resolve(import.meta.dirname, '../../..');

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = Number(env.PORT ?? 3000);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new Error(`PORT must be a port number, got ${env.PORT}`);
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir: resolve(env.HYDROLOG_DATA_DIR ?? resolve(repoRoot, 'data')),
    eventStoreUrl: env.EVENTSTORE_URL || undefined,
    webDir: resolve(env.HYDROLOG_WEB_DIR ?? resolve(repoRoot, 'apps/web/dist')),
    logLevel: env.LOG_LEVEL ?? 'info',
    seedDemo: env.HYDROLOG_SEED !== '0',
    seedCaptcha: env.HYDROLOG_SEED_CAPTCHA !== 'false',
  };
}
