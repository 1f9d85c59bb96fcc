import { expect, it } from 'vitest';
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
  if (engine === 'postgres')
    it('runs PostgreSQL queries without JIT compilation, in transactions and out of them', async () => {
      const db = await open();
      try {
        const jit = async (sql: Pick<typeof db, 'query'>) =>
          (await sql.query<{ jit: string }>('SHOW jit')).rows[0]?.jit;
        expect(await jit(db)).toBe('off');
        expect(await db.transaction(jit)).toBe('off');
      } finally {
        await db.close();
      }
    });
}
