import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { fillLogin, outputDir } from './support.ts';
import { browserTestBed } from './test-bed.ts';

/**
 * From an operator's new tenant to a user who sees only what a role grants: the operator creates Delta
 * Water with its administrator; the administrator changes the initial password, creates a role with two
 * pages and a user with it; that user sees only those pages. Then the operator's tenant data dashboard
 * and its demo mode. (tenants.e2e and tenant-admin.e2e cover the tenant list, logo and suspension.)
 */
describe('platform administration in the browser', () => {
  const bed = browserTestBed({}, { width: 1400, height: 900 });
  const { newPage, signIn } = bed;
  let operator: Page;
  let deltaAdminPassword = '';
  let readerPassword = '';

  /** Signs in with the initial password, changes it in the forced dialog, signs in again with the new one. */
  async function firstSignIn(page: Page, username: string, initial: string, chosen: string) {
    await signIn(page, username, initial, '/index');
    const dialog = page.getByRole('dialog', { name: 'Change your initial password' });
    await expect.poll(() => dialog.count()).toBe(1);
    await dialog.getByLabel('Current password', { exact: true }).fill(initial);
    await dialog.getByLabel('New password', { exact: true }).fill(chosen);
    await dialog.getByLabel('Confirm the new password', { exact: true }).fill(chosen);
    await dialog.getByRole('button', { name: 'Change password' }).click();
    await page.getByTestId('alert-ok').click();
    await page.waitForURL('**/login');
    await fillLogin(page, username, chosen);
    await page.waitForURL('**/index');
    expect(await dialog.count()).toBe(0);
  }
  const rowIn = (page: Page, testId: string, name: string) =>
    page
      .getByTestId(testId)
      .getByRole('row')
      .filter({ has: page.getByRole('cell', { name, exact: true }) });

  it('creates the tenant Delta Water with its administrator', async () => {
    operator = await newPage();
    await signIn(operator, 'admin', 'Admin123', '/tenant/list');
    await operator.getByRole('button', { name: 'New tenant' }).click();
    const dialog = operator.getByRole('dialog', { name: 'New tenant' });
    await dialog.getByRole('textbox', { name: /^Name/ }).fill('Delta Water');
    await dialog.getByLabel('Administrator user name').fill('delta_admin');
    await dialog.getByLabel('Administrator staff name').fill('Delta administrator');
    await dialog.getByRole('button', { name: 'Save' }).click();
    const shown = operator.getByRole('dialog', { name: 'Initial password of delta_admin' });
    await expect.poll(() => shown.count()).toBe(1);
    deltaAdminPassword = /initial password: (\w+)\./.exec(await shown.innerText())![1]!;
    await shown.getByRole('button', { name: 'OK' }).click();
    await expect.poll(() => rowIn(operator, 'tenants-table', 'Delta Water').count()).toBe(1);
  });

  it('lets the administrator in after the forced change, to create a role with two pages and a user with it', async () => {
    const admin = await newPage();
    await firstSignIn(admin, 'delta_admin', deltaAdminPassword, 'Delta1234');
    // The administrator of a utility sees the tenant's menus, never the platform's.
    const sidebar = admin.getByTestId('sidebar');
    await expect
      .poll(() => sidebar.getByRole('button', { name: 'System' }).count(), { timeout: 10_000 })
      .toBe(1);
    expect(await sidebar.getByRole('button', { name: 'Tenants' }).count()).toBe(0);

    await admin.goto(`${bed.url}/system/role`);
    await admin.getByRole('button', { name: 'New role' }).click();
    const roleForm = admin.getByRole('dialog', { name: 'New role' });
    await roleForm.getByRole('textbox', { name: 'Role name' }).fill('Readers');
    await roleForm.getByRole('textbox', { name: 'Role key' }).fill('readers');
    const tree = roleForm.getByTestId('permission-tree');
    await tree.getByRole('button', { name: 'Expand Reports' }).click();
    await tree.getByRole('checkbox', { name: 'Reading rate', exact: true }).check();
    await tree.getByRole('button', { name: 'Expand Devices' }).click();
    await tree.getByRole('checkbox', { name: 'Gateways', exact: true }).check();
    await roleForm.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => admin.getByRole('dialog', { name: 'New role' }).count()).toBe(0);
    await expect.poll(() => rowIn(admin, 'roles-table', 'Readers').count()).toBe(1);

    await admin.goto(`${bed.url}/system/user`);
    await admin.getByRole('button', { name: 'New user' }).click();
    const userForm = admin.getByRole('dialog', { name: 'New user' });
    await userForm.getByRole('textbox', { name: 'User name' }).fill('delta_reader');
    await userForm.getByRole('textbox', { name: 'Staff name' }).fill('Delta reader');
    await userForm.getByLabel('Roles', { exact: true }).click();
    await admin.getByRole('option', { name: 'Readers' }).click();
    await admin.keyboard.press('Escape');
    await userForm.getByRole('button', { name: 'Save' }).click();
    const shown = admin.getByRole('dialog', { name: 'Initial password of delta_reader' });
    await expect.poll(() => shown.count()).toBe(1);
    readerPassword = /initial password: (\w+)\./.exec(await shown.innerText())![1]!;
    await shown.getByRole('button', { name: 'OK' }).click();
    await expect.poll(() => rowIn(admin, 'users-table', 'delta_reader').count()).toBe(1);
    await admin.context().close();
  });

  it('shows the new user only the pages of the role', async () => {
    const reader = await newPage();
    await firstSignIn(reader, 'delta_reader', readerPassword, 'Reader123');
    const sidebar = reader.getByTestId('sidebar');
    // A directory with one granted page collapses to it (spec section 2).
    await expect
      .poll(() => sidebar.getByRole('link', { name: 'Reading rate' }).count(), { timeout: 10_000 })
      .toBe(1);
    const entries = (await sidebar.locator('a, button').allInnerTexts()).map((t) => t.trim()).filter(Boolean);
    expect(entries.sort()).toEqual(['Gateways', 'Home', 'Reading rate']);
    await reader.screenshot({ path: join(outputDir, 'platform-admin-reader-en.png') });

    await sidebar.getByRole('link', { name: 'Reading rate' }).click();
    await reader.waitForURL('**/report/readingRate');
    await expect.poll(() => reader.getByTestId('reading-rate-page').count()).toBe(1);
    // Any other page, opened by its address, is refused.
    await reader.goto(`${bed.url}/system/user`);
    await reader.waitForURL('**/401');
    await reader.context().close();
  });

  it("shows the operator every tenant's figures, one tenant's, and cycles through them in demo mode", async () => {
    await operator.goto(`${bed.url}/tenant/dashboard`);
    const figure = (name: string) => operator.getByTestId(`figure-${name}-value`);
    await expect.poll(() => figure('totalTenants').textContent(), { timeout: 10_000 }).toBe('3');
    expect(await operator.getByTestId('figure-totalTenants').innerText()).toContain('1 on trial');
    expect(await figure('accountsOpened').textContent()).toBe('0');
    expect(await operator.getByTestId('tenant-dashboard-scope').textContent()).toBe('All tenants');
    await expect.poll(() => operator.getByTestId('tenant-alarms-empty').count()).toBe(1);
    expect(await operator.getByTestId('consumption-chart').count()).toBe(1);

    await operator.getByTestId('tenant-select').click();
    await operator.getByRole('option', { name: 'Trial Water Co.' }).click();
    await operator.waitForURL(/tenantId=/);
    await expect
      .poll(() => operator.getByTestId('tenant-dashboard-scope').textContent())
      .toBe('Trial Water Co.');

    // Demo mode every 3 s: after the last tenant (by name) comes the whole platform, then the first.
    await operator.getByLabel('Interval (seconds)').fill('3');
    await operator.getByRole('switch', { name: 'Demo mode' }).check({ force: true });
    await operator.waitForURL(/demo=1/);
    const scope = () => operator.getByTestId('tenant-dashboard-scope').textContent();
    await expect.poll(scope, { timeout: 8000 }).toBe('All tenants');
    await expect.poll(scope, { timeout: 8000 }).toBe('Delta Water');
    await operator.screenshot({ path: join(outputDir, 'tenant-dashboard-en.png') });
    await operator.getByRole('switch', { name: 'Demo mode' }).uncheck({ force: true });
    await operator.waitForURL((url) => !url.search.includes('demo=1'));
    await operator.context().close();
  });
});
