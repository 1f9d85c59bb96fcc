import type { Page, Response } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiCall, apiLogin } from './api-login.ts';
import { fillAccountForm } from './support.ts';
import { browserTestBed } from './test-bed.ts';

const DEMO_TENANT = 'Demo Water Utility';

/**
 * The open-account form follows the tenant's account numbering (by hand: a required field; generated: a
 * blank one is filled in by the server), and picking a meter asks the server nothing it refuses.
 */
describe('opening an account in the browser', () => {
  const bed = browserTestBed();
  const { signIn } = bed;
  let page: Page;
  let admin: Record<string, string>;
  const api = (headers: Record<string, string>, method: string, path: string, body?: object) =>
    apiCall(bed.url, headers, method, path, body);
  /** Every answer to the meter picker's search. */
  const meterSearches: Response[] = [];
  let meterSearchesSent = 0;
  const isMeterSearch = (url: string) => url.includes('/prod-api/business/customer/meterOptions');

  beforeAll(async () => {
    admin = await apiLogin(bed.url, 'demo_admin', 'Demo1234');
    // The demo fleet's type name: with the meter number, the picked label is longer than a meter number.
    const type = await api(admin, 'POST', '/business/meterType', {
      name: 'NB-IoT household (daily upload)',
      billingMode: 'prepaid',
      valveControl: false,
      communication: 'nbiot',
      cardKind: 'none',
      reportIntervalMinutes: 60,
    });
    for (const meterNo of ['72000001', '72000002', '72000003'])
      expect(
        (await api(admin, 'POST', '/business/meter', { meterNo, meterTypeId: type.data.meterTypeId })).code,
      ).toBe(200);
    expect((await api(admin, 'POST', '/business/customerType', { name: 'Households' })).code).toBe(200);
    const context = await bed.browser.newContext({ locale: 'en-US', viewport: { width: 1280, height: 900 } });
    page = await context.newPage();
    page.on('request', (request) => {
      if (isMeterSearch(request.url())) meterSearchesSent += 1;
    });
    page.on('response', (response) => {
      if (isMeterSearch(response.url())) meterSearches.push(response);
    });
  });

  const form = () => page.getByTestId('customer-form');
  const fillHolderAndMeter = (meterNo: string) => fillAccountForm(page, 'Households', meterNo);
  const row = (accountNo: string | RegExp) =>
    page.getByTestId('customers-table').locator('tbody tr', { hasText: accountNo });

  it('asks for the number where the tenant numbers accounts by hand; picking a meter is never refused', async () => {
    await signIn(page, 'demo_admin', 'Demo1234', '/customer/account');
    await fillHolderAndMeter('72000001');
    const accountNo = form().getByRole('textbox', { name: 'Account no.' });
    expect(await accountNo.getAttribute('required')).not.toBeNull();
    expect(await form().getByText('This utility numbers its accounts by hand').count()).toBe(1);
    expect(await form().getByText('Left empty, the number is generated').count()).toBe(0);

    // Left blank, the browser says what the server would, under the field, and sends nothing.
    const opened: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().endsWith('/prod-api/business/customer'))
        opened.push(request.url());
    });
    await form().getByRole('button', { name: 'Open account' }).click();
    await expect
      .poll(() =>
        form().getByText('Enter the account number (this utility numbers accounts by hand)').count(),
      )
      .toBe(1);
    expect(opened).toEqual([]);

    // The meter search after the pick has answered, and no search was refused.
    await expect.poll(() => meterSearches.length).toBeGreaterThan(1);
    // Every search sent has its answer.
    await expect.poll(() => meterSearches.length).toBe(meterSearchesSent);
    expect(meterSearches.map((r) => r.status())).not.toContain(400);
    expect(meterSearches.every((r) => r.status() === 200)).toBe(true);

    await accountNo.fill('HAND0001');
    await form().getByRole('button', { name: 'Open account' }).click();
    await expect.poll(() => row('HAND0001').count()).toBe(1);
  });

  it('lets the number be left blank where the tenant generates it', async () => {
    const operator = await apiLogin(bed.url, 'admin', 'Admin123');
    const tenants = await api(operator, 'GET', `/system/tenant/list?name=${encodeURIComponent(DEMO_TENANT)}`);
    const { tenantId } = tenants.rows[0];
    const tenant = (await api(operator, 'GET', `/system/tenant/${tenantId}`)).data;
    const saved = await api(operator, 'PUT', '/system/tenant', {
      tenantId,
      version: tenant.version,
      settings: { ...tenant.settings, accountNoGenMode: 'sequence' },
    });
    expect(saved.code).toBe(200);

    // The session carries the tenant's settings: a new page load reads them afresh.
    await page.reload();
    await fillHolderAndMeter('72000002');
    const accountNo = form().getByRole('textbox', { name: 'Account no.' });
    expect(await accountNo.getAttribute('required')).toBeNull();
    expect(await form().getByText('Left empty, the number is generated').count()).toBe(1);
    await form().getByRole('button', { name: 'Open account' }).click();
    await expect.poll(() => page.getByText(/^Account \S+ opened$/).count()).toBe(1);
    const generated = /^Account (\S+) opened$/.exec(
      await page.getByText(/^Account \S+ opened$/).innerText(),
    )![1]!;
    await expect.poll(() => row(generated).count()).toBe(1);
    expect(meterSearches.map((r) => r.status())).not.toContain(400);
  });

  it('never has a search refused, whatever is typed in the meter picker', async () => {
    await page.getByRole('button', { name: 'Open account' }).click();
    const picker = form().getByLabel('Meter');
    /** Types into the picker and waits for the search it makes. */
    const search = async (type: () => Promise<void>) => {
      const before = meterSearches.length;
      await type();
      await expect.poll(() => meterSearches.length).toBeGreaterThan(before);
    };
    // A picked label is longer than a meter number: one character taken off it still searches by number.
    await search(() => picker.fill('72000003'));
    await page.getByRole('option', { name: /72000003/ }).click();
    expect((await picker.inputValue()).length).toBeGreaterThan(32);
    await picker.press('End');
    await picker.press('Backspace');
    await expect.poll(() => page.getByRole('option', { name: /72000003/ }).count()).toBe(1);
    // More than a meter number, digits or not.
    await search(() => picker.fill('7'.repeat(40)));
    await search(() => picker.fill(`  72000003 ${'x'.repeat(40)}`));
    // Every search sent has its answer.
    await expect.poll(() => meterSearches.length).toBe(meterSearchesSent);
    const statuses = meterSearches.map((r) => r.status());
    expect(statuses).not.toContain(400);
    expect(statuses.every((status) => status === 200)).toBe(true);
  });
});
