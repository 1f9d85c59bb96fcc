import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiCall, apiLogin } from './api-login.ts';
import { outputDir } from './support.ts';
import { browserTestBed } from './test-bed.ts';

/** expect.poll with room for a loaded machine (the service shares the cores with other work). */
const eventually = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 20_000 });

/** The demo administrator replaces the meter of an account through the browser; the account follows. */
describe('meter replacement in the browser', () => {
  const bed = browserTestBed();
  const { signIn } = bed;
  let page: Page;
  let headers: Record<string, string>;
  let customerId: string;
  const api = (path: string, body?: object) => apiCall(bed.url, headers, body ? 'POST' : 'GET', path, body);

  beforeAll(async () => {
    headers = await apiLogin(bed.url, 'demo_admin', 'Demo1234');
    const type = await api('/business/meterType', {
      name: 'E2E swap DN15',
      billingMode: 'postpaid',
      valveControl: false,
      communication: 'nbiot',
      cardKind: 'none',
      reportIntervalMinutes: 60,
    });
    const meterTypeId = type.data.meterTypeId;
    const old = await api('/business/meter', { meterNo: '71000001', meterTypeId });
    await api('/business/meter', { meterNo: '71000002', meterTypeId, initialReading: 1.25 });
    const customerType = await api('/business/customerType', { name: 'E2E swap households' });
    const opened = await api('/business/customer', {
      accountNo: 'SWAP0001',
      name: 'Sun Li',
      phone: '13800000021',
      customerTypeId: customerType.data.customerTypeId,
      meterId: old.data.meterId,
    });
    expect(opened.code).toBe(200);
    customerId = opened.data.customerId;
    const context = await bed.browser.newContext({ locale: 'en-US', viewport: { width: 1400, height: 900 } });
    page = await context.newPage();
  });

  it('checks the form, asks before the irreversible swap, lists it and moves the account', async () => {
    const path = '/meter/replace';
    await signIn(page, 'demo_admin', 'Demo1234', path);
    await eventually(() => page.getByText('No meter replaced yet').count()).toBe(1);

    await page.getByRole('button', { name: 'Replace a meter' }).click();
    const form = page.getByRole('dialog', { name: 'Replace a meter' });
    await form.getByRole('textbox', { name: 'Old meter number' }).fill('71000001');
    await form.getByRole('textbox', { name: 'New meter number' }).fill('71000001');
    await form.getByRole('button', { name: 'Replace' }).click();
    await eventually(() => form.getByText('Required', { exact: true }).count()).toBeGreaterThan(0);
    await form.getByRole('textbox', { name: 'Recent reading (m³)' }).fill('36.5');
    await form.getByRole('textbox', { name: 'Reason' }).fill('Cracked glass');
    await form.getByRole('button', { name: 'Replace' }).click();
    await eventually(() => form.getByText('The new meter must differ from the old one').count()).toBe(1);
    await form.getByRole('textbox', { name: 'New meter number' }).fill('71000002');
    await form.getByRole('button', { name: 'Replace' }).click();
    const confirm = page.getByRole('dialog', { name: 'Replace the meter' });
    await eventually(() => confirm.getByText('This cannot be undone', { exact: false }).count()).toBe(1);
    await confirm.getByRole('button', { name: 'Replace' }).click();
    await eventually(() => page.getByRole('dialog').count()).toBe(0);

    const table = page.getByTestId('meter-replace-table');
    await eventually(() => page.getByText('1 replacement', { exact: true }).count()).toBe(1);
    const cells = await table.getByRole('row').nth(1).getByRole('cell').allTextContents();
    expect(cells.slice(0, 6)).toEqual([
      '71000001',
      '71000002',
      'SWAP0001',
      expect.any(String),
      '36.5',
      '1.25',
    ]);
    expect(cells[6]).toBe('Cracked glass');
    await page.screenshot({ path: `${outputDir}/meter-replacement.png` });

    const account = await api(`/business/customer/${customerId}`);
    expect(account.data.meterNo).toBe('71000002');

    // The filter is kept in the URL.
    const filter = page.getByTestId('meter-replace-filter');
    await filter.getByRole('textbox', { name: 'Meter number (old or new)' }).fill('99999');
    await filter.getByRole('button', { name: 'Search' }).click();
    await page.waitForURL((url) => url.searchParams.get('meterNo')?.replaceAll('"', '') === '99999');
    await eventually(() => page.getByText('No replacement matches').count()).toBe(1);
  });
});
