import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiLogin } from './api-login.ts';
import { fleetBackfilled } from './support.ts';
import { browserTestBed } from './test-bed.ts';

/**
 * The pages of the menus that show no table: dashboards, the map, a meter's history (once one is chosen)
 * and the feeds of cards (the notice centre, one's own work orders). Every other page shows its table, or
 * says it is not built yet.
 */
const WITHOUT_TABLE = new Set([
  '/tenant/dashboard',
  '/report/history',
  '/cascade/gis',
  '/message/noticeCenter',
  '/workOrder/mine',
]);

interface RouterNode {
  path: string;
  component: string;
  meta: { link: string | null };
  children?: RouterNode[];
}

/** The paths of the pages in a user's menu tree. */
function pagePaths(nodes: RouterNode[], parent = ''): string[] {
  return nodes.flatMap((node) => {
    const path = node.path.startsWith('/') ? node.path : `${parent}/${node.path}`;
    if (node.children?.length) return pagePaths(node.children, path);
    return node.component === 'Layout' || node.meta.link ? [] : [path];
  });
}

/**
 * What is wrong with the tables on the page: cells of a row that overlap one another (a column under the
 * sticky actions column) and texts cut short (a badge or a cell shown as "L…").
 */
function tableDefects(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    // A table in a tab not opened yet is measured when its tab is.
    for (const table of document.querySelectorAll<HTMLTableElement>('table[data-testid]')) {
      if (!table.checkVisibility()) continue;
      const name = table.dataset.testid;
      const rows = [...table.querySelectorAll('tr')].slice(0, 6);
      for (const row of rows) {
        const cells = [...row.children] as HTMLElement[];
        if (cells.length < 2) continue;
        cells.slice(1).forEach((cell, i) => {
          const before = cells[i] as HTMLElement;
          if (before.getBoundingClientRect().right > cell.getBoundingClientRect().left + 1)
            found.push(`${name}: "${before.innerText.trim()}" lies under "${cell.innerText.trim()}"`);
        });
        for (const element of row.querySelectorAll<HTMLElement>('*')) {
          const style = getComputedStyle(element);
          if (style.textOverflow === 'ellipsis' && element.scrollWidth > element.clientWidth + 1)
            found.push(`${name}: "${element.innerText.trim()}" is cut short`);
        }
      }
    }
    return found;
  });
}

/**
 * The list pages in the longest languages: French has the longest texts overall, Indonesian some of the
 * longest badges (Terbuka, Tertutup, Luring). Each user's walk takes one of them, so both are covered in
 * the time of one walk each.
 */
describe('the list pages in the longest languages', () => {
  // With the simulated fleet, so that the lists have rows: meters, accounts and valves with their badges.
  const bed = browserTestBed({ HYDROLOG_SIMULATE: '1' });
  beforeAll(async () => {
    await fleetBackfilled(bed.url, await apiLogin(bed.url, 'demo_admin', 'Demo1234'));
  }, 480_000);

  /**
   * Signs in and visits every page of the user's menu, collecting the tables' defects at each width; a
   * page that should show a table and does not, or whose list cannot load, is a defect too.
   */
  async function walk(username: string, password: string, locale: string) {
    const defects: string[] = [];
    let tables = 0;
    const context = await bed.browser.newContext({ locale, viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    await bed.signIn(page, username, password);
    const answer = await fetch(`${bed.url}/prod-api/system/menu/getRouters`, {
      headers: await apiLogin(bed.url, username, password),
    });
    const routers: RouterNode[] = (await answer.json()).data;
    for (const path of pagePaths(routers)) {
      if (WITHOUT_TABLE.has(path)) continue;
      await page.setViewportSize({ width: 1440, height: 900 });
      await page.goto(bed.url + path);
      // A page not built yet says so; any other shows its table.
      const shown = await page
        .locator('table[data-testid], [data-testid="placeholder"]')
        .first()
        .waitFor({ timeout: 15_000 })
        .then(
          () => page.locator('table[data-testid]').count(),
          () => null,
        );
      if (shown === null) {
        defects.push(`${path}: no table`);
        continue;
      }
      if (shown === 0) continue;
      tables += shown;
      // Measured once the rows (or the empty row) replaced the skeleton.
      const loaded = await page
        .waitForFunction(() =>
          [...document.querySelectorAll('table[data-testid]')].every(
            (table) => !table.checkVisibility() || !table.querySelector('.mantine-Skeleton-root'),
          ),
        )
        .then(
          () => true,
          () => false,
        );
      if (!loaded) {
        defects.push(`${path}: still loading after 30 s`);
        continue;
      }
      if ((await page.locator('table[data-testid] [data-testid$="-failed"]').count()) > 0)
        defects.push(`${path}: the list could not be loaded`);
      for (const width of [1440, 1280]) {
        await page.setViewportSize({ width, height: 900 });
        for (const defect of await tableDefects(page)) defects.push(`${width} px ${path}: ${defect}`);
      }
    }
    await context.close();
    return { defects, tables };
  }

  it('shows every column of every table beside the others, and no text cut short, as a tenant administrator in Indonesian', async () => {
    const { defects, tables } = await walk('demo_admin', 'Demo1234', 'id-ID');
    expect(tables).toBeGreaterThan(15);
    expect(defects).toEqual([]);
  }, 600_000);

  it('shows every column of every table beside the others, and no text cut short, as a platform operator in French', async () => {
    const { defects, tables } = await walk('admin', 'Admin123', 'fr-FR');
    expect(tables).toBeGreaterThan(10);
    expect(defects).toEqual([]);
  }, 600_000);
});
