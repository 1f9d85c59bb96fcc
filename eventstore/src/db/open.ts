import { openPglite } from './pglite.ts';
import { openPostgres } from './postgres.ts';
import type { Database } from './types.ts';

export interface DatabaseConfig {
  /** PostgreSQL connection URL; without it the embedded PGlite is used. */
  url?: string | undefined;
  /** PGlite data directory; without it PGlite keeps everything in memory. */
  dataDir?: string | undefined;
}

export function openDatabase(config: DatabaseConfig): Promise<Database> {
  return config.url ? openPostgres(config.url) : openPglite(config.dataDir);
}
