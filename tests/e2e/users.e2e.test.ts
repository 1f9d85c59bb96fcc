import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { outputDir } from './support.ts';
import { browserTestBed } from './test-bed.ts';

/** The staff users page: list, filter, create with the initial password, and who may open it. */
describe('staff users in the browser', () => {
  const bed = browserTestBed();
  const { newPage, signIn } = bed;
  /** The initial password the administrator was shown for field_clerk. */
  let clerkPassword = '';

  const table = (page: Page) => page.getByTestId('users-table');
  /** Answers the confirmation dialog, and waits until it is gone. */
  async function answer(page: Page, button: string): Promise<void> {
    await page.getByRole('dialog').getByRole('button', { name: button }).click();
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
  }
  const row = (page: Page, userName: string) =>
    table(page)
      .getByRole('row')
      .filter({ has: page.getByRole('cell', { name: userName, exact: true }) });

  it('lists the seeded users and creates a user who gets the initial password', async () => {
    const page = await newPage();
    await signIn(page, 'demo_admin', 'Demo1234', '/system/user');
    for (const name of ['demo_admin', 'demo_operator', 'demo_viewer'])
      await expect.poll(() => row(page, name).count()).toBe(1);
    expect(await row(page, 'demo_operator').getByRole('button', { name: 'Edit demo_operator' }).count()).toBe(
      1,
    );

    await page.getByRole('button', { name: 'New user' }).click();
    const dialog = page.getByRole('dialog', { name: 'New user' });
    // Validated in the browser with the shared schema before anything is sent.
    await dialog.getByRole('textbox', { name: 'User name' }).fill('1field');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => dialog.locator('.mantine-InputWrapper-error').count()).toBeGreaterThan(0);

    await dialog.getByRole('textbox', { name: 'User name' }).fill('field_clerk');
    await dialog.getByRole('textbox', { name: 'Staff name' }).fill('Field clerk');
    await dialog.getByLabel('Roles', { exact: true }).click();
    await page.getByRole('option', { name: 'Read only' }).click();
    await page.keyboard.press('Escape');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => page.getByRole('dialog', { name: 'New user' }).count()).toBe(0);
    // The random initial password is shown once, to be passed on.
    const shown = page.getByRole('dialog', { name: 'Initial password of field_clerk' });
    await expect.poll(() => shown.count()).toBe(1);
    clerkPassword = /initial password: (\w+)\./.exec(await shown.innerText())![1]!;
    await shown.getByRole('button', { name: 'OK' }).click();

    const created = row(page, 'field_clerk');
    await expect.poll(() => created.count()).toBe(1);
    expect(await created.textContent()).toContain('Field clerk');
    expect(await created.textContent()).toContain('Read only');
    await page.screenshot({ path: join(outputDir, 'users-en.png') });

    // The filter goes into the URL and survives a reload.
    await page.getByTestId('users-filter').getByRole('textbox', { name: 'User name' }).fill('field');
    await page.getByTestId('users-filter').getByRole('button', { name: 'Search' }).click();
    await page.waitForURL(/userName=field/);
    await expect.poll(() => table(page).getByRole('row').count()).toBe(2);
    await page.reload();
    await expect.poll(() => row(page, 'field_clerk').count()).toBe(1);
    expect(await row(page, 'demo_operator').count()).toBe(0);
    expect(
      await page.getByTestId('users-filter').getByRole('textbox', { name: 'User name' }).inputValue(),
    ).toBe('field');
    await page.getByTestId('users-filter').getByRole('button', { name: 'Reset' }).click();
    await expect.poll(() => row(page, 'demo_operator').count()).toBe(1);
    await page.context().close();
  });

  it('makes the new user change the initial password at the first sign-in', async () => {
    const page = await newPage();
    await signIn(page, 'field_clerk', clerkPassword);
    const dialog = page.getByRole('dialog', { name: 'Change your initial password' });
    await expect.poll(() => dialog.count()).toBe(1);
    await page.context().close();
  });

  it('disables, enables, resets and deletes a user, each after a confirmation; never the administrator himself', async () => {
    const page = await newPage();
    await signIn(page, 'demo_admin', 'Demo1234', '/system/user');
    const status = (name: string) => row(page, name).getByRole('switch', { name: `Status of ${name}` });
    await expect.poll(() => status('field_clerk').isChecked()).toBe(true);

    // Cancelling the confirmation changes nothing.
    await status('field_clerk').click({ force: true });
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    expect(await status('field_clerk').isChecked()).toBe(true);

    await status('field_clerk').click({ force: true });
    await answer(page, 'Disable');
    await expect.poll(() => status('field_clerk').isChecked()).toBe(false);
    await status('field_clerk').click({ force: true });
    await answer(page, 'Enable');
    await expect.poll(() => status('field_clerk').isChecked()).toBe(true);

    // The server refuses to disable the signed-in user; the switch stays on.
    await status('demo_admin').click({ force: true });
    await answer(page, 'Disable');
    await expect.poll(() => page.getByText('You cannot do this to your own account').count()).toBe(1);
    expect(await status('demo_admin').isChecked()).toBe(true);

    await row(page, 'field_clerk').getByRole('button', { name: 'Reset the password of field_clerk' }).click();
    // Confirmed, the reset answers with the new initial password in a dialog of its own.
    await page
      .getByRole('dialog', { name: 'Reset password' })
      .getByRole('button', { name: 'Reset password' })
      .click();
    const reset = page.getByRole('dialog', { name: 'Initial password of field_clerk' });
    await expect.poll(() => reset.count()).toBe(1);
    expect(/initial password: (\w+)\./.exec(await reset.innerText())![1]).not.toBe(clerkPassword);
    await reset.getByRole('button', { name: 'OK' }).click();

    await row(page, 'field_clerk').getByRole('checkbox', { name: 'Select field_clerk' }).check();
    await page.getByRole('button', { name: 'Delete selected (1)' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete users' });
    await expect.poll(() => confirm.getByText('Delete field_clerk? This cannot be undone.').count()).toBe(1);
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect.poll(() => row(page, 'field_clerk').count()).toBe(0);
    expect(await row(page, 'demo_operator').count()).toBe(1);
    await page.context().close();
  });

  it('keeps the filter of the page in its tab while another tab is shown', async () => {
    const page = await newPage();
    await signIn(page, 'demo_admin', 'Demo1234', '/system/user');
    await page.evaluate(() => localStorage.setItem('layout-setting', JSON.stringify({ tagsView: true })));
    await page.reload();
    const filter = page.getByTestId('users-filter');
    await filter.getByRole('textbox', { name: 'User name' }).fill('demo_op');
    await filter.getByRole('button', { name: 'Search' }).click();
    await page.waitForURL(/userName=demo_op/);
    await expect.poll(() => table(page).getByRole('row').count()).toBe(2);

    await page.getByTestId('tags-view').getByRole('tab', { name: 'Home' }).click();
    await page.waitForURL('**/index');
    await page.getByTestId('tags-view').getByRole('tab', { name: 'Staff users' }).click();
    await page.waitForURL(/\/system\/user\?userName=demo_op/);
    expect(await filter.getByRole('textbox', { name: 'User name' }).inputValue()).toBe('demo_op');
    await expect.poll(() => table(page).getByRole('row').count()).toBe(2);
    expect(await row(page, 'demo_operator').count()).toBe(1);
    await page.context().close();
  });

  it('keeps the read-only user out of the page', async () => {
    const page = await newPage();
    await signIn(page, 'demo_viewer', 'View1234', '/customer/account');
    await page.goto(`${bed.url}/system/user`);
    await page.waitForURL('**/401');
    await page.context().close();
  });
});
