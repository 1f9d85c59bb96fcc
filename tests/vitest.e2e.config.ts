import { defineConfig } from 'vitest/config';

// Browser and whole-service tests: real processes, real Chromium, one file at a time.
export default defineConfig({
  test: {
    root: new URL('..', import.meta.url).pathname,
    include: ['tests/e2e/**/*.e2e.test.ts'],
    testTimeout: 180_000,
    hookTimeout: 180_000,
    fileParallelism: false,
  },
});
