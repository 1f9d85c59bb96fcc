import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiCall, apiLogin } from './api-login.ts';
import { outputDir } from './support.ts';
import { browserTestBed } from './test-bed.ts';

/** Debts: add one to a seeded account, spread it over a plan, pay a deduction at the counter, read the record. */
describe('debts in the browser', () => {
  const bed = browserTestBed();
  const { newPage, signIn } = bed;

  // An account to owe: a meter and a customer type of its own, opened through the API.
  beforeAll(async () => {
    const headers = await apiLogin(bed.url, 'demo_admin', 'Demo1234');
    const api = (path: string, body: object) => apiCall(bed.url, headers, 'POST', path, body);
    const type = await api('/business/meterType', {
      name: 'E2E debt DN15',
      billingMode: 'prepaid',
      valveControl: false,
      communication: 'nbiot',
      cardKind: 'none',
      reportIntervalMinutes: 60,
    });
    const meter = await api('/business/meter', { meterNo: '72000001', meterTypeId: type.data.meterTypeId });
    const customerType = await api('/business/customerType', { name: 'E2E debtors' });
    const opened = await api('/business/customer', {
      accountNo: 'DEBT0001',
      name: 'Zhou Min',
      phone: '13800000031',
      customerTypeId: customerType.data.customerTypeId,
      meterId: meter.data.meterId,
    });
    expect(opened.code).toBe(200);
  });

  it('adds a debt, plans it, pays it at the counter and shows its record', async () => {
    const page = await newPage();
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));
    await signIn(page, 'demo_admin', 'Demo1234', '/price/debt');
    await page.getByRole('button', { name: 'Add a debt' }).click();
    const form = page.getByTestId('debt-form');
    // The shared schema refuses a debt of 0 under its field, before anything is sent.
    await form.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => form.getByText('This debt must be greater than 0').count()).toBe(1);
    await form.getByLabel('Account').fill('DEBT0001');
    await page.getByRole('option', { name: /^DEBT0001 · / }).click();
    await form.getByLabel('Fee name').fill('E2E arrears');
    await form.getByLabel('Debt amount').fill('90');
    await form.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => page.getByTestId('debt-form').count()).toBe(0);

    const row = page.getByTestId('debts-table').locator('tbody tr', { hasText: 'E2E arrears' });
    await expect.poll(() => row.count()).toBe(1);
    await row.getByRole('button', { name: 'Repayment plan of DEBT0001 E2E arrears' }).click();
    const plan = page.getByTestId('debt-plan');
    await plan.getByLabel('Number of deductions').fill('3');
    await plan.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => page.getByTestId('debt-plan').count()).toBe(0);
    await expect.poll(() => row.innerText()).toContain('30.00');

    await row.getByRole('button', { name: 'Pay the debt DEBT0001 E2E arrears' }).click();
    const pay = page.getByTestId('debt-pay');
    await pay.getByLabel('Payment amount').fill('30');
    await pay.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => page.getByText('Payment recorded; 60.00 left').count()).toBe(1);
    await expect.poll(() => row.innerText()).toContain('60.00');

    await row.getByRole('button', { name: 'Record of the debt DEBT0001 E2E arrears' }).click();
    const record = page.getByTestId('debt-record');
    await expect.poll(() => record.locator('tbody tr').count()).toBe(3);
    const first = (await record.locator('tbody tr').first().locator('td').allInnerTexts()).map((c) =>
      c.trim(),
    );
    expect(first.slice(0, 4)).toEqual(['Payment', '30.00', '60.00', '2']);
    await page.screenshot({ path: join(outputDir, 'debt-record-en.png') });
    expect(pageErrors).toEqual([]);
    await page.context().close();
  });
});
