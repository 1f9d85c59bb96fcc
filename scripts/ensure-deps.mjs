// Installs the locked dependencies when they are missing, so `npm start` and `npm test` work on a fresh clone.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export function ensureDependencies() {
  const root = join(dirname(fileURLToPath(import.meta.url)), '..');
  if (existsSync(join(root, 'node_modules/.package-lock.json'))) return;
  console.log('Installing dependencies (npm ci, first run)...');
  const install = spawnSync('npm', ['ci', '--no-audit', '--no-fund'], { cwd: root, stdio: 'inherit' });
  if (install.status !== 0) process.exit(install.status ?? 1);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) ensureDependencies();
