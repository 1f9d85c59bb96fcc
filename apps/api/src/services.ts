import {
  type Database,
  type EventStore,
  migrateEventStore,
  openDatabase,
  SqlEventStore,
} from '@hydrolog/eventstore';
import { allProjections, ProjectionRunner } from '@hydrolog/projections';
import type { Config } from './config.ts';

/** What routes and tools work with: the database of the read models, the log, the projections. */
export interface Services {
  db: Database;
  store: EventStore;
  runner: ProjectionRunner;
  close(): Promise<void>;
}

/**
 * Opens the database (PGlite in dataDir, or PostgreSQL), the log (in the same database, or KurrentDB)
 * and installs the projections. `follow` keeps async projections up to date in the background.
 */
export async function openServices(
  config: Pick<Config, 'databaseUrl' | 'dataDir' | 'eventStoreUrl'>,
  options: { follow: boolean },
): Promise<Services> {
  const db = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
  try {
    let store: EventStore;
    if (config.eventStoreUrl) {
      await migrateEventStore(db); // projection checkpoints live in the database even when the log does not
      // Loaded only when configured: the gRPC client is heavy and unused otherwise.
      const { KurrentEventStore } = await import('@hydrolog/eventstore/kurrent');
      store = await KurrentEventStore.connect(config.eventStoreUrl);
    } else {
      store = await SqlEventStore.open(db);
    }
    const runner = new ProjectionRunner(db, store, allProjections);
    await runner.start({ follow: options.follow });
    return {
      db,
      store,
      runner,
      async close() {
        await runner.stop();
        if (store.kind !== 'sql') await store.close();
        await db.close();
      },
    };
  } catch (error) {
    await db.close();
    throw error;
  }
}
