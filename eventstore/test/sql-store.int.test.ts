import { SqlEventStore } from '../src/index.ts';
import { testEngines } from '../src/testing.ts';
import { eventStoreContract } from './contract.ts';

// PGlite always; PostgreSQL when TEST_DATABASE_URL is set (CI sets it), each test on a database of its own.
for (const { engine, open } of testEngines()) {
  eventStoreContract(engine === 'pglite' ? 'PGlite' : 'PostgreSQL', {
    open: async () => SqlEventStore.open(await open()),
    // PGlite is one session: its transactions take turns.
    concurrentTransactions: engine === 'postgres',
  });
}
