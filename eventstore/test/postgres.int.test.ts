import { SqlEventStore } from '../src/index.ts';
import { openTemporaryPostgres } from '../src/testing.ts';
import { eventStoreContract } from './contract.ts';

// The PostgreSQL lane: CI sets TEST_DATABASE_URL; each test gets a database of its own.
const url = process.env.TEST_DATABASE_URL;
if (url) {
  eventStoreContract('PostgreSQL', {
    open: async () => SqlEventStore.open(await openTemporaryPostgres(url)),
    concurrentTransactions: true,
  });
} else {
  console.info('PostgreSQL lane not run: TEST_DATABASE_URL is not set');
}
