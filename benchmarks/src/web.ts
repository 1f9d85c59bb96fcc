// `npm run bench -- web`: the weight of the back office's first load (login page, sign-in, dashboard) in
// Debian's Chromium with an empty cache, against the service as it runs (apps/demo/src/main.ts serving
// apps/web/dist). The web app is built first when dist is missing or older than its sources. Baselines in the
// same run: the same files uncompressed, every script and stylesheet of the build (gzip): the whole app, of
// which the first load should be a small part, and (not with --quick) the first load split into the npm
// packages it carries and the app's own code (web-libraries.ts): the floor the libraries set.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { FIRST_LOAD_BUDGET_KB, measureFirstLoad } from '../../tests/e2e/first-load.ts';
import { launchChromium, root, startService } from '../../tests/e2e/support.ts';
import type { BenchOptions } from './run.ts';
import { libraryWeight } from './web-libraries.ts';

const WEB = join(root, 'apps/web');
const DIST = join(WEB, 'dist');
/** What the web build reads: its own sources and the workspace packages it bundles. */
const SOURCES = [
  'apps/web/src',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'apps/web/build-plugins',
].concat(['schemas/src', 'domain/src']);

function newestMtime(path: string): number {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(stat.mtimeMs, ...readdirSync(path).map((name) => newestMtime(join(path, name))));
}

function ensureBuilt(): void {
  const index = join(DIST, 'index.html');
  const sources = Math.max(...SOURCES.map((p) => newestMtime(join(root, p))));
  if (existsSync(index) && statSync(index).mtimeMs >= sources) return;
  console.error('web: building apps/web (dist is missing or older than its sources)');
  execFileSync('npm', ['run', 'build', '-w', '@hydrolog/web'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

/** gzip bytes of every script and stylesheet of the build (its .gz copy, else the file itself). */
function allAssetsGzip(): number {
  const assets = join(DIST, 'assets');
  return readdirSync(assets)
    .filter((name) => /\.(?:js|css)$/.test(name))
    .reduce((total, name) => {
      const gz = join(assets, `${name}.gz`);
      return total + statSync(existsSync(gz) ? gz : join(assets, name)).size;
    }, 0);
}

const kb = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;

export async function webBench({ quick }: BenchOptions): Promise<void> {
  ensureBuilt();
  const service = await startService({ HYDROLOG_SEED_CAPTCHA: 'false' });
  const browser = await launchChromium();
  try {
    const load = await measureFirstLoad(browser, service.url, {
      username: 'demo_admin',
      password: 'Demo1234',
    });
    const largest = load.files.reduce((a, b) => (b.gzip > a.gzip ? b : a));
    const weight = quick ? null : libraryWeight(load.files.map((f) => f.path));
    console.log(
      JSON.stringify({
        bench: 'web',
        first_load_gzip_kb: kb(load.gzip),
        largest_chunk_gzip_kb: kb(largest.gzip),
        largest_chunk: largest.path.replace(/^\/assets\//, ''),
        first_load_br_kb: kb(load.transferred),
        first_load_raw_kb: kb(load.raw),
        first_load_files: load.files.length,
        all_assets_gzip_kb: kb(allAssetsGzip()),
        ...(weight && {
          libraries_gzip_kb: weight.libraries,
          app_gzip_kb: weight.app,
          libraries: Object.fromEntries(weight.byPackage.filter(([, size]) => size >= 1)),
        }),
        limit_kb: FIRST_LOAD_BUDGET_KB,
      }),
    );
    if (load.gzip > FIRST_LOAD_BUDGET_KB * 1024) process.exitCode = 1;
  } finally {
    await browser.close();
    await service.stop();
  }
}
