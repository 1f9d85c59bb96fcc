import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { fillLogin, outputDir, pickOption } from './support.ts';
import { browserTestBed } from './test-bed.ts';

/** The browser shell of issue 3: login, guard, menus by role, permissions, language, forced password, logout. */
describe('the shell in the browser', () => {
  const bed = browserTestBed();
  const { newPage, signIn } = bed;

  const sidebar = (page: Page) => page.getByTestId('sidebar');
  /** The sidebar's entries once the menu tree has arrived (Home is always first). */
  async function topLevelMenus(page: Page): Promise<string[]> {
    const entries = sidebar(page).locator(':scope a, :scope button');
    await expect.poll(() => entries.count()).toBeGreaterThan(1);
    return (await entries.allInnerTexts()).map((s) => s.trim());
  }
  const token = (page: Page) =>
    page.evaluate(() => document.cookie.match(/(?:^|; )Admin-Token=([^;]+)/)?.[1] ?? null);
  /** Calls the API from the page with the user's own token, as a hand-made request would. */
  const apiCall = (page: Page, method: string, path: string, body?: unknown) =>
    page.evaluate(
      async ({ method, path, body }) => {
        const bearer = document.cookie.match(/(?:^|; )Admin-Token=([^;]+)/)?.[1];
        const response = await fetch(`/prod-api${path}`, {
          method,
          headers: { Authorization: `Bearer ${bearer}`, 'Content-Type': 'application/json' },
          body: body === undefined ? undefined : JSON.stringify(body),
        });
        return { status: response.status, body: await response.json().catch(() => null) };
      },
      { method, path, body },
    );

  it('runs under its Content Security Policy without a single violation', async () => {
    const page = await newPage();
    const violations: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' && message.text().includes('Content Security Policy'))
        violations.push(message.text());
    });
    const answer = await page.goto(`${bed.url}/login`);
    expect(answer?.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
    await signIn(page, 'demo_admin', 'Demo1234', '/index');
    await expect.poll(() => page.locator('canvas').count()).toBeGreaterThan(0);
    await page.goto(`${bed.url}/cascadeScreen`);
    await expect.poll(() => page.locator('canvas').count()).toBeGreaterThan(0);
    expect(violations).toEqual([]);
    await page.context().close();
  });

  it('signs the administrator in through the login page and back to the wanted page, with the whole shell', async () => {
    const page = await newPage();
    await signIn(page, 'demo_admin', 'Demo1234', '/system/user');
    const menus = await topLevelMenus(page);
    expect(menus).toEqual(expect.arrayContaining(['Home', 'System', 'Customers', 'Meters', 'Alarms']));
    // Platform-only directories stay with the platform operators.
    expect(menus).not.toContain('Platform settings');
    await expect
      .poll(() => page.getByTestId('breadcrumb').innerText())
      .toMatch(/Home\s*\/\s*System\s*\/\s*Staff users/);
    await expect.poll(() => page.getByTestId('section-strip').getByRole('tab').count()).toBeGreaterThan(1);
    await expect.poll(() => page.getByRole('button', { name: 'New user' }).count()).toBe(1);
    await expect.poll(() => page.getByTestId('tenant-name').innerText()).toBe('Demo Water Utility');

    // A known page outside the user's menus ends on /401; an unknown path on /404.
    await page.goto(`${bed.url}/tenant/list`);
    await page.waitForURL('**/401');
    await page.goto(`${bed.url}/no/such/page`);
    await page.waitForURL('**/404');
    await page.context().close();
  });

  it('shows the operator the business menus only, without the System directory', async () => {
    const page = await newPage();
    await signIn(page, 'demo_operator', 'Oper1234', '/workOrder/plan');
    const menus = await topLevelMenus(page);
    expect(menus).toEqual(expect.arrayContaining(['Customers', 'Meters', 'Billing']));
    expect(menus).not.toContain('System');
    await expect
      .poll(() => page.getByTestId('placeholder').getByRole('button', { name: 'Add' }).count())
      .toBe(1);
    await page.goto(`${bed.url}/system/user`);
    await page.waitForURL('**/401');
    await page.context().close();
  });

  it('shows the read-only user the pages without add or edit buttons, and the server refuses those actions', async () => {
    const page = await newPage();
    await signIn(page, 'demo_viewer', 'View1234', '/workOrder/plan');
    expect(await topLevelMenus(page)).toEqual(expect.arrayContaining(['Customers', 'Meters']));
    const actions = page.getByTestId('placeholder');
    await expect.poll(() => actions.getByRole('button', { name: 'Search' }).count()).toBe(1);
    expect(await actions.getByRole('button', { name: 'Export' }).count()).toBe(1);
    expect(await actions.getByRole('button', { name: 'Add' }).count()).toBe(0);
    expect(await actions.getByRole('button', { name: 'Edit' }).count()).toBe(0);

    const refused = await apiCall(page, 'POST', '/system/tenant', { name: 'Sneaky Utility', settings: {} });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: 403 });
    await page.screenshot({ path: join(outputDir, 'shell-viewer-en.png') });
    await page.context().close();
  });

  it('shows the platform operator the tenant list with its add and edit buttons, kept alive in its tab', async () => {
    const page = await newPage();
    await signIn(page, 'admin', 'Admin123', '/tenant/list');
    await expect.poll(() => page.getByRole('button', { name: 'New tenant' }).count()).toBe(1);
    await expect
      .poll(() =>
        page
          .getByRole('row')
          .filter({ hasText: 'Demo Water Utility' })
          .getByRole('button', { name: 'Edit tenant Demo Water Utility' })
          .count(),
      )
      .toBe(1);

    // With the tags view on, a visited page keeps its state while another tab is shown.
    await page.evaluate(() => localStorage.setItem('layout-setting', JSON.stringify({ tagsView: true })));
    await page.reload();
    await page.getByLabel('Filter by name').fill('Demo');
    await page.getByTestId('tags-view').getByRole('tab', { name: 'Home' }).click();
    await page.waitForURL('**/index');
    await page.getByTestId('tags-view').getByRole('tab', { name: 'Tenant list' }).click();
    await page.waitForURL('**/tenant/list');
    expect(await page.getByLabel('Filter by name').inputValue()).toBe('Demo');
    await page.context().close();
  });

  it('switches the language on the user, keeps it across a reload, in all four languages', async () => {
    const page = await newPage();
    await signIn(page, 'demo_admin', 'Demo1234');
    const languages = [
      ['zh-CN', '简体中文', '首页', '语言已切换'],
      ['fr', 'Français', 'Accueil', 'Langue modifiée'],
      ['id', 'Bahasa Indonesia', 'Beranda', 'Bahasa diubah'],
      ['en', 'English', 'Home', 'Language changed'],
    ] as const;
    for (const [code, name, home, changed] of languages) {
      // The choice is saved on the user, then the page reloads itself in the new language
      // (a loaded machine can take long over both: the wait is on the outcome, not on an event).
      const saved = page.waitForResponse((r) => r.url().includes('/system/user/updateLanguage'), {
        timeout: 60_000,
      });
      await pickOption(page, page.getByTestId('language'), name);
      expect((await saved).ok()).toBe(true);
      await expect
        .poll(() => page.evaluate(() => document.documentElement.lang), { timeout: 60_000 })
        .toBe(code);
      await expect.poll(() => page.getByText(changed).count()).toBe(1);
      await page.reload();
      await expect.poll(() => sidebar(page).getByText(home, { exact: true }).count()).toBe(1);
      expect(await page.evaluate(() => sessionStorage.getItem('language'))).toBe(code);
      await page.screenshot({ path: join(outputDir, `shell-${code}.png`) });
    }
    await page.context().close();
  });

  it('keeps visited pages as tabs: Home pinned, close others, close the active one', async () => {
    const page = await newPage();
    await signIn(page, 'demo_admin', 'Demo1234');
    await page.getByRole('button', { name: 'Layout settings' }).click();
    // Mantine's switch input sits under its label; the keyboard toggles it as a user would.
    await page.getByRole('switch', { name: 'Tabs of visited pages' }).focus();
    await page.keyboard.press('Space');
    // A theme preset becomes Mantine's primary colour.
    await page.getByRole('button', { name: '#11a983' }).click();
    await expect
      .poll(() =>
        page.evaluate(() =>
          getComputedStyle(document.documentElement)
            .getPropertyValue('--mantine-primary-color-filled')
            .trim(),
        ),
      )
      .toBe('#11a983');
    await page.keyboard.press('Escape');
    const tabs = page.getByTestId('tags-view').getByRole('tab');
    await sidebar(page).getByRole('button', { name: 'System' }).click();
    await sidebar(page).getByRole('link', { name: 'Staff users' }).click();
    await page.waitForURL('**/system/user');
    await page.getByTestId('section-strip').getByRole('tab', { name: 'Roles' }).click();
    await page.waitForURL('**/system/role');
    await sidebar(page).getByRole('button', { name: 'Customers' }).click();
    await sidebar(page).getByRole('link', { name: 'Accounts' }).click();
    await page.waitForURL('**/customer/account');
    await expect.poll(() => tabs.allInnerTexts()).toEqual(['Home', 'Staff users', 'Roles', 'Accounts']);

    await page.getByTestId('tags-view').locator('[data-path="/system/role"]').click({ button: 'right' });
    await page.getByTestId('tags-context-menu').getByRole('button', { name: 'Close others' }).click();
    await page.waitForURL('**/system/role');
    await expect.poll(() => tabs.allInnerTexts()).toEqual(['Home', 'Roles']);

    await page.getByRole('button', { name: 'Close Roles' }).click();
    await page.waitForURL('**/index');
    await expect.poll(() => tabs.allInnerTexts()).toEqual(['Home']);
    expect(await page.getByRole('button', { name: 'Close Home' }).count()).toBe(0);
    await page.context().close();
  });

  it('lets a user edit the profile and avatar in the personal centre, checking the image first', async () => {
    const page = await newPage();
    await signIn(page, 'demo_operator', 'Oper1234', '/user/profile');
    await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Olga Operator');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => page.getByTestId('user-menu').innerText()).toContain('Olga Operator');

    const file = page.locator('input[type=file]');
    await file.setInputFiles({ name: 'avatar.gif', mimeType: 'image/gif', buffer: Buffer.from('GIF89a') });
    await expect.poll(() => page.getByText('Wrong file type: upload a png or jpg image').count()).toBe(1);
    const big = Buffer.alloc(5 * 1024 * 1024 + 1);
    await file.setInputFiles({ name: 'big.png', mimeType: 'image/png', buffer: big });
    await expect.poll(() => page.getByText('The file must not exceed 5 MB').count()).toBe(1);

    // A 1x1 PNG.
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
      'base64',
    );
    await file.setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: png });
    await page.getByRole('button', { name: 'Upload the avatar' }).click();
    await expect.poll(() => page.getByText('Avatar updated').count()).toBe(1);
    // Uploads are only for signed-in users: the image element loads it with the session's cookie.
    const avatar = page.getByTestId('user-menu').locator('img');
    await expect.poll(() => avatar.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1);
    await page.context().close();
  });

  it('shows a trial tenant its remaining trial days', async () => {
    const page = await newPage();
    await signIn(page, 'trial_admin', 'Trial123');
    await expect
      .poll(() => page.getByTestId('trial-counter').textContent())
      .toMatch(/^Trial: \d+ days left$/);
    await page.context().close();
  });

  it('makes the newcomer change the initial password before anything else, then sign in with the new one', async () => {
    const page = await newPage();
    await signIn(page, 'demo_newcomer', 'Hydrolog123');
    const dialog = page.getByRole('dialog', { name: 'Change your initial password' });
    await expect.poll(() => dialog.count()).toBe(1);
    await page.keyboard.press('Escape');
    await page.mouse.click(5, 5);
    expect(await dialog.count()).toBe(1);
    expect(await dialog.getByRole('button', { name: /close/i }).count()).toBe(0);

    await dialog.getByLabel('Current password', { exact: true }).fill('Hydrolog123');
    await dialog.getByLabel('New password', { exact: true }).fill('Newcomer123');
    await dialog.getByLabel('Confirm the new password', { exact: true }).fill('Newcomer124');
    await dialog.getByRole('button', { name: 'Change password' }).click();
    await expect.poll(() => dialog.getByText('The two passwords entered differ').count()).toBe(1);

    await dialog.getByLabel('Confirm the new password', { exact: true }).fill('Newcomer123');
    await dialog.getByRole('button', { name: 'Change password' }).click();
    await page.getByTestId('alert-ok').click();
    await page.waitForURL('**/login');

    await fillLogin(page, 'demo_newcomer', 'Newcomer123');
    await page.waitForURL('**/index');
    await expect.poll(() => page.getByTestId('sidebar').count()).toBe(1);
    expect(await dialog.count()).toBe(0);
    await page.context().close();
  });

  it('ends the session on logout: back to the login page, the old token refused, the name remembered', async () => {
    const page = await newPage();
    await page.goto(`${bed.url}/login`);
    await page.getByLabel('Remember me').check();
    await fillLogin(page, 'demo_admin', 'Demo1234');
    await page.waitForURL('**/index');
    const oldToken = await token(page);
    expect(oldToken).toBeTruthy();
    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Log out' }).click();
    await page.waitForURL('**/login**');
    expect(await token(page)).toBeNull();

    const answer = await fetch(`${bed.url}/prod-api/system/user/getInfo`, {
      headers: { Authorization: `Bearer ${oldToken}` },
    });
    const body = (await answer.json()) as { code: number };
    expect(answer.status === 401 || body.code === 100102000002).toBe(true);

    // Remember me keeps the user name for the next visit, never the password.
    await page.reload();
    expect(await page.getByLabel('User name, email or phone').inputValue()).toBe('demo_admin');
    expect(await page.getByRole('textbox', { name: 'Password', exact: true }).inputValue()).toBe('');
    await page.context().close();
  });
});
