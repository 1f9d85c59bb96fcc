import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiLogin } from './api-login.ts';
import { outputDir } from './support.ts';
import { browserTestBed } from './test-bed.ts';

/** The login log and the operation log of the demo tenant. */
describe('login log and operation log in the browser', () => {
  const bed = browserTestBed({}, { width: 1400, height: 900 });
  const { newPage, signIn } = bed;

  /** Answers the confirmation dialog, and waits until it is gone. */
  async function answer(page: Page, button: string): Promise<void> {
    await page.getByRole('dialog').getByRole('button', { name: button }).click();
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
  }

  it('lists the own login and a wrong password as a failure; filters, unlocks and exports', async () => {
    await expect(apiLogin(bed.url, 'demo_viewer', 'Wrong999')).rejects.toThrow();
    const page = await newPage();
    await signIn(page, 'demo_admin', 'Demo1234', '/system/logininfor');
    const table = page.getByTestId('login-log-table');
    const rows = (userName: string, status: 'Success' | 'Failure') =>
      table
        .getByRole('row')
        .filter({ has: page.getByRole('cell', { name: userName, exact: true }) })
        .filter({ has: page.getByText(status, { exact: true }) });
    await expect.poll(() => rows('demo_admin', 'Success').count()).toBeGreaterThan(0);
    await expect.poll(() => rows('demo_viewer', 'Failure').count()).toBe(1);
    await page.screenshot({ path: join(outputDir, 'login-log-en.png') });

    // Filters go into the URL: failures of the last 7 days.
    const filter = page.getByTestId('login-log-filter');
    await filter.getByLabel('Status', { exact: true }).click();
    await page.getByRole('option', { name: 'Failure' }).click();
    await filter.getByRole('button', { name: 'Last 7 days' }).click();
    expect(await filter.getByLabel('To', { exact: true }).inputValue()).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    await filter.getByRole('button', { name: 'Search' }).click();
    // The router keeps a numeric-looking string quoted: status="1".
    await page.waitForURL(/status=(%221%22|1)&/);
    expect(page.url()).toMatch(/beginTime=\d{4}-\d{2}-\d{2}/);
    await expect.poll(() => rows('demo_admin', 'Success').count()).toBe(0);
    await expect.poll(() => rows('demo_viewer', 'Failure').count()).toBe(1);

    // Unlock the user of one selected entry, after a confirmation.
    const unlock = page.getByRole('button', { name: 'Unlock', exact: true });
    expect(await unlock.isDisabled()).toBe(true);
    await rows('demo_viewer', 'Failure').getByRole('checkbox').check();
    await unlock.click();
    await answer(page, 'Unlock');
    await expect.poll(() => page.getByText('demo_viewer unlocked').count()).toBe(1);

    // The export answers an xlsx file of the filter.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^login-log_\d{14}\.xlsx$/);
    const file = readFileSync((await download.path())!);
    expect(file.subarray(0, 2).toString()).toBe('PK');
    await page.context().close();
  });

  it('shows a new department in the operation log with the request in its details', async () => {
    const page = await newPage();
    await signIn(page, 'demo_admin', 'Demo1234', '/system/dept');
    await page.getByRole('button', { name: 'New department' }).click();
    const dialog = page.getByRole('dialog', { name: 'New department' });
    await dialog.getByRole('textbox', { name: 'Department name' }).fill('Pump station');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => page.getByRole('dialog', { name: 'New department' }).count()).toBe(0);

    await page.goto(`${bed.url}/system/operlog`);
    const table = page.getByTestId('oper-log-table');
    const row = table.getByRole('row').filter({ hasText: 'Departments' });
    await expect.poll(() => row.count()).toBe(1);
    for (const text of ['Insert', 'demo_admin', 'Success']) expect(await row.textContent()).toContain(text);
    await page.screenshot({ path: join(outputDir, 'oper-log-en.png') });

    await row.getByRole('button', { name: /^Details of Departments/ }).click();
    const detail = page.getByRole('dialog', { name: 'Operation details' });
    await expect.poll(() => detail.count()).toBe(1);
    expect(await detail.textContent()).toContain('POST /prod-api/system/dept');
    expect(await detail.getByTestId('oper-log-params').textContent()).toContain('"deptName": "Pump station"');
    await page.keyboard.press('Escape');
    await expect.poll(() => detail.count()).toBe(0);

    // The business type filter, then deleting the entry after a confirmation.
    const filter = page.getByTestId('oper-log-filter');
    await filter.getByLabel('Type', { exact: true }).click();
    await page.getByRole('option', { name: 'Insert' }).click();
    await filter.getByRole('button', { name: 'Search' }).click();
    await page.waitForURL(/businessType=(%221%22|1)/);
    await expect.poll(() => row.count()).toBe(1);
    await row.getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Delete selected (1)' }).click();
    await answer(page, 'Delete');
    await expect.poll(() => row.count()).toBe(0);
    await page.context().close();
  });
});
