import { describe, expect, it } from 'vitest';
import { apiLogin } from './api-login.ts';
import { fillLogin } from './support.ts';
import { browserTestBed } from './test-bed.ts';

/**
 * What a new user reads on the first screens: a login that says when it makes one wait and leaves no
 * stale error behind, a utility's home page without the service's internals or notes about modules to
 * come, the service status on the operators' page, and counts in the singular when there is one.
 */
describe('plain screens for a new user', () => {
  const bed = browserTestBed();
  const { newPage, signIn } = bed;

  const WRONG = 'Wrong user name or password';
  /** A one-pixel PNG: the captcha image. */
  const PIXEL =
    'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';

  it('says how long a second attempt within 3 s waits, keeping what was typed, and leaves no error over the dashboard', async () => {
    const page = await newPage();
    // The captcha as a service that asks for one would give it (this one checks none): each a new image.
    let captchas = 0;
    await page.route('**/prod-api/auth/code', (route) => {
      captchas += 1;
      return route.fulfill({
        json: {
          code: 200,
          msg: 'OK',
          data: { captchaEnabled: true, uuid: `captcha-${captchas}`, img: PIXEL },
        },
      });
    });
    const logins: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/prod-api/auth/login')) logins.push(request.method());
    });
    await page.goto(`${bed.url}/index`);
    await page.waitForURL('**/login?redirect=*');
    const code = page.getByLabel('Verification code', { exact: true });
    await expect.poll(() => code.count()).toBe(1);
    expect(captchas).toBe(1);
    await code.fill('1234');
    await fillLogin(page, 'demo_admin', 'Wrong1234');
    await expect.poll(() => page.getByText(WRONG).count()).toBe(1);
    // The refused attempt spent its captcha: a new one, to be typed afresh.
    await expect.poll(() => captchas).toBe(2);
    expect(await code.inputValue()).toBe('');

    // At once again: held back by the 3 s debounce, and the button says so, counting down; nothing else changes.
    await code.fill('5678');
    await page.locator('button[type="submit"]').click();
    const waiting = page.getByRole('button', { name: /^Sign in again in [1-3] s$/ });
    await expect.poll(() => waiting.count()).toBe(1);
    expect(await waiting.isDisabled()).toBe(true);
    expect(await code.inputValue()).toBe('5678');
    expect(captchas).toBe(2);
    expect(logins).toHaveLength(1);
    await expect.poll(() => page.getByRole('button', { name: 'Sign in', exact: true }).count()).toBe(1);
    expect(await code.inputValue()).toBe('5678');
    expect(captchas).toBe(2);

    // The right password, while the earlier error would still be shown (errors stay 5 s).
    await page.locator('input[type="password"]').fill('Demo1234');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL('**/index');
    await expect.poll(() => page.getByTestId('figure-customers').count()).toBe(1);
    // Cleaned at sign-in, the message leaves with its closing transition, which may outlast the dashboard's load.
    await expect.poll(() => page.getByText(WRONG).count()).toBe(0);
    expect(logins).toHaveLength(2);
    await page.context().close();
  });

  it("shows a utility's home without the service's internals or notes about modules", async () => {
    const page = await newPage();
    await signIn(page, 'demo_admin', 'Demo1234', '/index');
    const customers = page.getByTestId('figure-customers');
    await expect.poll(() => page.getByTestId('figure-customers-value').textContent()).toMatch(/^\d+$/);
    expect(await customers.innerText()).not.toContain('Counted from meters');
    // The figure is the tenant's open accounts: active or frozen, not closed.
    const headers = await apiLogin(bed.url, 'demo_admin', 'Demo1234');
    const accounts = async (status: string) =>
      (await (await fetch(`${bed.url}/prod-api/business/customer/list?status=${status}`, { headers })).json())
        .total as number;
    const open = (await accounts('active')) + (await accounts('frozen'));
    expect(await page.getByTestId('figure-customers-value').textContent()).toBe(String(open));
    await page.waitForLoadState('networkidle');
    expect(await page.getByTestId('status-card').count()).toBe(0);
    expect(await page.getByText('Service status').count()).toBe(0);
    // Without billing the bill panel says what that means here, not what is to come.
    expect(await page.getByTestId('bills-pending').innerText()).toContain(
      'Billing is not set up for this utility.',
    );
    await page.getByTestId('bell').click();
    await expect.poll(() => page.getByText('No notifications').count()).toBeGreaterThan(0);
    expect(await page.locator('body').innerText()).not.toMatch(/\bmodules?\b|\brelease\b|\barrive/i);
    await page.context().close();
  });

  it("shows the service status on the operators' tenant data dashboard", async () => {
    const page = await newPage();
    await signIn(page, 'admin', 'Admin123', '/tenant/dashboard');
    await expect.poll(() => page.getByTestId('engine').textContent()).toBe('pglite');
    expect(await page.getByTestId('tenant-dashboard').innerText()).not.toContain('Counted from meters');
    await page.context().close();
  });

  it('counts one of a kind in the singular and more in the plural, in English and in French', async () => {
    const headers = await apiLogin(bed.url, 'demo_admin', 'Demo1234');
    const list = await fetch(`${bed.url}/prod-api/system/user/list`, {
      method: 'POST',
      headers,
      body: JSON.stringify({}),
    });
    const users = (await list.json()).total as number;
    expect(users).toBeGreaterThan(1);
    for (const [locale, one, more] of [
      ['en-US', '1 user', `${users} users`],
      ['fr-FR', '1 utilisateur', `${users} utilisateurs`],
    ] as const) {
      const context = await bed.browser.newContext({ locale, viewport: { width: 1280, height: 800 } });
      const page = await context.newPage();
      await signIn(page, 'demo_admin', 'Demo1234', '/system/user?userName=demo_admin');
      await expect.poll(() => page.getByText(one, { exact: true }).count()).toBe(1);
      expect(await page.getByText(`${one}s`, { exact: true }).count()).toBe(0);
      await page.goto(`${bed.url}/system/user`);
      await expect.poll(() => page.getByText(more, { exact: true }).count()).toBe(1);
      await context.close();
    }
  });
});
