// `npm start`: builds the web app when it has not been built yet, then runs the service.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureDependencies } from './ensure-deps.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
ensureDependencies();
const webIndex = join(process.env.HYDROLOG_WEB_DIR ?? join(root, 'apps/web/dist'), 'index.html');

if (!existsSync(webIndex)) {
  console.log('Building the web app (first start)...');
  const build = spawnSync('npm', ['run', 'build', '-w', '@hydrolog/web'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

// node --import tsx runs the TypeScript sources in this one child process, so signals reach the service itself.
const service = spawn(process.execPath, ['--import', 'tsx', join(root, 'apps/demo/src/main.ts')], {
  cwd: root,
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => service.kill(signal));
service.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
