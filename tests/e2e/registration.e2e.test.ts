import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiLogin } from './api-login.ts';
import { fillLogin, outputDir } from './support.ts';
import { browserTestBed } from './test-bed.ts';

/**
 * The experience-account registration page: from the login page, a code by SMS (read from the outbox as
 * the operators do), a trial tenant whose administrator changes the initial password, then sees the trial
 * counter and the /index dashboard of a tenant without meters yet.
 */
describe('experience-account registration in the browser', () => {
  const bed = browserTestBed();
  let page: Page;
  beforeAll(async () => {
    const context = await bed.browser.newContext({ locale: 'en-US', viewport: { width: 1400, height: 900 } });
    page = await context.newPage();
  });

  const phone = '13911112222';
  let initialPassword = '';

  /** The newest code sent to the phone, as an operator reveals it in the outbox. */
  async function outboxCode(): Promise<string> {
    const headers = await apiLogin(bed.url, 'admin', 'Admin123');
    const list = await (
      await fetch(`${bed.url}/prod-api/system/msg/outbox/list?recipient=${phone}`, { headers })
    ).json();
    const revealed = await (
      await fetch(`${bed.url}/prod-api/system/msg/outbox/reveal/${list.rows[0].messageId}`, {
        method: 'POST',
        headers: { authorization: headers.authorization! },
      })
    ).json();
    return /\b(\d{6})\b/.exec(revealed.data.text)![1]!;
  }

  it('opens from the login page without a session and refuses a registered phone', async () => {
    await page.goto(`${bed.url}/index`);
    await page.waitForURL('**/login?redirect=*');
    await page.getByTestId('register-link').click();
    await page.waitForURL('**/register');
    // A phone that already has an account is told to sign in.
    await page.getByRole('textbox', { name: 'Mobile phone' }).fill('13800000001');
    await page.getByRole('button', { name: 'Send code' }).click();
    await expect
      .poll(() => page.getByText('Mobile phone number has been registered, please log in directly').count())
      .toBeGreaterThan(0);
  });

  it('checks the form in the browser, sends the code, refuses a wrong one and creates the trial tenant', async () => {
    await page.getByRole('button', { name: 'Register', exact: true }).click();
    await expect.poll(() => page.locator('.mantine-InputWrapper-error').count()).toBeGreaterThanOrEqual(3);

    await page.getByRole('textbox', { name: 'Company name' }).fill('Harbour Water');
    await page.getByRole('textbox', { name: 'Your name' }).fill('Chen Jing');
    await page.getByRole('textbox', { name: 'Department' }).fill('Operations');
    await page.getByRole('textbox', { name: 'Mobile phone' }).fill(phone);
    await page.getByRole('button', { name: 'Send code' }).click();
    await expect.poll(() => page.getByText('The code has been sent').count()).toBeGreaterThan(0);
    await expect.poll(() => page.getByRole('button', { name: /^Send again in \d+ s$/ }).count()).toBe(1);
    const code = await outboxCode();

    await page
      .getByRole('textbox', { name: 'Verification code' })
      .fill(code === '000000' ? '111111' : '000000');
    await page.getByRole('button', { name: 'Register', exact: true }).click();
    await expect
      .poll(() => page.getByText('The verification code is incorrect or invalid').count())
      .toBeGreaterThan(0);

    await page.getByRole('textbox', { name: 'Verification code' }).fill(code);
    await page.screenshot({ path: join(outputDir, 'register-en.png') });
    // The click gate lets one submit through per 3 s.
    await page.waitForTimeout(3000);
    await page.getByRole('button', { name: 'Register', exact: true }).click();
    const done = page.getByRole('dialog', { name: 'Your trial account is ready' });
    await expect.poll(() => done.count()).toBe(1);
    expect(await done.innerText()).toContain(`Sign in as t${phone}`);
    expect(await done.innerText()).toContain('180 days');
    initialPassword = (await done.getByTestId('secret-value').innerText()).trim();
    expect(initialPassword).toMatch(/^\w{10}$/);
    await done.getByTestId('alert-ok').click();
    await page.waitForURL('**/login');
  });

  it('makes the new administrator change the initial password, then shows the trial counter and the dashboard', async () => {
    await fillLogin(page, phone, initialPassword);
    const dialog = page.getByRole('dialog', { name: 'Change your initial password' });
    await expect.poll(() => dialog.count()).toBe(1);
    // Behind the dialog the dashboard asks the server nothing it would refuse.
    await page.waitForLoadState('networkidle');
    expect(await page.getByText('No permission for this operation').count()).toBe(0);
    await dialog.getByLabel('Current password', { exact: true }).fill(initialPassword);
    await dialog.getByLabel('New password', { exact: true }).fill('Harbour123');
    await dialog.getByLabel('Confirm the new password', { exact: true }).fill('Harbour123');
    await dialog.getByRole('button', { name: 'Change password' }).click();
    await page.getByTestId('alert-ok').click();
    await page.waitForURL('**/login');

    await fillLogin(page, `t${phone}`, 'Harbour123');
    await page.waitForURL('**/index');
    await expect.poll(() => page.getByTestId('trial-counter').textContent()).toBe('Trial: 180 days left');
    // No meters yet: zeros, and the bill statistics say why they are empty.
    await expect.poll(() => page.getByTestId('figure-meters-value').textContent()).toBe('0');
    expect(await page.getByTestId('figure-waterUse-value').textContent()).toBe('0 m³');
    await expect.poll(() => page.getByTestId('bills-pending').count()).toBe(1);
    await expect.poll(() => page.getByTestId('alarms-empty').count()).toBe(1);
    await page.getByTestId('dashboard-usage').getByText('Last 30 days').click();
    await page.waitForURL(/days=30/);
    await expect.poll(() => page.getByTestId('usage-total').textContent()).toBe('0 m³ in the last 30 days');
    await page.screenshot({ path: join(outputDir, 'register-home-en.png') });
  });

  it('shows the operator the outbox with codes masked; revealing one is written to the operation log', async () => {
    const context = await bed.browser.newContext({ locale: 'en-US', viewport: { width: 1400, height: 900 } });
    const operator = await context.newPage();
    await operator.goto(`${bed.url}/platform/outbox?recipient=${phone}`);
    await operator.waitForURL('**/login?redirect=*');
    await fillLogin(operator, 'admin', 'Admin123');
    await operator.waitForURL('**/platform/outbox*');
    const texts = operator.getByTestId('outbox-table').getByTestId('outbox-text');
    await expect.poll(() => texts.count()).toBeGreaterThan(0);
    const masked = await texts.first().innerText();
    expect(masked).toContain('******');
    expect(masked).not.toMatch(/\d{4,}/);

    await operator
      .getByRole('button', { name: `Show the code sent to +86${phone}` })
      .first()
      .click();
    await expect.poll(() => texts.first().innerText()).toMatch(/\b\d{6}\b/);
    expect((await texts.first().innerText()).replace(/\d{6}/, '******')).toBe(masked);

    // The newest entry of the operator's operation log: the reveal, under its module.
    await operator.goto(`${bed.url}/system/operlog`);
    const newest = operator.getByTestId('oper-log-table').locator('tbody tr').first();
    await expect.poll(() => newest.innerText()).toContain('Message outbox');
    // (The badges show their label in capitals.)
    for (const text of [/Other/i, /admin/, /Success/i]) expect(await newest.innerText()).toMatch(text);
    await context.close();
  });
});
