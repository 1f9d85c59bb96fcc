import { openPglite } from '../src/db/pglite.ts';
import { SqlEventStore } from '../src/index.ts';
import { eventStoreContract } from './contract.ts';

eventStoreContract('PGlite', {
  open: async () => SqlEventStore.open(await openPglite()),
  concurrentTransactions: false,
});
