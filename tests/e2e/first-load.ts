import { get } from 'node:http';
import type { Browser } from 'playwright-core';
import { fillLogin } from './support.ts';

/**
 * The weight budget of the login page plus the dashboard, gzip, empty cache, in KB: what they weigh (402 KB)
 * and a little room. The libraries they carry weigh 303 KB of it (`npm run bench -- web`, `libraries_gzip_kb`):
 * React DOM, Mantine with its stylesheet, the router and i18next alone about 240 KB.
 */
export const FIRST_LOAD_BUDGET_KB = 420;

/** One file of the back office the browser fetched (API answers are data, not the app's weight). */
export interface FetchedFile {
  /** path and query */
  path: string;
  /** Content-Encoding the browser got */
  encoding: string | null;
  cacheControl: string | null;
  /** body bytes as the browser received them */
  transferred: number;
  /** body bytes when only gzip is accepted */
  gzip: number;
  /** body bytes uncompressed */
  raw: number;
}

export interface FirstLoad {
  files: FetchedFile[];
  gzip: number;
  transferred: number;
  raw: number;
}

/** The body's byte count for one Accept-Encoding, not decoded (fetch would decode it). */
function bodyBytes(url: string, acceptEncoding: string): Promise<number> {
  return new Promise((resolve, reject) => {
    get(url, { headers: { 'accept-encoding': acceptEncoding } }, (response) => {
      let bytes = 0;
      response.on('data', (chunk: Buffer) => {
        bytes += chunk.length;
      });
      response.on('end', () => resolve(bytes));
      response.on('error', reject);
    }).on('error', reject);
  });
}

/**
 * What a browser with an empty cache fetches to show the login page, sign in and show the dashboard: every
 * file of the app's own origin outside the API, with its size as transferred, with gzip only and raw.
 */
export async function measureFirstLoad(
  browser: Browser,
  baseUrl: string,
  { username, password, locale = 'en-US' }: { username: string; password: string; locale?: string },
): Promise<FirstLoad> {
  const context = await browser.newContext({ locale, viewport: { width: 1280, height: 800 } });
  try {
    const page = await context.newPage();
    const responses: import('playwright-core').Response[] = [];
    page.on('response', (response) => {
      const url = new URL(response.url());
      if (url.origin === baseUrl && !url.pathname.startsWith('/prod-api/')) responses.push(response);
    });
    await page.goto(`${baseUrl}/index`);
    await page.waitForURL(/\/login\?/);
    await fillLogin(page, username, password);
    await page.waitForURL('**/index');
    await page.getByTestId('dashboard-figures').waitFor();
    await page.waitForLoadState('networkidle');

    const unique = new Map(responses.filter((r) => r.status() === 200).map((r) => [r.url(), r]));
    const files = await Promise.all(
      [...unique.values()].map(async (response): Promise<FetchedFile> => {
        const url = new URL(response.url());
        const headers = await response.allHeaders();
        const [sizes, gzip, raw] = await Promise.all([
          response.request().sizes(),
          bodyBytes(url.href, 'gzip'),
          bodyBytes(url.href, 'identity'),
        ]);
        return {
          path: url.pathname + url.search,
          encoding: headers['content-encoding'] ?? null,
          cacheControl: headers['cache-control'] ?? null,
          transferred: sizes.responseBodySize,
          gzip,
          raw,
        };
      }),
    );
    const sum = (key: 'gzip' | 'transferred' | 'raw') => files.reduce((total, f) => total + f[key], 0);
    return { files, gzip: sum('gzip'), transferred: sum('transferred'), raw: sum('raw') };
  } finally {
    await context.close();
  }
}
