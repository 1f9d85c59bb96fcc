import { defineConfig } from 'vitest/config';

// Browser and whole-service tests: real processes, real Chromium, one file at a time.
export default defineConfig({
  test: {
    root: new URL('..', import.meta.url).pathname,
    include: ['tests/e2e/**/*.e2e.test.ts'],
    testTimeout: 180_000,
    hookTimeout: 180_000,
    fileParallelism: false,
    // The demo seed runs once: each file's service starts from a copy of its data directory.
    globalSetup: ['tests/e2e/global-setup.ts'],
    // A loaded machine (shared cores) can take seconds to render after a request: poll up to 10 s.
    expect: { poll: { timeout: 10_000 } },
  },
});
