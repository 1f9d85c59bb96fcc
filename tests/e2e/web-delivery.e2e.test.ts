import { describe, expect, it } from 'vitest';
import { FIRST_LOAD_BUDGET_KB, type FirstLoad, measureFirstLoad } from './first-load.ts';
import { browserTestBed } from './test-bed.ts';

/** A catalogue chunk is named after its module: en-<hash>.js, zh-CN-<hash>.js, ... */
const catalogue = (language: string) => new RegExp(`^/assets/${language}-[\\w-]{8}\\.js$`);
const catalogues = (load: FirstLoad) =>
  ['en', 'fr', 'id', 'zh-CN'].filter((l) => load.files.some((f) => catalogue(l).test(f.path)));

describe('delivery of the back office to a browser', () => {
  const bed = browserTestBed();
  const admin = { username: 'demo_admin', password: 'Demo1234' };

  it('loads the login page and the dashboard within the budget, compressed and cached for good', async () => {
    const load = await measureFirstLoad(bed.browser, bed.url, admin);
    const scripts = load.files.filter((f) => /\.(?:js|css)$/.test(f.path));
    expect(scripts.length).toBeGreaterThan(1);
    expect(load.gzip).toBeLessThanOrEqual(FIRST_LOAD_BUDGET_KB * 1024);
    // Chromium accepts brotli: every script and stylesheet comes precompressed, smaller than gzip.
    for (const file of scripts.filter((f) => f.raw >= 1024)) {
      expect(file.encoding, file.path).toBe('br');
      expect(file.transferred, file.path).toBeLessThan(file.gzip);
      expect(file.gzip, file.path).toBeLessThan(file.raw);
    }
    for (const file of scripts)
      expect(file.cacheControl, file.path).toBe('public, max-age=31536000, immutable');
    const page = load.files.find((f) => f.path === '/index');
    expect(page?.cacheControl).toBe('no-cache');
    // Other pages and the map (deck.gl) stay out of the first load.
    expect(load.files.some((f) => /\/(?:Users|Meters|CascadeGis|deckgl)-/.test(f.path))).toBe(false);
    expect(catalogues(load)).toEqual(['en']);
  });

  it.each([
    ['fr-FR', 'fr', 'Connexion à Hydrolog'],
    ['zh-CN', 'zh-CN', '登录 Hydrolog'],
  ])('fetches only the catalogue of a %s browser, before anything shows', async (locale, language, title) => {
    const load = await measureFirstLoad(bed.browser, bed.url, { ...admin, locale });
    expect(catalogues(load)).toEqual([language]);
    const context = await bed.browser.newContext({ locale });
    // Records whether a message key (not its text) was ever on screen while the page came up.
    await context.addInitScript(() => {
      const seen = () => /\blogin\.\w+/.test(document.body?.innerText ?? '');
      new MutationObserver(() => {
        if (seen()) Object.assign(window, { keyShown: true });
      }).observe(document, { subtree: true, childList: true, characterData: true });
    });
    const page = await context.newPage();
    await page.goto(`${bed.url}/login`);
    await expect.poll(() => page.getByText(title).count()).toBeGreaterThan(0);
    expect(await page.evaluate(() => 'keyShown' in window)).toBe(false);
    await context.close();
  });
});
