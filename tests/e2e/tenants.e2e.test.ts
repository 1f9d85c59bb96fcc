import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiLogin } from './api-login.ts';
import { fillLogin, outputDir } from './support.ts';
import { browserTestBed } from './test-bed.ts';

describe('tenants in the browser', () => {
  const bed = browserTestBed();
  let page: Page;
  beforeAll(async () => {
    const context = await bed.browser.newContext({ locale: 'en-US', viewport: { width: 1280, height: 800 } });
    page = await context.newPage();
  });

  it('signs the platform operator in; the tenant data dashboard shows the service status', async () => {
    await page.goto(bed.url);
    await page.waitForURL('**/login?redirect=*');
    await fillLogin(page, 'admin', 'Admin123');
    await page.waitForURL('**/index');
    await page.goto(`${bed.url}/tenant/dashboard`);
    await expect.poll(() => page.getByTestId('engine').textContent()).toBe('pglite');
    await page.goto(`${bed.url}/index`);
    await page.screenshot({ path: join(outputDir, 'home-en.png') });
  });

  it('validates in the browser, then creates and renames a tenant', async () => {
    await page.getByTestId('sidebar').getByRole('button', { name: 'Tenants' }).click();
    await page.getByTestId('sidebar').getByRole('link', { name: 'Tenant list' }).click();
    await page.waitForURL('**/tenant/list');
    await expect.poll(() => page.getByRole('row').filter({ hasText: 'Demo Water Utility' }).count()).toBe(1);

    await page.getByRole('button', { name: 'New tenant' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => dialog.getByText('Required').count()).toBe(1);

    await dialog.getByRole('textbox', { name: /^Name/ }).fill('Aqua Nova Utility');
    await dialog.getByRole('switch', { name: 'Trial' }).check({ force: true });
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    const row = page.getByRole('row').filter({ hasText: 'Aqua Nova Utility' });
    await expect.poll(() => row.count()).toBe(1);
    await expect.poll(() => row.getByText('180 days left').count()).toBe(1);
    await page.screenshot({ path: join(outputDir, 'tenants-en.png') });

    await row.getByRole('button', { name: 'Edit tenant Aqua Nova Utility' }).click();
    await page.getByRole('dialog').getByRole('textbox', { name: /^Name/ }).fill('Aqua Nova Renamed');
    await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => page.getByRole('row').filter({ hasText: 'Aqua Nova Renamed' }).count()).toBe(1);

    const headers = await apiLogin(bed.url, 'admin', 'Admin123');
    const list = await (await fetch(`${bed.url}/prod-api/system/tenant/list?name=Aqua`, { headers })).json();
    expect(list.rows).toMatchObject([{ name: 'Aqua Nova Renamed', trial: true, version: 1 }]);
  });
});
