// vitest's global setup (vitest.config.ts): one directory per test run, where the run's processes share
// their database templates (testing.ts); the teardown removes it and the run's template databases.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { dropTemplateDatabases, TEMPLATES_DIR_VARIABLE } from './testing.ts';

export default function shareTemplates(): () => Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'hydrolog-templates-'));
  // The test processes start after the global setup and inherit its environment.
  process.env[TEMPLATES_DIR_VARIABLE] = dir;
  return async () => {
    const url = process.env.TEST_DATABASE_URL;
    if (url) await dropTemplateDatabases(url, dir);
    rmSync(dir, { recursive: true, force: true });
  };
}
