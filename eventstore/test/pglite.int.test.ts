import { SqlEventStore } from '../src/index.ts';
import { testEngines } from '../src/testing.ts';
import { eventStoreContract } from './contract.ts';

const pglite = testEngines().find((e) => e.engine === 'pglite')!;
eventStoreContract('PGlite', {
  open: async () => SqlEventStore.open(await pglite.open()),
  concurrentTransactions: false,
});
