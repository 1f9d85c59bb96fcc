import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { outputDir } from './support.ts';
import { browserTestBed } from './test-bed.ts';

/** The platform operator's configuration parameters and dictionaries. */
describe('configuration and dictionaries in the browser', () => {
  const bed = browserTestBed();
  const { newPage, signIn } = bed;

  const rowIn = (page: Page, testId: string, name: string) =>
    page
      .getByTestId(testId)
      .getByRole('row')
      .filter({ has: page.getByRole('cell', { name, exact: true }) });

  it('adds, edits and deletes a parameter, and refuses to delete a built-in one', async () => {
    const page = await newPage();
    await signIn(page, 'admin', 'Admin123', '/platform/config');
    const row = (key: string) => rowIn(page, 'configs-table', key);
    await expect.poll(() => row('sys.user.initPassword').count()).toBe(1);
    expect(await row('sys.user.initPassword').getByRole('cell').allTextContents()).toContain('Yes');

    await page.getByRole('button', { name: 'New parameter' }).click();
    const dialog = page.getByRole('dialog', { name: 'New parameter' });
    // Validated in the browser with the shared schema.
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => dialog.locator('.mantine-InputWrapper-error').count()).toBeGreaterThan(0);
    await dialog.getByRole('textbox', { name: 'Parameter name' }).fill('Demo switch');
    await dialog.getByRole('textbox', { name: 'Parameter key' }).fill('demo.switch');
    await dialog.getByRole('textbox', { name: 'Value' }).fill('on');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => page.getByRole('dialog', { name: 'New parameter' }).count()).toBe(0);
    await expect.poll(() => row('demo.switch').count()).toBe(1);
    const cells = await row('demo.switch').getByRole('cell').allTextContents();
    expect(cells).toContain('Demo switch');
    expect(cells).toContain('on');
    expect(cells).toContain('No');
    await page.screenshot({ path: join(outputDir, 'configs-en.png') });

    await row('demo.switch').getByRole('button', { name: 'Edit demo.switch' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit parameter' });
    await expect.poll(() => edit.getByRole('textbox', { name: 'Value' }).inputValue()).toBe('on');
    await edit.getByRole('textbox', { name: 'Value' }).fill('off');
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => page.getByRole('dialog', { name: 'Edit parameter' }).count()).toBe(0);
    await expect
      .poll(() => row('demo.switch').getByRole('cell', { name: 'off', exact: true }).count())
      .toBe(1);

    await row('demo.switch').getByRole('button', { name: 'Delete demo.switch' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete parameters' });
    await expect.poll(() => confirm.getByText('Delete demo.switch? This cannot be undone.').count()).toBe(1);
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect.poll(() => row('demo.switch').count()).toBe(0);

    // A built-in parameter: asked first, then refused by the server, and still there.
    await row('sys.user.initPassword').getByRole('button', { name: 'Delete sys.user.initPassword' }).click();
    await page
      .getByRole('dialog', { name: 'Delete parameters' })
      .getByRole('button', { name: 'Delete' })
      .click();
    await expect.poll(() => page.getByText('A built-in parameter cannot be deleted').count()).toBe(1);
    expect(await row('sys.user.initPassword').count()).toBe(1);

    await page.getByRole('button', { name: 'Refresh cache' }).click();
    await expect.poll(() => page.getByText('Cache refreshed').count()).toBe(1);
    await page.context().close();
  });

  it('filters a dictionary and adds an entry with its labels in the four languages', async () => {
    const page = await newPage();
    await signIn(page, 'admin', 'Admin123', '/platform/dict');
    const table = page.getByTestId('dicts-table');
    await expect.poll(() => table.getByRole('row').count()).toBeGreaterThan(2);

    const filter = page.getByTestId('dicts-filter');
    await filter.getByLabel('Dictionary type', { exact: true }).fill('alarm_status');
    await filter.getByLabel('Dictionary type', { exact: true }).press('Escape');
    await filter.getByRole('button', { name: 'Search' }).click();
    await page.waitForURL('**/platform/dict?dictType=alarm_status');
    for (const label of ['Unprocessed', 'Processing', 'Processed', 'Ignored'])
      await expect.poll(() => table.getByText(label, { exact: true }).count()).toBe(1);
    await expect.poll(() => table.getByRole('row').count()).toBe(5);

    await page.getByRole('button', { name: 'New entry' }).click();
    const dialog = page.getByRole('dialog', { name: 'New entry' });
    // The type starts as the filter's.
    expect(await dialog.getByLabel('Dictionary type', { exact: false }).first().inputValue()).toBe(
      'alarm_status',
    );
    await dialog.getByRole('textbox', { name: 'Value' }).fill('9');
    await dialog.getByRole('textbox', { name: 'Label (简体中文)' }).fill('已归档');
    await dialog.getByRole('textbox', { name: 'Label (English)' }).fill('Archived');
    await dialog.getByRole('textbox', { name: 'Label (Français)' }).fill('Archivée');
    await dialog.getByRole('textbox', { name: 'Label (Bahasa Indonesia)' }).fill('Diarsipkan');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => page.getByRole('dialog', { name: 'New entry' }).count()).toBe(0);

    const row = rowIn(page, 'dicts-table', 'Archived');
    await expect.poll(() => row.count()).toBe(1);
    const cells = await row.getByRole('cell').allTextContents();
    expect(cells).toContain('alarm_status');
    expect(cells).toContain('9');
    await page.screenshot({ path: join(outputDir, 'dicts-en.png') });

    // The labels in the other languages were kept.
    await row.getByRole('button', { name: 'Edit alarm_status 9' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit entry' });
    await expect
      .poll(() => edit.getByRole('textbox', { name: 'Label (Français)' }).inputValue())
      .toBe('Archivée');
    await page.context().close();
  });
});
