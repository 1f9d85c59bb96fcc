import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiLogin } from './api-login.ts';
import { outputDir } from './support.ts';
import { browserTestBed } from './test-bed.ts';

/** A 1×1 transparent PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

/** The platform operator: a tenant with its first administrator, its logo, suspension and resumption. */
describe('tenant administration in the browser', () => {
  const bed = browserTestBed({}, { width: 1400, height: 900 });
  const { newPage, signIn } = bed;
  let admin: Page;

  const row = (page: Page, name: string) =>
    page
      .getByTestId('tenants-table')
      .getByRole('row')
      .filter({ has: page.getByRole('cell', { name, exact: true }) });

  it('creates the tenant Lake Water with its administrator, whose initial password is shown once', async () => {
    admin = await newPage();
    await signIn(admin, 'admin', 'Admin123', '/tenant/list');
    await expect.poll(() => row(admin, 'Demo Water Utility').count()).toBe(1);
    expect(await row(admin, 'Demo Water Utility').textContent()).toContain('Active');

    await admin.getByRole('button', { name: 'New tenant' }).click();
    const dialog = admin.getByRole('dialog', { name: 'New tenant' });
    await dialog.getByRole('textbox', { name: /^Name/ }).fill('Lake Water');
    // The administrator's user name is checked in the browser with the shared schema.
    await dialog.getByLabel('Administrator user name').fill('1lake');
    await dialog.getByLabel('Administrator staff name').fill('Lake administrator');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => dialog.locator('.mantine-InputWrapper-error').count()).toBe(1);
    await dialog.getByLabel('Administrator user name').fill('lake_admin');
    await dialog.getByRole('button', { name: 'Save' }).click();

    const shown = admin.getByRole('dialog', { name: 'Initial password of lake_admin' });
    await expect.poll(() => shown.count()).toBe(1);
    const password = /initial password: (\w+)\./.exec(await shown.innerText())![1]!;
    await shown.getByRole('button', { name: 'OK' }).click();
    await expect.poll(() => admin.getByRole('dialog').count()).toBe(0);
    await expect.poll(() => row(admin, 'Lake Water').count()).toBe(1);
    expect(await row(admin, 'Lake Water').textContent()).toContain('Active');

    // The new administrator signs in with it and must change it first.
    const lake = await newPage();
    await signIn(lake, 'lake_admin', password, '/index');
    await expect
      .poll(() => lake.getByRole('dialog', { name: 'Change your initial password' }).count())
      .toBe(1);
    await lake.context().close();
  });

  it('uploads a logo for a tenant, refusing a file that is not an image first', async () => {
    const upload = row(admin, 'Lake Water').getByRole('button', { name: 'Upload a logo for Lake Water' });
    let chooser = admin.waitForEvent('filechooser');
    await upload.click();
    await (await chooser).setFiles({
      name: 'logo.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('hello'),
    });
    await expect.poll(() => admin.getByText('png or jpg', { exact: false }).count()).toBeGreaterThan(0);

    chooser = admin.waitForEvent('filechooser');
    await upload.click();
    await (await chooser).setFiles({ name: 'logo.png', mimeType: 'image/png', buffer: PNG });
    await expect.poll(() => admin.getByText('Logo of Lake Water saved').count()).toBe(1);
    const logo = row(admin, 'Lake Water').getByRole('img', { name: 'Logo of Lake Water' });
    await expect.poll(() => logo.getAttribute('src')).toBeTruthy();
    await admin.screenshot({ path: join(outputDir, 'tenant-admin-en.png') });
  });

  it("suspends the demo tenant: a signed-in user's session ends with the server's message; then resumes it", async () => {
    const viewer = await newPage();
    await signIn(viewer, 'demo_viewer', 'View1234', '/customer/account');

    // The platform tenant itself offers no suspension.
    expect(
      await row(admin, 'Platform')
        .getByRole('button', { name: /^Suspend/ })
        .count(),
    ).toBe(0);
    await row(admin, 'Demo Water Utility')
      .getByRole('button', { name: 'Suspend Demo Water Utility' })
      .click();
    const confirm = admin.getByRole('dialog', { name: 'Suspend the tenant' });
    expect(await confirm.textContent()).toContain("Its users' sessions end");
    await confirm.getByRole('button', { name: 'Suspend' }).click();
    await expect.poll(() => row(admin, 'Demo Water Utility').textContent()).toContain('Suspended');

    // The viewer's next request ends the session: a warning with the server's message, then the login page.
    // The page's own background request may come first, and then its warning covers the menu: no click needed.
    const ended = viewer.getByRole('dialog', { name: 'Session ended' });
    await viewer
      .getByTestId('user-menu')
      .click({ timeout: 5000 })
      .then(() => viewer.getByRole('menuitem', { name: 'Personal Center' }).click({ timeout: 5000 }))
      .catch(async (error: unknown) => {
        if ((await ended.count()) === 0) throw error;
      });
    await expect.poll(() => ended.count()).toBe(1);
    expect(await ended.textContent()).toContain('This tenant is suspended');
    await ended.getByRole('button', { name: 'OK' }).click();
    await viewer.waitForURL('**/login**');
    await expect(apiLogin(bed.url, 'demo_viewer', 'View1234')).rejects.toThrow(/suspended/);

    await row(admin, 'Demo Water Utility').getByRole('button', { name: 'Resume Demo Water Utility' }).click();
    await admin
      .getByRole('dialog', { name: 'Resume the tenant' })
      .getByRole('button', { name: 'Resume' })
      .click();
    await expect.poll(() => row(admin, 'Demo Water Utility').textContent()).toContain('Active');
    await apiLogin(bed.url, 'demo_viewer', 'View1234');
    await viewer.context().close();
  });
});
