import { defineConfig } from 'vitest/config';

// One run for every package: unit tests (*.test.ts) and database tests (*.int.test.ts).
// Browser tests (*.e2e.test.ts) run separately with `npm run test:e2e`.
export default defineConfig({
  test: {
    include: ['**/*.test.ts', '**/*.test.tsx'],
    exclude: ['**/node_modules/**', '**/dist/**', '**/*.e2e.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // The run's database templates (migrated, seeded), built once and copied for each test.
    globalSetup: ['eventstore/src/testing-run.ts'],
  },
});
