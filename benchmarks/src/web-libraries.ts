// What part of the web app's first load is libraries: a second build with source maps (into a temporary
// folder; same chunk names, since a hash does not cover the map comment) splits every fetched script, by its
// map, into the npm packages and the app's own sources it came from. Stylesheets are all libraries' (the app
// imports only Mantine's and uPlot's). Each part is gzipped on its own, so the parts add up to a little less
// than the files as fetched.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { SourceMapConsumer } from 'source-map-js';
import { root } from '../../tests/e2e/support.ts';

/** The npm package a source path belongs to, or null for the app's own sources. */
function packageOf(source: string): string | null {
  const match = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(source);
  return match ? match[1]! : null;
}

export interface LibraryWeight {
  /** gzip KB per npm package, largest first */
  byPackage: [string, number][];
  libraries: number;
  app: number;
}

/** Splits the first load (`/assets/...` paths as fetched) into npm packages and the app's own code. */
export function libraryWeight(fetchedPaths: string[]): LibraryWeight {
  const outDir = mkdtempSync(join(tmpdir(), 'hydrolog-web-maps-'));
  try {
    execFileSync('npx', ['vite', 'build', '--sourcemap', '--outDir', outDir, '--emptyOutDir'], {
      cwd: join(root, 'apps/web'),
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    const parts = new Map<string, string[]>();
    const add = (key: string, text: string) => parts.set(key, [...(parts.get(key) ?? []), text]);
    for (const path of fetchedPaths.filter((p) => p.startsWith('/assets/'))) {
      const file = join(outDir, path);
      const code = readFileSync(file, 'utf8');
      if (path.endsWith('.css')) {
        add('stylesheets', code);
        continue;
      }
      if (!existsSync(`${file}.map`)) {
        add('app', code);
        continue;
      }
      const lines = code.split('\n');
      const mappings: { line: number; column: number; source: string | null }[] = [];
      new SourceMapConsumer(JSON.parse(readFileSync(`${file}.map`, 'utf8'))).eachMapping((m) =>
        mappings.push({ line: m.generatedLine, column: m.generatedColumn, source: m.source }),
      );
      mappings.forEach((m, i) => {
        const next = mappings[i + 1];
        const line = lines[m.line - 1] ?? '';
        const end = next && next.line === m.line ? next.column : line.length;
        add((m.source && packageOf(m.source)) ?? 'app', line.slice(m.column, end));
      });
    }
    const kb = (texts: string[]) => Math.round((gzipSync(texts.join('')).length / 1024) * 10) / 10;
    const byPackage = [...parts]
      .filter(([key]) => key !== 'app')
      .map(([key, texts]): [string, number] => [key, kb(texts)])
      .sort((a, b) => b[1] - a[1]);
    const libraries = Math.round(byPackage.reduce((sum, [, size]) => sum + size, 0) * 10) / 10;
    return { byPackage, libraries, app: kb(parts.get('app') ?? []) };
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
}
